@_spi(Shell) import DemoKit
import PluginHost
import ShellModel

/// A child kept ready for Run Edited (`ReadyChild`, the launcher's side):
/// GTK, its theme and the fonts started now, then it waits on its standard
/// input for the manifest of the build to run and runs it as
/// `--run-plugin=MANIFEST --edited` would. End-of-file (the launcher let
/// go of it, or ended) ends it without running anything.
@MainActor
enum ReadyChildMain {
    static func run(program: String, executable: String, paths: ShellPaths) -> Int32 {
        guard ParentWatch.endWithParentIfAsked() else { return 1 }
        Toolkit.startFontSetup()
        _ = Toolkit.initializeWithTheme()
        guard let manifestPath = readLine(), !manifestPath.isEmpty else { return 0 }
        return DemoShellMain.runPlugin(manifestPath: manifestPath, edited: true, autoquit: false, program: program,
                                       arguments: [executable, "--run-plugin=" + manifestPath, "--edited"], paths: paths)
    }
}
