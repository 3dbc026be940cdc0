import DemoShellKit
import ShellModel
import Glibc

/// A demo's own process ends with the launcher that started it (a plugin
/// from elsewhere, an edited copy), however the launcher ends: killed, it
/// runs no code that could stop them, so each child asks the kernel instead.
package enum ParentWatch {
    static let variable = "DEMO_SHELL_PARENT_PID"

    /// For the environment of a child this process starts.
    static var environment: [String: String?] { [variable: String(getpid())] }

    /// In a child: SIGTERM when the launcher ends. False when it has ended
    /// already (the child should not go on alone).
    package static func endWithParentIfAsked() -> Bool {
        guard let parent = Environment.value(variable).flatMap(Int32.init), parent > 1 else { return true }
        return Program.endWithParent(parent)
    }
}
