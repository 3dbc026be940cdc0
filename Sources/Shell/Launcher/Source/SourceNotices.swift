import DemoShellKit
import PluginHost
import ShellModel

/// Bars above the code on the Source page, each saying in full what the
/// status line could only cut short, with what can be done about it: an
/// edit that could not be saved, a file another program changed under the
/// editor, a file that is not UTF-8, a file that stays read-only while Edit
/// is on. One bar per kind; screen readers hear each as it appears.
@MainActor
final class SourceNotices {
    enum Kind: CaseIterable {
        case saveFailed, changedOnDisk, notUTF8, readOnly
    }

    /// What a bar offers: a button's label (with its mnemonic), its
    /// accessible name, and what it does.
    struct Action {
        let label: String
        let name: String
        let perform: @MainActor () -> Void
    }

    /// Where the bars go (empty, and so invisible, while there is none).
    let area = Box(.vertical)
    private var bars: [Kind: (bar: InfoBar, label: Label)] = [:]

    init() {
        area.isExcludedFromShowAll = true  // shown with its first bar
    }

    /// Shows `message` in the bar of `kind` (replacing what it said), with
    /// `actions` beside GTK's close button; each action hides the bar first.
    func show(_ kind: Kind, _ message: String, type: MessageKind = .warning, actions: [Action] = []) {
        if let shown = bars[kind], shown.label.text == message { return }
        hide(kind)
        let label = Label(message)
        let bar = InfoBar(kind: type, label: label, dismiss: localized("Dismiss"))
        bar.accessibleName = type == .info ? localized("Information") : localized("Warning")
        bar.accessibleDescription = message  // what a screen reader says of the bar itself
        for action in actions {
            let button = Button(label: action.label)
            button.accessibleName = action.name
            button.onClicked { [weak self] _ in
                self?.hide(kind)
                action.perform()
            }
            bar.addActionButton(button)
        }
        bar.onClose { [weak self] _ in self?.hide(kind) }
        area.append(bar)
        bars[kind] = (bar, label)
        bar.showAll()
        area.show()
        bar.announce(message)
    }

    func hide(_ kind: Kind) {
        guard let shown = bars.removeValue(forKey: kind) else { return }
        shown.bar.destroy()
        if bars.isEmpty { area.hide() }
    }

    /// What the bar of `kind` says, if it is shown (for tests and automation).
    func message(_ kind: Kind) -> String? { bars[kind]?.label.text }

    /// The bar of `kind`, if shown.
    func bar(_ kind: Kind) -> InfoBar? { bars[kind]?.bar }
}
