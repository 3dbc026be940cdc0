import Launcher
import Glibc

exit(MainActor.assumeIsolated { DemoShellMain.run(CommandLine.arguments) })
