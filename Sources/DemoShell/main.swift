import Glibc

exit(MainActor.assumeIsolated { DemoShellRole.run(CommandLine.arguments) })
