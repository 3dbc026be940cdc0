import DemoShellKit
import PluginHost
import ShellModel

/// The launcher's warning bars about demos whose process ended on a signal
/// ("“Greeter” crashed (SIGILL)."), one per demo, above both panes, each
/// with **Open Again**. A demo that crashed in its own process takes only
/// its own window away; without a word from the launcher the person would
/// not know whether they closed it, and nothing would tell the author which
/// signal it was. A bar, not a dialog: nothing is in the way of the launcher.
@MainActor
final class CrashNotices {
    /// Where the bars go (empty, and so invisible, while there is none).
    let area = Box(.vertical)
    @MainActor
    private final class Notice {
        let bar: InfoBar
        let label = Label()
        let openButton = Button(label: localized("_Open Again"))
        var openAgain: @MainActor () -> Void = {}

        init() {
            bar = InfoBar(kind: .warning, label: label, dismiss: localized("Dismiss"))
            bar.accessibleName = localized("Warning")
            bar.addActionButton(openButton)
        }
    }
    private var notices: [String: Notice] = [:]

    init() {
        area.isExcludedFromShowAll = true  // shown with its first bar
    }

    /// Shows `message` about demo `id` (replacing an earlier one about it);
    /// **Open Again** hides the bar and calls `openAgain`. Screen readers hear it.
    func show(id: String, message: String, openAgain: @escaping @MainActor () -> Void) {
        let notice: Notice
        if let existing = notices[id] {
            notice = existing
        } else {
            notice = Notice()
            notice.bar.onClose { [weak self] _ in self?.hide(id: id) }
            notice.openButton.onClicked { [weak self, unowned notice] _ in
                let openAgain = notice.openAgain  // hiding frees the notice
                self?.hide(id: id)
                openAgain()
            }
            area.append(notice.bar)
            notices[id] = notice
        }
        notice.openAgain = openAgain
        notice.label.text = message
        notice.bar.showAll()
        area.show()
        notice.bar.announce(message)
    }

    /// Removes the bar about demo `id`, if any (it was opened again).
    func hide(id: String) {
        guard let notice = notices.removeValue(forKey: id) else { return }
        notice.bar.destroy()
        if notices.isEmpty { area.hide() }
    }

    /// The message shown about demo `id`, if any (for tests and automation).
    func message(for id: String) -> String? { notices[id]?.label.text }

    /// The **Open Again** button of the bar about demo `id` (for tests).
    func openAgainButton(for id: String) -> Button? { notices[id]?.openButton }
}
