import DemoShellKit
import PluginHost
import ShellModel

/// The launcher's size, divider, search and selection, written as they
/// change (a moment after, see `DebouncedSave`) and when the window
/// closes: a plugin that crashes the shell loses none of them.
@MainActor
final class LauncherStateSaver {
    private let settings: Settings
    private unowned let paned: Paned
    private unowned let searchEntry: SearchEntry
    /// The demo selected now, if any.
    private let selected: () -> String?

    init(
        window: Window, settings: Settings, paned: Paned, searchEntry: SearchEntry, list: ListBox,
        selected: @escaping () -> String?
    ) {
        self.settings = settings
        self.paned = paned
        self.searchEntry = searchEntry
        self.selected = selected
        let reporter = SaveProblemReporter(prefix: "demo-shell: ")
        let saver = DebouncedSave(owner: window) { [unowned self] in reporter.report(self.save()) }
        WindowMemory.attach(to: window, settings: settings, changed: { saver.schedule() }) { [unowned self] in
            reporter.report(self.save())
        }
        paned.onPositionChanged { _ in saver.schedule() }
        searchEntry.onSearchChanged { _ in saver.schedule() }
        list.onRowSelected { _, _ in saver.schedule() }
    }

    /// Why the settings could not be written, or nil once they are.
    func save() -> String? {
        settings.set(paned.position, for: "divider")
        settings.set(LauncherState.plausibleSearch(searchEntry.text), for: "search")
        settings.set(selected() ?? "", for: "selected")
        return settings.save()
    }
}
