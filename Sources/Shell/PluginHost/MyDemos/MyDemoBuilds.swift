import DemoShellKit
import EditRunModel
import ShellModel

/// Builds the learner's demos as they open: Run (Enter, the row's ▶) on a
/// demo of the store compiles the store folder's sources with Edit and
/// Run's machinery (`EditRunSession`, so the same `EditBuildPlan`, keys,
/// build cache and SDK, and a build with an unchanged key is reused at
/// once), then hands the built plugin back to run in a process of its own,
/// as a plugin from elsewhere (`IsolatedDemos`): its settings are its own
/// `ID.ini`, and a crash gets the same notice with Open Again.
///
/// The store folder is to such a demo what the shipped files are to a
/// built-in one: Run builds it as it is; the Source page's Edit keeps edits
/// in the demo's `EditWorkspace` as for any demo, and Run Edited builds
/// those. A store demo's own builds go to a folder of their own in the same
/// cache (`my-demos/ID/build/KEY`), so Run and Run Edited do not remove
/// each other's builds.
@MainActor
package final class MyDemoBuilds {
    /// What a build gave: the plugin to run, or why there is none.
    package enum Outcome {
        case built(PluginEntry)
        /// The status the build ended with, and its first error, if the
        /// compiler named one ("Plugin/XView.swift:12: cannot find …").
        case failed(EditRunStatus, firstError: String?)
        /// Ended by `stop` or `stopAll` (Stop, the launcher quits): nothing to tell.
        case stopped
    }

    private let paths: ShellPaths
    /// Each build under way, by demo.
    private var builds: [String: MyDemoBuild] = [:]

    package init(paths: ShellPaths) { self.paths = paths }

    /// Whether demo `id` is being built.
    package func isBuilding(id: String) -> Bool { builds[id] != nil }

    /// Where the store's demo `id` is built.
    package nonisolated static func workspace(id: String) -> EditWorkspace {
        EditWorkspace(demoID: id, editsDirectory: FileSystem.join(EditRunSession.cacheDirectory, "my-demos"))
    }

    /// Builds `demo` from its folder and calls `done` once, on the main
    /// loop. A build of it under way already is left to finish (false).
    @discardableResult
    package func build(_ demo: MyDemo, done: @escaping @MainActor (Outcome) -> Void) -> Bool {
        guard builds[demo.id] == nil else { return false }
        // Written in the old plugin shape (entry functions, no Entry) (as listed, or put
        // back by hand since): updated first, or what to change is the
        // first thing a failed build says.
        let shapeProblem = demo.manifest.entry == nil ? DemoShapeUpdates.updateFolder(demo.folder) : nil
        let demo = demo.manifest.entry == nil ? Self.reread(demo) : demo
        let build = MyDemoBuild(demo: demo, session: EditRunSession(paths: paths), shapeProblem: shapeProblem)
        build.finished = { [weak self] build, outcome in
            guard let self, self.builds[demo.id] === build else { return }
            self.builds[demo.id] = nil
            build.session.close()  // held here: the table let go of it
            done(outcome)
        }
        builds[demo.id] = build
        let manifestText = FileSystem.read(demo.manifestPath) ?? ""
        let files = DemoSources.files(
            for: demo.manifest, manifestPath: demo.manifestPath, installedSourcesDirectory: nil)
        var inputs: [EditBuildPlan.Input] = []
        for file in files where EditWorkspace.isEditable(file) {
            if case .success(let text) = DemoSources.read(file) {
                inputs.append(.init(relativePath: file.relativePath, text: text))
            }
        }
        build.session.run(
            manifest: demo.manifest, manifestText: manifestText, inputs: inputs, workspace: Self.workspace(id: demo.id))
        return true
    }

    /// `demo` with its manifest as it is now (an update gave it an Entry).
    private static func reread(_ demo: MyDemo) -> MyDemo {
        guard case .success(let manifest) = DemoFiles.readManifest(demo.manifestPath), manifest.id == demo.id else {
            return demo
        }
        return MyDemo(id: demo.id, folder: demo.folder, manifest: manifest)
    }

    /// Ends the build of demo `id` under way, if any (its Stop).
    package func stop(id: String) {
        builds[id]?.finish(.stopped)
    }

    /// Ends every build under way (the launcher quits).
    package func stopAll() {
        for (_, build) in builds { build.finish(.stopped) }
    }
}

/// One store demo's build: its session's listener, which keeps the first
/// error the compiler named and ends the build once, on a plugin or a failure.
@MainActor
private final class MyDemoBuild: EditRunSessionDelegate {
    let demo: MyDemo
    let session: EditRunSession
    /// What the old-shape update could not do, said before the compiler's error.
    let shapeProblem: SDKShapeProblem?
    private var firstError: String?
    /// Set by `MyDemoBuilds`: ends the build (once; later calls find it
    /// gone). Given the build, which the table lets go of as it ends.
    var finished: ((MyDemoBuild, MyDemoBuilds.Outcome) -> Void)?

    init(demo: MyDemo, session: EditRunSession, shapeProblem: SDKShapeProblem?) {
        self.demo = demo
        self.session = session
        self.shapeProblem = shapeProblem
        session.handsOverBuilds = true
        session.delegate = self
    }

    func finish(_ outcome: MyDemoBuilds.Outcome) {
        finished?(self, outcome)
    }

    func editRunSession(_ session: EditRunSession, didReport event: EditRunEvent) {
        switch event {
        case .problems(let problems):
            guard firstError == nil, let problem = problems.first(where: { $0.diagnostic.isError }) else { return }
            let file = problem.relativePath ?? problem.diagnostic.path, line = problem.diagnostic.line
            firstError =
                (file.isEmpty ? "" : line > 0 ? "\(file):\(line): " : "\(file): ")
                + problem.diagnostic.message
        case .built(let plan):
            finish(
                .built(
                    PluginEntry(
                        manifest: demo.manifest, manifestPath: plan.manifestPath,
                        libraryPath: plan.libraryPath, searchDirectory: plan.directory)))
        case .status(let status?):
            switch status {
            case .buildFailed, .overTime, .cannotBuild, .cannotStart:
                let said = [shapeProblem?.message, firstError].compactMap { $0 }
                finish(.failed(status, firstError: said.isEmpty ? nil : said.joined(separator: "\n")))
            case .building, .buildStopped, .running, .checked, .ended: break
            }
        case .phaseChanged, .outputCleared, .output, .status(nil), .demoEnded, .values: break
        }
    }
}
