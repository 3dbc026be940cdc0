import Launcher
import Glibc

// The role the arguments ask for (`DemoShellRole`): the shell, or one of its children.
exit(MainActor.assumeIsolated { DemoShellRole.run(CommandLine.arguments) })
