import DemoBasics
import ShellBasics

/// What the command line asks for, following gtk3-demo's options.
///
/// GTK's own options (`--display`, `--class`, `--name`, `--gtk-module`,
/// `--g-fatal-warnings`) are taken out by GTK before this parser sees the
/// rest (`Toolkit.takeOptions`), as `gtk_init` takes them in any GTK program.
/// The modes exclude each other: `--list` prints and exits, so it is not
/// combined with `--run` or `--autoquit` (a usage error, exit status 2,
/// rather than one of them silently ignored); `--run` names one demo, once.
/// `--` ends the options; Demo Shell takes no other arguments.
public enum ShellCommand: Equatable, Sendable {
    /// Open the launcher (or, with `runID`, only that demo).
    case run(demoID: String?, autoquit: Bool)
    /// `--run-plugin=FILE`: only the plugin that manifest describes, in an
    /// instance of its own, which never hands itself over to the running
    /// launcher: a plugin from elsewhere, isolated from the launcher; with
    /// `--edited`, Edit and Run's edited copy (settings of its own, a title
    /// that says so).
    case runPlugin(manifestPath: String, edited: Bool, autoquit: Bool)
    case list
    /// `--export=ID DIR`: the demo (a built-in one with its edits, or one of
    /// the learner's) written as the package DIR/ID.
    case exportDemo(id: String, directory: String)
    /// `--import=DIR`: the package in DIR copied into the learner's demos.
    case importDemo(directory: String)
    case version
    case help
    /// `--help-gtk`: GTK's options.
    case toolkitHelp
    /// `--help-all`: the shell's options, then GTK's.
    case allHelp
    /// A usage error: the message for stderr, and exit status 2.
    case usageError(String)
}

/// Parses the arguments (without the program name). GTK-free and pure.
public func parseCommandLine(_ arguments: [String]) -> ShellCommand {
    var demoID: String?
    var pluginManifest: String?
    var autoquit = false
    var edited = false
    var list = false
    var transfer: ShellCommand?
    var index = 0
    var optionsEnded = false
    func setRun(_ value: String) -> ShellCommand? {
        guard demoID == nil else {
            return .usageError(
                localized("The option --run may be given only once: Demo Shell opens one demo at a time with it."))
        }
        demoID = value
        return nil
    }
    while index < arguments.count {
        let argument = arguments[index]
        index += 1
        if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
            return .usageError(localized("Unexpected argument {argument}.").filling(["argument": argument]))
        }
        switch argument {
        case "--": optionsEnded = true
        case "--list": list = true
        case "--autoquit": autoquit = true
        case "--edited": edited = true
        case "--version", "-v": return .version
        case "--help", "-h", "-?": return .help
        case "--help-gtk": return .toolkitHelp
        case "--help-all": return .allHelp
        case "--run":
            guard index < arguments.count, !arguments[index].hasPrefix("-") else {
                return .usageError(localized("The option --run needs a demo id, as in --run=say-hello."))
            }
            if let error = setRun(arguments[index]) { return error }
            index += 1
        case _ where argument.hasPrefix("--export="):
            let id = String(argument.dropFirst("--export=".count))
            guard !id.isEmpty, transfer == nil, index < arguments.count, !arguments[index].hasPrefix("-") else {
                return .usageError(
                    localized("The option --export needs a demo id and a folder, as in --export=say-hello ~/Projects."))
            }
            transfer = .exportDemo(id: id, directory: arguments[index])
            index += 1
        case _ where argument.hasPrefix("--import="):
            let folder = String(argument.dropFirst("--import=".count))
            guard !folder.isEmpty, transfer == nil else {
                return .usageError(
                    localized("The option --import needs one folder, as in --import=~/Projects/my-demo."))
            }
            transfer = .importDemo(directory: folder)
        case _ where argument.hasPrefix("--run-plugin="):
            let value = String(argument.dropFirst("--run-plugin=".count))
            guard !value.isEmpty, pluginManifest == nil else {
                return .usageError(
                    localized(
                        "The option --run-plugin needs one manifest file, as in --run-plugin=hello/manifest.plugin."))
            }
            pluginManifest = value
        default:
            guard argument.hasPrefix("--run=") else {
                return .usageError(localized("Unknown option {option}.").filling(["option": argument]))
            }
            let value = String(argument.dropFirst("--run=".count))
            guard !value.isEmpty else {
                return .usageError(localized("The option --run needs a demo id, as in --run=say-hello."))
            }
            if let error = setRun(value) { return error }
        }
    }
    if let transfer {
        guard demoID == nil, pluginManifest == nil, !list, !autoquit, !edited else {
            return .usageError(localized("The options --export and --import take no other option."))
        }
        return transfer
    }
    if let pluginManifest {
        guard demoID == nil, !list else {
            return .usageError(localized("The option --run-plugin cannot be combined with --run or --list."))
        }
        return .runPlugin(manifestPath: pluginManifest, edited: edited, autoquit: autoquit)
    }
    if edited {
        return .usageError(localized("The option --edited goes with --run-plugin only."))
    }
    if list {
        guard demoID == nil, !autoquit else {
            return .usageError(localized("The option --list cannot be combined with --run or --autoquit."))
        }
        return .list
    }
    return .run(demoID: demoID, autoquit: autoquit)
}

/// GTK's options that take a value (`--display=:1` or `--display :1`).
public let toolkitValueOptions = [
    "--display", "--class", "--name", "--gtk-module", "--gdk-debug", "--gdk-no-debug",
    "--gtk-debug", "--gtk-no-debug",
]

/// A usage error for a GTK option given without its value, found before GTK
/// reads the options (which would warn, then leave the option to be called
/// unknown). Nil when there is none.
public func toolkitOptionMissingValue(_ arguments: [String]) -> ShellCommand? {
    for (index, argument) in arguments.enumerated() {
        if argument == "--" { return nil }
        guard toolkitValueOptions.contains(argument),
            index + 1 == arguments.count || arguments[index + 1].hasPrefix("-")
        else { continue }
        return .usageError(
            localized("The option {option} needs a value, as in {option}=VALUE.").filling(["option": argument]))
    }
    return nil
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
      --run-plugin=FILE \(localized("Open only the plugin the manifest FILE describes, in an instance of its own"))
      --edited        \(localized("With --run-plugin: an edited copy, with settings of its own and “(edited)” in its title"))
      --export=ID DIR \(localized("Write the demo ID (with your edits) as a Swift package in DIR/ID and exit"))
      --import=DIR    \(localized("Copy the demo package in DIR into My Demos and exit"))
      --autoquit      \(localized("Quit one second after the first window is shown"))
      -v, --version   \(localized("Show the version and exit"))
      -h, --help      \(localized("Show this help and exit"))
      --help-gtk      \(localized("Show GTK’s options (such as --display=DISPLAY) and exit"))
      --help-all      \(localized("Show all options and exit"))
      --              \(localized("End the options"))

    \(localized("--list takes no other option; --run names one demo, once."))
    \(localized("Exit status: 0 when done, 1 when the demo cannot be opened, 2 for a wrong option."))

    """
}

/// The shell's version, shown by `--version` and the About dialog.
public let shellVersion = "0.1.0"
