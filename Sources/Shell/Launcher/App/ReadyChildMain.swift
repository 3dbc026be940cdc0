import DemoShellKit
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
enum ReadyChildMain {
    static func run(program: String, executable: String, paths: ShellPaths) -> Int32 {
        guard ParentWatch.endWithParentIfAsked() else { return 1 }
        let channel = ReadyChild.keptChannel(EditRunSession.valuesVariable)
        Toolkit.startFontSetup()
        _ = Toolkit.initializeWithTheme()
        guard let manifestPath = readLine(), !manifestPath.isEmpty else { return 0 }
        // This run's own variables, "NAME=VALUE" (or "NAME": unset), to an empty line.
        while let line = readLine(), !line.isEmpty {
            let name = String(line.prefix { $0 != "=" })
            Environment.set(name, line.count > name.count ? String(line.dropFirst(name.count + 1)) : nil)
        }
        if let channel, Environment.value(EditRunSession.valuesVariable) == nil { close(channel) }
        return DemoShellMain.runPlugin(
            manifestPath: manifestPath, edited: true, autoquit: false, program: program,
            arguments: [executable, "--run-plugin=" + manifestPath, "--edited"], paths: paths)
    }
}
