import DemoShellKit
import PluginHost
import ShellModel

/// A child's side of the launcher that started it (`ShellRole.child`): what
/// the child asks of it over D-Bus, as a second `demo-shell --run=ID` would.
@MainActor
struct LauncherLink {
    let address: LauncherAddress

    init(_ address: LauncherAddress) { self.address = address }

    /// Opens demo `id` through the launcher (its `app.open-demo`), waiting
    /// for its answer; a demo from elsewhere then gets a process of its own
    /// there, a built-in opens in the launcher. Nil once opened, else why
    /// not (also on stderr).
    func open(id: String) -> PluginFailure? {
        let reason: String
        switch RemoteAction.activate(
            "open-demo", argument: id, applicationID: address.applicationID, busName: address.busName,
            milliseconds: DemoShellMain.remoteOpenTimeLimitMilliseconds)
        {
        case .success(let state):
            switch Self.openAnswer(state, id: id) {
            case .opened?: return nil
            case .refused(let refusal)?: reason = refusal
            case nil: reason = localized("The launcher did not say whether it opened “{id}”.").filling(["id": id])
            }
        case .failure(let error):
            reason = localized("The launcher cannot be asked to open “{id}”: {reason}")
                .filling(["id": id, "reason": error.message])
        }
        printError("demo-shell: \(reason)")
        return PluginFailure(id: id, name: id, manifestPath: "", reason: reason)
    }

    /// Asks the launcher to quit (Ctrl+Q in a demo's own process).
    func quit() {
        RemoteAction.send("quit", argument: nil, applicationID: address.applicationID, busName: address.busName)
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
}
