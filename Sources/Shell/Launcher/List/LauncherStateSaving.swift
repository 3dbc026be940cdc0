import DemoShellKit
import PluginHost
import ShellModel

extension LauncherWindow {
    /// The launcher's own settings (the divider). Not a plugin id: ids are lower-case.
    static func settingsPath() -> String {
        FileSystem.join(Environment.userConfigDirectory, "demo-shell", "Launcher.ini")
    }

    static let defaultDividerPosition = 340

    /// Size, divider, search and selection are written as they change (a
    /// moment after, see `DebouncedSave`) and when the window closes: a
    /// plugin that crashes the shell loses none of them.
    func installStateSaving() {
        let reporter = SaveProblemReporter(prefix: "demo-shell: ")
        let saver = DebouncedSave(owner: window) { [unowned self] in reporter.report(self.saveState()) }
        WindowMemory.attach(to: window, settings: settings, changed: { saver.schedule() }) { [unowned self] in
            reporter.report(self.saveState())
        }
        paned.onPositionChanged { _ in saver.schedule() }
        searchEntry.onSearchChanged { _ in saver.schedule() }
        list.onRowSelected { _, _ in saver.schedule() }
    }

    /// Why the settings could not be written, or nil once they are.
    func saveState() -> String? {
        settings.set(paned.position, for: "divider")
        settings.set(LauncherState.plausibleSearch(searchEntry.text), for: "search")
        settings.set(selectedDemoID ?? "", for: "selected")
        return settings.save()
    }
}
