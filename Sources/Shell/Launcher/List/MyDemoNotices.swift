import DemoShellKit
import PluginHost
import ShellModel
import TextBounds

/// The launcher's bars about what the row menu did, across its top: a
/// demo deleted ("“Pocket Lamp” deleted." with **Undo**) and a demo
/// exported ("Exported to …"), and a demo being built as it opens
/// ("Building “Pocket Lamp”…" with **Stop**: a first build takes seconds).
///
/// Delete asks nothing: GNOME's HIG prefers undo to confirmation. The demo
/// leaves the list at once (`MyDemoStore.delete` moves it aside) and the
/// bar offers Undo for `lapseMilliseconds`; its files go only when the bar
/// lapses, is dismissed, gives way to another deletion, or the launcher
/// closes (`lapseNow`). Its edits go with it, so that a later demo given
/// the same id does not open with them. Screen readers hear each bar.
@MainActor
final class MyDemoNotices {
    /// How long Undo is offered (tests shorten it rather than wait).
    static var lapseMilliseconds = 10_000

    /// Where the bars go (empty, and so invisible, while there is none).
    let area = Box(.vertical)

    private struct Deletion {
        let deleted: DeletedDemo
        let store: MyDemoStore
        let bar: InfoBar
        let label: Label
        let undoButton: Button
    }
    private var deletion: Deletion?
    private var exported: (bar: InfoBar, label: Label)?
    /// The bar of each demo being built as it opens, by id.
    private var builds: [String: (bar: InfoBar, label: Label)] = [:]
    /// How long a build runs before its bar shows: a build reused at once
    /// shows none (tests make it 0).
    static var buildNoticeDelayMilliseconds = 400

    init() {
        area.isExcludedFromShowAll = true  // shown with its first bar
    }

    /// Offers Undo for `deleted` (called `name`); `undo` brings it back.
    /// An earlier deletion still offered becomes final.
    func showDeleted(
        _ deleted: DeletedDemo, name: String, store: MyDemoStore,
        undo: @escaping @MainActor (DeletedDemo) -> Void
    ) {
        lapseNow()
        let message = localized("“{name}” deleted.").filling(["name": TextLimit.isolated(name)])
        let (bar, label, action) = makeBar(message, action: (localized("_Undo"), localized("Undo")))
        guard let undoButton = action else { return }
        undoButton.onClicked { [weak self] _ in
            guard let self, let shown = self.deletion, shown.bar === bar else { return }
            self.remove()
            undo(shown.deleted)
        }
        bar.onClose { [weak self] _ in
            guard self?.deletion?.bar === bar else { return }
            self?.lapseNow()
        }
        bar.after(milliseconds: Self.lapseMilliseconds) { [weak self] in
            guard self?.deletion?.bar === bar else { return }
            self?.lapseNow()
        }
        deletion = Deletion(deleted: deleted, store: store, bar: bar, label: label, undoButton: undoButton)
        add(bar, saying: message)
    }

    /// Ends the deletion offered now, as its time running out does: the
    /// demo's files, edits, builds and settings go for good (`purge`).
    func lapseNow() {
        guard let shown = remove() else { return }
        shown.store.purge(shown.deleted)
    }

    /// Says where an export went, until dismissed or replaced.
    func showExported(to path: String) {
        exported?.bar.destroy()
        let message = localized("Exported to {path}.").filling(["path": TextLimit.isolated(path)])
        let (bar, label, _) = makeBar(message)
        bar.onClose { [weak self] bar in
            bar.destroy()
            if self?.exported?.bar === bar { self?.exported = nil }
            self?.hideAreaWhenEmpty()
        }
        exported = (bar, label)
        add(bar, saying: message)
    }

    /// Says that demo `id` (called `name`) is being built, once the build
    /// has taken `buildNoticeDelayMilliseconds`, until `buildEnded(id:)`;
    /// its **Stop** calls `stop`.
    func buildStarted(id: String, name: String, stop: @escaping @MainActor () -> Void) {
        buildEnded(id: id)
        let message = localized("Building “{name}”…").filling(["name": TextLimit.isolated(name)])
        let (bar, label, stopButton) = makeBar(message, action: (localized("_Stop"), localized("Stop Building")))
        stopButton?.onClicked { _ in stop() }
        bar.onClose { [weak self] bar in
            guard self?.builds[id]?.bar === bar else { return }
            self?.buildEnded(id: id)
        }
        builds[id] = (bar, label)
        let show: @MainActor () -> Void = { [weak self] in
            guard let self, self.builds[id]?.bar === bar else { return }
            self.add(bar, saying: message)
        }
        if Self.buildNoticeDelayMilliseconds == 0 {
            show()
        } else {
            MainLoop.after(milliseconds: Self.buildNoticeDelayMilliseconds, show)
        }
    }

    /// The build of demo `id` ended (built, failed or stopped): its bar goes.
    func buildEnded(id: String) {
        guard let shown = builds.removeValue(forKey: id) else { return }
        shown.bar.destroy()
        hideAreaWhenEmpty()
    }

    /// A bar saying `message`, with an action button (its label and
    /// accessible name) when one is given.
    private func makeBar(_ message: String, action: (label: String, name: String)? = nil) -> (InfoBar, Label, Button?) {
        let label = Label(message)
        let bar = InfoBar(kind: .info, label: label, dismiss: localized("Dismiss"))
        bar.accessibleName = localized("Information")
        bar.accessibleDescription = message
        let button = action.map { action in
            let button = Button(label: action.label)
            button.accessibleName = action.name
            bar.addActionButton(button)
            return button
        }
        return (bar, label, button)
    }

    private func add(_ bar: InfoBar, saying message: String) {
        area.append(bar)
        bar.showAll()
        area.show()
        bar.announce(message)
    }

    @discardableResult
    private func remove() -> Deletion? {
        guard let shown = deletion else { return nil }
        deletion = nil
        shown.bar.destroy()
        hideAreaWhenEmpty()
        return shown
    }

    private func hideAreaWhenEmpty() {
        if deletion == nil, exported == nil, builds.isEmpty { area.hide() }
    }

    /// What the deletion bar says, while it is shown (for tests and automation).
    var deletedMessage: String? { deletion?.label.text }
    /// Its **Undo** button.
    var undoButton: Button? { deletion?.undoButton }
    /// What the bar of demo `id`'s build says, while it is there.
    func buildingMessage(id: String) -> String? { builds[id]?.label.text }
    /// What the export bar says, while it is shown.
    var exportedMessage: String? { exported?.label.text }
}
