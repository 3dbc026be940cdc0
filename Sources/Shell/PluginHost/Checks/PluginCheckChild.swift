import DemoShellKit
import ShellModel
import Glibc

/// The child's side: `demo-shell --check-plugin=LIBRARY`.
public enum PluginCheckChild {
    public static let option = "--check-plugin="

    /// Checks `library` in this process and writes the answer on fd 3 (or
    /// standard output when fd 3 is not open). Never returns.
    @MainActor
    public static func run(library: String) -> Never {
        // No core file, and no orphan lingering if the shell dies mid-check:
        // the alarm ends this process a little after the shell's own limit.
        var limit = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &limit)
        alarm(UInt32(PluginChecker.standardTimeLimit.rounded(.up)) + 2)
        let outcome = PluginLoader.check(library: library)
        let output: Int32 = fcntl(3, F_GETFD) >= 0 ? 3 : 1
        var bytes = Array((outcome.encoded + "\n").utf8)
        _ = bytes.withUnsafeMutableBytes { write(output, $0.baseAddress, $0.count) }
        // _exit: the plugin's destructors and atexit handlers are none of our business.
        _exit(0)
    }
}
