import DemoShellKit
import ShellModel
import Glibc
import Wire

/// The child's side: `demo-shell --check-plugin=LIBRARY [--entry=MODULE.TYPE]`.
public enum PluginCheckChild {
    public static let option = "--check-plugin=", entryOption = "--entry="

    /// The child's arguments for `subject` (after the program).
    static func arguments(for subject: PluginCheckSubject) -> [String] {
        [option + subject.library] + (subject.entry.map { [entryOption + $0] } ?? [])
    }

    /// What `arguments` (the program's, its name first) ask to check, or
    /// nil when they are not the checker's.
    public static func subject(from arguments: [String]) -> PluginCheckSubject? {
        guard (2...3).contains(arguments.count), arguments[1].hasPrefix(option) else { return nil }
        var entry: String?
        if arguments.count == 3 {
            guard arguments[2].hasPrefix(entryOption) else { return nil }
            entry = String(arguments[2].dropFirst(entryOption.count))
        }
        return PluginCheckSubject(library: String(arguments[1].dropFirst(option.count)), entry: entry)
    }

    /// Checks `library` in this process and writes the answer on fd 3, a
    /// frame (`PluginCheckOutcome+Wire`), or, when fd 3 is not open (run by
    /// hand), as a line on standard output. Never returns.
    @MainActor
    public static func run(_ subject: PluginCheckSubject) -> Never {
        // No core file, and no orphan lingering if the shell dies mid-check:
        // the alarm ends this process a little after the shell's own limit.
        var limit = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &limit)
        alarm(UInt32(PluginChecker.standardTimeLimit.rounded(.up)) + 2)
        let outcome = PluginLoader.check(subject)
        let framed = fcntl(3, F_GETFD) >= 0
        let bytes = framed ? WireFrame.encode(outcome) ?? [] : Array((outcome.encoded + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(framed ? 3 : 1, $0.baseAddress, $0.count) }
        // _exit: the plugin's destructors and atexit handlers are none of our business.
        _exit(0)
    }
}
