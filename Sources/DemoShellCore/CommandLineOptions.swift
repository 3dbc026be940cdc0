import DemoKit

/// What the command line asks for, following gtk3-demo's options.
public enum ShellCommand: Equatable, Sendable {
    /// Open the launcher (or, with `runID`, only that demo).
    case run(demoID: String?, autoquit: Bool)
    case list
    case version
    case help
    /// A usage error: the message for stderr, and exit status 2.
    case usageError(String)
}

/// Parses the arguments (without the program name). GTK-free and pure.
public func parseCommandLine(_ arguments: [String]) -> ShellCommand {
    var demoID: String?
    var autoquit = false
    var list = false
    var index = 0
    while index < arguments.count {
        let argument = arguments[index]
        index += 1
        switch argument {
        case "--list": list = true
        case "--autoquit": autoquit = true
        case "--version": return .version
        case "--help", "-h", "-?": return .help
        case "--run":
            guard index < arguments.count, !arguments[index].hasPrefix("-") else {
                return .usageError(localized("The option --run needs a demo id, as in --run=say-hello."))
            }
            demoID = arguments[index]
            index += 1
        default:
            if argument.hasPrefix("--run=") {
                let value = String(argument.dropFirst("--run=".count))
                guard !value.isEmpty else {
                    return .usageError(localized("The option --run needs a demo id, as in --run=say-hello."))
                }
                demoID = value
            } else if argument.hasPrefix("-") {
                return .usageError(localized("Unknown option {option}.").filling(["option": argument]))
            } else {
                return .usageError(localized("Unexpected argument {argument}.").filling(["argument": argument]))
            }
        }
    }
    if list { return .list }
    return .run(demoID: demoID, autoquit: autoquit)
}

/// The text of `--help`.
public func helpText(program: String) -> String {
    """
    \(localized("Usage:"))
      \(program) [\(localized("OPTION"))…]

    \(localized("Demo Shell opens small demo programs from a launcher."))

    \(localized("Options:"))
      --list          \(localized("List the available demos (ID, tab, name) and exit"))
      --run=ID        \(localized("Open only the demo ID"))
      --autoquit      \(localized("Quit one second after the first window is shown"))
      --version       \(localized("Show the version and exit"))
      --help          \(localized("Show this help and exit"))

    """
}

/// The shell's version, shown by `--version` and the About dialog.
public let shellVersion = "0.1.0"
