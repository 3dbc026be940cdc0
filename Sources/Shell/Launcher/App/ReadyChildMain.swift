import DemoShellKit
import EditRunModel
import PluginHost
import ShellModel
import Glibc

/// A child kept ready for Run Edited (`ReadyChild`, the launcher's side):
/// GTK, its theme and the fonts started now, then it waits on its standard
/// input for the manifest of the build to run (and the variables of that
/// run, `ReadyChild.serve`) and runs it as `--run-plugin=MANIFEST --edited`
/// would. End-of-file (the launcher let go of it, or ended) ends it without
/// running anything. A run without Show Values unsets the values variable:
/// the pipe it was started with is closed before the plugin loads, so the
/// demo and what it starts see neither.
@MainActor
package enum ReadyChildMain {
    package static func run(program: String, executable: String, paths: ShellPaths) -> Int32 {
        Gettext.setUp(domain: Gettext.shellDomain, directory: paths.localeDirectory)
        guard ParentWatch.endWithParentIfAsked() else { return 1 }
        let channel = ReadyChild.keptChannel(RunValues.variable)
        Toolkit.startFontSetup()
        _ = Toolkit.initializeWithTheme()
        // The build, and this run's own variables (`ReadyRun`, one frame).
        guard let run = ReadyRun.read(from: 0) else { return 0 }
        for setting in run.settings { Environment.set(setting.name, setting.value) }
        let manifestPath = run.manifestPath
        if let channel, Environment.value(RunValues.variable) == nil { close(channel) }
        return DemoShellMain.runPlugin(
            manifestPath: manifestPath, edited: true, autoquit: false, program: program,
            arguments: [executable, "--run-plugin=" + manifestPath, "--edited"], paths: paths)
    }
}
