import DemoShellKit
import ShellModel

/// The order of the shell's start-up phases, for tests: written
/// only when `DEMO_SHELL_TRACE_START` names a file, one line a phase, from the
/// main thread as each is done (after DemoShellStart's first line, written
/// before any library starts). An exact record, where the dynamic linker's
/// `LD_DEBUG` one, written by several threads at once, lost lines. Without
/// the variable a start costs two look-ups in the environment (here and in
/// DemoShellStart.c).
@MainActor
package enum StartTrace {
    static let variable = "DEMO_SHELL_TRACE_START"

    private static var path: String?

    /// Takes the variable out of the environment before any thread or child
    /// process starts: the plugin checks and the demos this process starts
    /// write no trace over its own.
    package static func begin() {
        guard let file = Environment.value(variable), !file.isEmpty else { return }
        Environment.set(variable, nil)
        path = file
    }

    /// Marks "first frame" once `window` has drawn its first frame (at the
    /// idle after its first tick, when the frame's layout and paint are
    /// done); nothing at all when not tracing.
    package static func markFirstFrame(of window: Window) {
        guard path != nil else { return }
        window.addTickCallback { [weak window] _ in
            window?.idle { mark("first frame") }
            return false
        }
    }

    package static func mark(_ phase: String) {
        guard let path else { return }
        try? FileSystem.writeAtomically((FileSystem.read(path) ?? "") + phase + "\n", to: path)
    }
}
