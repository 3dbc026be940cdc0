import DemoShellKit
import PluginHost
import ShellModel

/// Live on the Source page: the rules are `LiveEdits`'; this
/// holds their state, the main loop's timer, and the switch's memory.
@MainActor
final class LiveEditing {
    var rules = LiveEdits()
    var timer: SourceID?
    /// Whether the build under way opens the demo when none runs: Run
    /// Edited and switching Live on do; a pause in typing does not.
    var opensDemo = true
    /// The build the running edited demo came from (its library), as far as Live knows.
    var runningBuild: String?
    /// The launcher's settings (`Launcher.ini`), where the switch is remembered.
    var settings: Settings?

    static let settingsKey = "edit-live"

    var isRemembered: Bool { settings?.boolean(Self.settingsKey) ?? false }
}

extension SourcePane {
    func buildLive() {
        let toggle = editPanel.liveToggle
        if live.isRemembered {
            // On as it was left, without running anything until the code changes.
            live.rules = LiveEdits(isOn: true)
            toggle.isActive = true
        }
        toggle.onToggled { [weak self] toggle in
            guard let self else { return }
            if let settings = self.live.settings {
                settings.set(toggle.isActive, for: LiveEditing.settingsKey)
                SaveProblemReporter(prefix: "demo-shell: ").report(settings.save())
            }
            self.perform(self.live.rules.switched(on: toggle.isActive))
        }
    }

    /// Live builds at every pause in typing: a screen reader is not told
    /// "Building…" each time, only what comes of it.
    func isQuietLiveStatus(_ text: String) -> Bool {
        !live.opensDemo && text == EditRunStatus.building.sentence
    }

    /// A key changed `open`'s code: with Live on, the quiet period starts again.
    func liveTyped(_ open: OpenFile) {
        guard open.demoID == editableDemo?.manifest.id else { return }
        perform(live.rules.typed())
    }

    private func perform(_ action: LiveEdits.Action) {
        switch action {
        case .nothing:
            break
        case .wait(let milliseconds, let ticket):
            live.timer?.cancel()
            live.timer = MainLoop.after(milliseconds: milliseconds) { [weak self] in
                guard let self else { return }
                self.live.timer = nil
                self.perform(self.live.rules.quiet(ticket: ticket))
            }
        case .stopWaiting:
            live.timer?.cancel()
            live.timer = nil
        case .build(let opensDemo):
            live.timer?.cancel()
            live.timer = nil
            guard editableDemo != nil else { return }
            runEdited(opensDemo: opensDemo)
        }
    }
}
