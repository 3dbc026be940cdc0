import DemoBasics
import ShellBasics

/// Which linker an edited demo's library is linked with: the toolchain's
/// own `ld.lld` when it ships one beside `swiftc` (Swift's Linux toolchains
/// do), else the driver's default (gold), as before. lld links Say Hello's
/// library in about half gold's time; a toolchain without it still links.
public enum EditLinker {
    /// The driver's flags for `compiler` (a path, resolved through its links).
    public static func flags(compiler: String) -> [String] {
        let folder = FileSystem.dirname(FileSystem.resolvingLinks(compiler))
        let lld = FileSystem.join(folder, "ld.lld")
        return FileSystem.exists(lld) && FileSystem.isExecutable(lld) ? ["-use-ld=lld"] : []
    }
}
