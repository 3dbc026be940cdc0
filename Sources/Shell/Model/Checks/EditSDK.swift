import DemoBasics
import ShellBasics

/// What an edited demo is compiled against, found beside the running shell:
/// the SDK's Swift modules (DemoKit, Gtk), its C modules' maps and headers,
/// GTK's compiler flags, `libDemoKit.so`, and the sources of the modules
/// this repository shares between demos (TextBounds).
///
/// In a build tree (`swift build`, `make run`) the modules are the build's
/// own `Modules/` and the rest is in the data bundle's `sdk/`; `make install`
/// puts all of it under `PREFIX/lib/demo-shell/sdk/`.
public struct EditSDK: Equatable, Sendable {
    public let modulesDirectory: String
    public let includeDirectory: String
    public let libraryDirectory: String
    public let sharedModulesDirectory: String
    /// GTK's `-I…` flags, as `pkg-config --cflags gtk+-3.0` gave them at build time.
    public let cFlags: [String]
    /// The compiler the SDK was built with (`swiftc --version`'s first line).
    public let compilerVersion: String
    public let identity: String
    /// The sources of Show Values' support module (DemoValues), compiled into
    /// an edited demo built with it; nil in an SDK without them.
    public let valuesDirectory: String?

    public init(
        modulesDirectory: String, includeDirectory: String, libraryDirectory: String,
        sharedModulesDirectory: String, cFlags: [String],
        compilerVersion: String = SDKContract.compilerVersion, identity: String = SDKContract.loadedSDKIdentity,
        valuesDirectory: String? = nil
    ) {
        self.modulesDirectory = modulesDirectory
        self.includeDirectory = includeDirectory
        self.libraryDirectory = libraryDirectory
        self.sharedModulesDirectory = sharedModulesDirectory
        self.cFlags = cFlags
        self.compilerVersion = compilerVersion
        self.identity = identity
        self.valuesDirectory = valuesDirectory
    }

    /// The SDK beside this shell, or what is missing.
    public static func locate(paths: ShellPaths) -> Result<EditSDK, EditRunProblem> {
        let dataRoot = FileSystem.dirname(paths.sourcesDirectory)
        let libraryFolder = paths.executableDirectory.map {
            FileSystem.join(FileSystem.dirname($0), "lib", "demo-shell")
        }
        let sdkRoots = [FileSystem.join(dataRoot, "sdk")] + (libraryFolder.map { [FileSystem.join($0, "sdk")] } ?? [])
        guard let sdk = sdkRoots.first(where: { FileSystem.isRegularFile(FileSystem.join($0, "cflags")) }) else {
            return .failure(.sdkMissing(sdkRoots.first ?? dataRoot))
        }
        let moduleFolders =
            [FileSystem.join(sdk, "modules")]
            + (paths.executableDirectory.map { [FileSystem.join($0, "Modules")] } ?? [])
        guard
            let modules = moduleFolders.first(where: { FileSystem.exists(FileSystem.join($0, "DemoKit.swiftmodule")) })
        else {
            return .failure(.sdkMissing(moduleFolders[0]))
        }
        let libraryFolders = (paths.executableDirectory.map { [$0] } ?? []) + (libraryFolder.map { [$0] } ?? [])
        guard let library = libraryFolders.first(where: { FileSystem.exists(FileSystem.join($0, "libDemoKit.so")) })
        else {
            return .failure(.sdkMissing(FileSystem.join(libraryFolders.first ?? sdk, "libDemoKit.so")))
        }
        let flags = (FileSystem.read(FileSystem.join(sdk, "cflags")) ?? "")
            .split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).map(String.init)
        let sharedModules =
            [FileSystem.join(dataRoot, "modules"), FileSystem.join(sdk, "shared-modules")]
            .first(where: FileSystem.isDirectory) ?? FileSystem.join(dataRoot, "modules")
        let found = EditSDK(
            modulesDirectory: modules, includeDirectory: FileSystem.join(sdk, "include"),
            libraryDirectory: library, sharedModulesDirectory: sharedModules, cFlags: flags,
            valuesDirectory: FileSystem.isDirectory(FileSystem.join(sdk, "values"))
                ? FileSystem.join(sdk, "values") : nil)
        if let missing = found.missingHeader { return .failure(.headersMissing(missing)) }
        return .success(found)
    }

    /// GTK's main header when the flags' folders lack it (no libgtk-3-dev).
    var missingHeader: String? {
        let folders = cFlags.filter { $0.hasPrefix("-I") }.map { String($0.dropFirst(2)) }
        let found = folders.contains { FileSystem.isRegularFile(FileSystem.join($0, "gtk", "gtk.h")) }
        return found || folders.isEmpty ? nil : "gtk/gtk.h"
    }
}

