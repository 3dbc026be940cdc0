import DemoShellKit
import Glibc

// `make leaks` and MemoryCyclesTests run it; see MemoryCycles.
let arguments = CommandLine.arguments
exit(
    MainActor.assumeIsolated {
        arguments.count == 2 && arguments[1].hasPrefix(MemoryCycles.option)
            ? MemoryCycles.run(argument: arguments[1])
            : {
                printError("usage: demo-shell-memory-cycles \(MemoryCycles.option)N")
                return 2
            }()
    })
