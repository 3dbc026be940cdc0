import DemoShellCore
import Glibc

exit(MainActor.assumeIsolated { DemoShellMain.run(CommandLine.arguments) })
