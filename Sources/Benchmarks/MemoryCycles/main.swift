import DemoShellKit
import Glibc

// `make leaks` and MemoryCyclesTests run it; see MemoryCycles, EditRunCycles,
// CompileServerLife and NewDemoLife.
let arguments = Array(CommandLine.arguments.dropFirst())
let usage =
    "usage: demo-shell-memory-cycles \(MemoryCycles.option)N [\(MemoryCycles.demosOption)ID,…]"
    + " | \(EditRunCycles.option)N [\(EditRunCycles.floodOption)]"
    + " | \(CompileServerLife.option) | \(NewDemoLife.option)"
exit(
    MainActor.assumeIsolated {
        switch arguments.first {
        case let first?
        where first.hasPrefix(MemoryCycles.option)
            && (arguments.count == 1 || arguments.count == 2 && arguments[1].hasPrefix(MemoryCycles.demosOption)):
            return MemoryCycles.run(argument: first, demos: arguments.count == 2 ? arguments[1] : nil)
        case let first?
        where first.hasPrefix(EditRunCycles.option)
            && (arguments.count == 1 || arguments.count == 2 && arguments[1] == EditRunCycles.floodOption):
            return EditRunCycles.run(argument: first, flood: arguments.count == 2)
        case CompileServerLife.option? where arguments.count == 1:
            return CompileServerLife.run()
        case NewDemoLife.option? where arguments.count == 1:
            return NewDemoLife.run()
        default:
            printError(usage)
            return 2
        }
    })
