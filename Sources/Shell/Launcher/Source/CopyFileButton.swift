import DemoShellKit
import PluginHost
import ShellModel

/// The Source page's Copy: the whole file to the clipboard, and the button
/// says "Copied" for a moment.
@MainActor
final class CopyFileButton {
    let button: Button
    private var feedback: SourceID?

    init() {
        button = Button(label: localized("_Copy"))
        button.accessibleName = localized("Copy File")
        button.tooltip = localized("Copy the whole file to the clipboard")
    }

    func copy(_ text: String) {
        Clipboard.standard.setText(text)
        button.label = localized("Copied")
        feedback?.cancel()
        feedback = button.after(milliseconds: 1500) { [weak self] in
            self?.button.label = localized("_Copy")
            self?.feedback = nil
        }
    }
}
