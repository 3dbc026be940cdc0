import DemoShellKit
import PluginHost
import ShellModel

/// A child's side: what it asks of the launcher that started it.
extension Shell {
    /// Opens demo `id` through the launcher (its `app.open-demo`, as a
    /// second `demo-shell --run=ID` would), waiting for its answer; a demo
    /// from elsewhere then gets a process of its own there, a built-in opens
    /// in the launcher. False, with the reason on stderr, when it is not opened.
    func openInLauncher(id: String, at launcher: LauncherAddress) -> Bool {
        switch RemoteAction.activate(
            "open-demo", argument: id, applicationID: launcher.applicationID,
            busName: launcher.busName,
            milliseconds: DemoShellMain.remoteOpenTimeLimitMilliseconds)
        {
        case .success(let state):
            switch Self.openAnswer(state, id: id) {
            case .opened?: return true
            case .refused(let reason)?:
                notOpened(id: id, reason: reason)
            case nil:
                notOpened(
                    id: id, reason: localized("The launcher did not say whether it opened “{id}”.").filling(["id": id]))
            }
        case .failure(let error):
            notOpened(
                id: id,
                reason: localized("The launcher cannot be asked to open “{id}”: {reason}")
                    .filling(["id": id, "reason": error.message]))
        }
        return false
    }

    private func notOpened(id: String, reason: String) {
        lastOpenFailure = PluginFailure(id: id, name: id, manifestPath: "", reason: reason)
        printError("demo-shell: \(reason)")
    }

    /// What the launcher answered in `app.open-demo`'s state ("ID<tab>" once
    /// opened, "ID<tab>why not" otherwise); nil for an answer about another id.
    enum OpenAnswer: Equatable {
        case opened
        case refused(String)
    }

    static func openAnswer(_ state: String, id: String) -> OpenAnswer? {
        let fields = state.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 2, fields[0] == id else { return nil }
        return fields[1].isEmpty ? .opened : .refused(fields[1])
    }

    /// The demos a demo may link to (`DemoHost.availableDemos`): the
    /// launcher's list. A child reads it from the whole search path
    /// (manifests and the check cache only, nothing loaded), afresh each
    /// time, as the launcher's list follows the folders.
    var availableDemos: [DemoInfo] {
        guard role.isChild else { return registry.entries.map(\.info) }
        let all = PluginRegistry(
            searchPath: PluginRegistry.defaultSearchPath(executableDirectory: paths.executableDirectory))
        return all.entries.map(\.info)
    }

    /// Ctrl+Q. In a demo's own process (not an edited copy, whose launcher
    /// the person is working in) the launcher quits too, as when the demo's
    /// window was the launcher's; this process quits whatever the launcher does.
    func quitFromShortcut() {
        if case .child(edited: false, let launcher) = role {
            RemoteAction.send("quit", argument: nil, applicationID: launcher.applicationID, busName: launcher.busName)
        }
        quit()
    }
}

/// The launcher's side of the demos that run in processes of their own.
extension Shell: IsolatedDemosOwner {
    package func isolatedDemoStarted(id: String) {
        launcher?.crashNotices.hide(id: id)
    }

    package func isolatedDemo(id: String, ended message: String) {
        launcher?.crashNotices.show(id: id, message: message) { [weak self] in self?.openDemo(id: id) }
    }
}
