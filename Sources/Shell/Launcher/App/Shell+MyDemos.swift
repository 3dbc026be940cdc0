import DemoShellKit
import PluginHost
import ShellModel

/// Opening a demo of the learner's own: built, then run in a process of
/// its own (`MyDemoBuilds`, `IsolatedDemos`).
extension Shell {
    /// Builds `demo` (at once when an identical build exists) and starts
    /// it; a build that fails is told in a dialog naming the demo, with the
    /// compiler's first error. Opening it again while it builds does not
    /// start a second build. The application is held meanwhile, so a
    /// `--run` of it does not end before its window comes.
    func openMyDemo(_ demo: MyDemo) {
        let name = demo.manifest.info.name
        let started = myDemoBuilds.build(demo) { [weak self] outcome in
            guard let self else { return }
            self.application.release()
            self.launcher?.myDemoNotices.buildEnded(id: demo.id)
            switch outcome {
            case .built(let entry):
                if let failure = self.isolatedDemos.start(entry) { _ = self.showOpenFailure(failure) }
            case .failed(let status, let firstError):
                let reason = [status.sentence, firstError].compactMap { $0 }.joined(separator: "\n")
                _ = self.showOpenFailure(
                    PluginFailure(id: demo.id, name: name, manifestPath: demo.manifestPath, reason: reason))
            case .stopped:
                break
            }
        }
        guard started else { return }
        application.hold()
        launcher?.myDemoNotices.buildStarted(id: demo.id, name: name) { [weak self] in
            self?.myDemoBuilds.stop(id: demo.id)
        }
    }
}
