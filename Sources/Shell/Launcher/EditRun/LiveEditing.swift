import DemoShellKit
import EditRunModel
import PluginHost
import ShellModel

/// What Live asks of the Source page.
@MainActor
protocol LiveEditingDelegate: AnyObject {
    /// A build of the demo shown: it opens the demo (`opensDemo`), or only
    /// checks the code while no edited demo runs.
    func liveEditing(_ live: LiveEditing, buildOpeningDemo opensDemo: Bool)
}

/// Live on the Source page: the rules are `LiveEdits`'; this holds their
/// state, the main loop's timer, the switch and its memory in the
/// launcher's settings, and which build the running edited demo came from.
@MainActor
final class LiveEditing {
    static let settingsKey = "edit-live"

    weak var delegate: (any LiveEditingDelegate)?
    /// The launcher's settings (`Launcher.ini`), where the switch is remembered.
    var settings: Settings?
    private var rules = LiveEdits()
    private var timer: SourceID?
    /// Whether the build under way opens the demo when none runs: Run
    /// Edited and switching Live on do; a pause in typing does not.
    private var opensDemo = true
    /// The build the running edited demo came from (its library), as far as Live knows.
    private var runningBuild: String?

    /// The switch on the Edit bar: on as it was left (without running
    /// anything until the code changes), remembered as it is switched.
    func connect(_ toggle: ToggleButton) {
        if settings?.boolean(Self.settingsKey) ?? false {
            rules = LiveEdits(isOn: true)
            toggle.isActive = true
        }
        toggle.onToggled { [weak self] toggle in
            guard let self else { return }
            if let settings = self.settings {
                settings.set(toggle.isActive, for: Self.settingsKey)
                SaveProblemReporter(prefix: "demo-shell: ").report(settings.save())
            }
            self.perform(self.rules.switched(on: toggle.isActive))
        }
    }

    /// A build starts (Run Edited, or Live's own).
    func buildStarted(opensDemo: Bool) {
        self.opensDemo = opensDemo
    }

    /// A key changed the code of the demo shown: with Live on, the quiet period starts again.
    func typed() {
        perform(rules.typed())
    }

    /// Whether `plan`, built, opens now: not the build already running, and
    /// not Live's check while no edited demo runs (`LiveEdits.afterBuild`).
    func opens(_ plan: EditBuildPlan, demoRunning: Bool) -> Bool {
        let after = LiveEdits.afterBuild(
            succeeded: true, demoRunning: demoRunning, opensDemo: opensDemo,
            isRunning: plan.libraryPath == runningBuild)
        if after.opensDemo { runningBuild = plan.libraryPath }
        return after.opensDemo
    }

    /// Live builds at every pause in typing: a screen reader is not told
    /// "Building…" each time, only what comes of it.
    func isQuietStatus(_ text: String) -> Bool {
        !opensDemo && text == EditRunStatus.building.sentence
    }

    private func perform(_ action: LiveEdits.Action) {
        switch action {
        case .nothing:
            break
        case .wait(let milliseconds, let ticket):
            timer?.cancel()
            timer = MainLoop.after(milliseconds: milliseconds) { [weak self] in
                guard let self else { return }
                self.timer = nil
                self.perform(self.rules.quiet(ticket: ticket))
            }
        case .stopWaiting:
            timer?.cancel()
            timer = nil
        case .build(let opensDemo):
            timer?.cancel()
            timer = nil
            delegate?.liveEditing(self, buildOpeningDemo: opensDemo)
        }
    }
}
