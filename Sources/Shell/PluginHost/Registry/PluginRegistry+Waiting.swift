import DemoShellKit
import ShellModel
import TextBounds

extension PluginRegistry {
    /// `--list` and `--run` wait for every check: a line on standard error
    /// says which plugin holds them up (one whose init blocks, say), rather
    /// than a silent pause of up to the time limit.
    public func reportWaits(program: String) {
        checker.onWaiting = { [unowned self] subject in
            let entry = entries.first { PluginCheckSubject($0) == subject }
            printError(
                "\(program): "
                    + localized("waiting for the check of {plugin} ({path}), up to {seconds} s…").filling([
                        "plugin": entry?.info.name ?? FileSystem.basename(subject.library),
                        "path": entry?.manifestPath ?? subject.library,
                        "seconds": PluginCheckOutcome.seconds(checker.timeLimit),
                    ]))
        }
    }
}