/// Why an edited demo cannot be built or run: each says what to do.
public enum EditRunProblem: Error, Equatable, Sendable {
    case noCompiler
    case otherCompiler(found: String, path: String, wanted: String)
    case compilerFailed(path: String, reason: String)
    case sdkMissing(String)
    case headersMissing(String)
    case cannotWrite(String)

    public var message: String {
        switch self {
        case .noCompiler:
            localized(
                "Run Edited needs the Swift compiler, and there is no swiftc on PATH. Install Swift {version} from swift.org (or set DEMO_SHELL_SWIFTC to its swiftc); editing works without it."
            )
            .filling(["version": EditRunProblem.wantedVersionNumber])
        case .otherCompiler(let found, let path, let wanted):
            localized(
                "Run Edited needs the compiler this Demo Shell was built with ({wanted}), but {path} is {found}. Install that version from swift.org, or set DEMO_SHELL_SWIFTC to its swiftc."
            )
            .filling(["wanted": wanted, "path": path, "found": found])
        case .compilerFailed(let path, let reason):
            localized("The Swift compiler {path} cannot be started: {reason}.").filling([
                "path": path, "reason": reason,
            ])
        case .sdkMissing(let path):
            localized(
                "The SDK that edited demos are built against is not beside this Demo Shell (nothing at {path}). Build it with swift build, or reinstall Demo Shell."
            )
            .filling(["path": path])
        case .headersMissing(let header):
            localized(
                "GTK’s C headers ({header}) are missing, and edited demos compile against them. Install libgtk-3-dev."
            )
            .filling(["header": header])
        case .cannotWrite(let reason):
            localized("The edited demo cannot be prepared: {reason}.").filling(["reason": reason])
        }
    }

    /// "6.3.1" from "Swift version 6.3.1 (swift-6.3.1-RELEASE)".
    static var wantedVersionNumber: String {
        let words = SDKContract.compilerVersion.split(separator: " ")
        return words.firstIndex(of: "version").flatMap { words.indices.contains($0 + 1) ? String(words[$0 + 1]) : nil }
            ?? SDKContract.compilerVersion
    }
}

/// Finding the Swift compiler an edited demo is built with.
public enum SwiftToolchain {
    /// `$DEMO_SHELL_SWIFTC` when set, otherwise `swiftc` on `PATH`.
    public static func find(
        override: String? = Environment.value("DEMO_SHELL_SWIFTC"),
        searchPath: String? = Environment.value("PATH")
    ) -> String? {
        if let override, !override.isEmpty { return FileSystem.isRegularFile(override) ? override : nil }
        return program(named: "swiftc", searchPath: searchPath)
    }

    /// The first executable file named `name` in the folders of `searchPath`
    /// (as a shell finds a command), else nil.
    public static func program(named name: String, searchPath: String? = Environment.value("PATH")) -> String? {
        for folder in (searchPath ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = FileSystem.join(String(folder), name)
            if FileSystem.isRegularFile(candidate), FileSystem.isExecutable(candidate) { return candidate }
        }
        return nil
    }

    /// The folder of a real toolchain's programs for `compiler` (resolved
    /// through its links): the one holding `swift-frontend`, else nil (a
    /// compiler that is no toolchain's, a test's script).
    public static func frontendDirectory(of compiler: String) -> String? {
        let tools = FileSystem.dirname(FileSystem.resolvingLinks(compiler))
        return FileSystem.isRegularFile(FileSystem.join(tools, "swift-frontend")) ? tools : nil
    }

    /// The first line `swiftc --version` printed (its warnings before it aside).
    public static func versionLine(_ output: String) -> String {
        output.split(separator: "\n").first { $0.split(separator: " ").contains("version") }.map(String.init)
            ?? output.split(separator: "\n").first.map(String.init) ?? ""
    }
}
