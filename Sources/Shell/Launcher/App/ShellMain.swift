import DemoShellKit
import PluginHost
import ShellModel
import TextBounds

/// The shell's role of the program (Sources/DemoShell chooses it): the
/// launcher, a child running one plugin, or a command.
@MainActor
public enum DemoShellMain {
    /// What the command line asks, read once (GTK takes its own options from it).
    package struct Start {
        package let command: ShellCommand
        package let program: String
        package let paths: ShellPaths
        package let arguments: [String]
    }

    public static func run(_ arguments: [String]) -> Int32 {
        perform(begin(arguments))
    }

    /// Sets up what every role of the shell needs (translations) and reads
    /// the command line. The internal roles (the plugin check, the compile
    /// server, the ready child) are the executable's own entries (Sources/DemoShell).
    package static func begin(_ arguments: [String]) -> Start {
        StartTrace.begin()
        let program = arguments.first.map(FileSystem.basename) ?? "demo-shell"
        let paths = ShellPaths.current()
        Gettext.setUp(domain: Gettext.shellDomain, directory: paths.localeDirectory)
        // GTK's own options (--display=…) are GTK's, as in any GTK program.
        let command =
            toolkitOptionMissingValue(Array(arguments.dropFirst()))
            ?? parseCommandLine(Array(Toolkit.takeOptions(from: arguments).dropFirst()))
        return Start(command: command, program: program, paths: paths, arguments: arguments)
    }

    /// Does what `start`'s command asks: a command's output, the launcher, or one plugin's child.
    package static func perform(_ start: Start) -> Int32 {
        let (program, paths, arguments) = (start.program, start.paths, start.arguments)
        switch start.command {
        case .help:
            print(helpText(program: program), terminator: "")
            return 0
        case .toolkitHelp:
            print(Toolkit.optionsHelp(program: program), terminator: "")
            return 0
        case .allHelp:
            print(helpText(program: program) + "\n" + Toolkit.optionsHelp(program: program), terminator: "")
            return 0
        case .version:
            print("\(program) \(shellVersion)")
            return 0
        case .usageError(let message):
            printError("\(program): \(message)")
            printError(localized("Run “{program} --help” to see the options.").filling(["program": program]))
            return 2
        case .list:
            let registry = PluginRegistry(
                searchPath: PluginRegistry.defaultSearchPath(executableDirectory: paths.executableDirectory),
                myDemoStore: MyDemoStore())
            registry.reportWaits(program: program)
            registry.verifyAll()
            for entry in DemoCatalog.launcherOrder(registry.entries) {
                print("\(entry.manifest.id)\t\(entry.info.name)")
            }
            // A terminal shows no bidi: a reason's isolates (made for the
            // launcher's Info page) would reach a script as invisible bytes.
            for failure in registry.failures + registry.duplicates {
                let reason = TextLimit.removingIsolates(failure.reason)
                printError(
                    "\(program): \(localized("unavailable")): \(failure.name) (\(failure.manifestPath)): \(reason)")
            }
            return 0
        case .exportDemo(let id, let directory):
            return MyDemosCommands.export(id: id, to: directory, paths: paths, program: program)
        case .importDemo(let directory):
            return MyDemosCommands.importDemo(from: directory, paths: paths, program: program)
        case .runPlugin(let manifestPath, let edited, let autoquit):
            return runPluginChild(manifestPath: manifestPath, edited: edited, autoquit: autoquit, start: start)
        case .run(let demoID, let autoquit):
            // Windows are coming: fontconfig, the session bus and the plugin
            // manifests start on other threads while GTK starts on this one.
            Toolkit.startFontSetup()
            StartTrace.mark("fonts started")
            let probe = Pending(threadName: "bus-probe") {
                PrimaryInstance.probe(applicationID: Shell.applicationID, milliseconds: primaryTimeLimitMilliseconds)
            }
            let searchPath = PluginRegistry.defaultSearchPath(executableDirectory: paths.executableDirectory)
            let manifests = Pending(threadName: "manifests") {
                let store = MyDemoStore()
                store.purgeAbandoned()
                return PluginRegistry.Manifests(searchPath: searchPath, myDemoStore: store)
            }
            if Toolkit.initializeWithTheme() { StartTrace.mark("GTK started") }
            let registry = PluginRegistry(manifests.result)
            // A demo this start cannot open may still be one the running
            // instance can (its plugin folders, read again there, decide):
            // only without one does this start answer for itself.
            if let demoID, let problem = localProblem(opening: demoID, in: registry, program: program),
                probe.result != .answering
            {
                problem.forEach(printError)
                return 1
            }
            guard
                let application = registerApplication(program: program, probe: probe.result)
            else { return 1 }
            StartTrace.mark("application registered")
            // WM_CLASS: what the desktop entry's StartupWMClass names, so the
            // dock groups the windows under its icon.
            // Unless GTK's --name asked for another.
            let named = arguments.contains { $0 == "--name" || $0.hasPrefix("--name=") }
            Program.identify(as: Shell.applicationID, keepingName: named)
            if application.isRemote {
                // Not finalized before exit: GLib warns when a registered
                // application that never ran is destroyed.
                handedOver = application
                guard let demoID else {
                    application.activate()
                    application.flush()
                    return 0
                }
                return openInPrimary(demoID, program: program)
            }
            let shell = Shell(
                application: application, registry: registry, paths: paths,
                onlyDemoID: demoID, autoquit: autoquit)
            let status = shell.run(programName: program)
            return shell.failedToOpenOnlyDemo ? 1 : status
        }
    }

    /// Why this start cannot open `demoID` (the lines for stderr), or nil
    /// when it can: checked here, in a child process, as the primary would.
    static func localProblem(opening demoID: String, in registry: PluginRegistry, program: String) -> [String]? {
        if let failure = registry.failure(id: demoID) { return ["\(program): \(failure.name): \(failure.reason)"] }
        guard registry.entry(id: demoID) != nil else {
            return [
                "\(program): \(localized("There is no demo with the id “{id}”.").filling(["id": demoID]))",
                localized("Run “{program} --list” to see the demos.").filling(["program": program]),
            ]
        }
        if !registry.verify(id: demoID), let failure = registry.failure(id: demoID) {
            return ["\(program): \(failure.name): \(failure.reason)"]
        }
        return nil
    }

    /// A child running one plugin (`PluginChildEntry`): its fonts start
    /// while the plugin is found and checked.
    package static func runPluginChild(manifestPath: String, edited: Bool, autoquit: Bool, start: Start) -> Int32 {
        Toolkit.startFontSetup()
        StartTrace.mark("fonts started")
        return runPlugin(
            manifestPath: manifestPath, edited: edited, autoquit: autoquit, program: start.program,
            arguments: start.arguments, paths: start.paths)
    }

    /// `--run-plugin=FILE`: the one plugin that manifest describes, checked
    /// as any plugin is, in an instance that is not unique (it never hands
    /// itself to, or takes starts from, the launcher): a plugin from
    /// elsewhere that the launcher runs apart from itself (`IsolatedDemos`),
    /// or, `edited`, Edit and Run's copy, with settings of its own so that it
    /// never touches the shipped demo's.
    static func runPlugin(
        manifestPath: String, edited: Bool, autoquit: Bool, program: String,
        arguments: [String], paths: ShellPaths
    ) -> Int32 {
        // Started by a launcher: ends with it, even when it is killed.
        guard ParentWatch.endWithParentIfAsked() else { return 1 }
        let manifestPath = PluginPathStart.absolute(manifestPath)
        guard FileSystem.isRegularFile(manifestPath) else {
            printError(
                "\(program): \(localized("There is no plugin manifest at {path}.").filling(["path": manifestPath]))")
            return 1
        }
        let registry = PluginRegistry(searchPath: [PluginEntry.searchDirectory(ofManifest: manifestPath)])
        let path = FileSystem.resolvingLinks(manifestPath)
        guard let entry = registry.entries.first(where: { FileSystem.resolvingLinks($0.manifestPath) == path }) else {
            let failure = (registry.failures + registry.duplicates).first {
                FileSystem.resolvingLinks($0.manifestPath) == path
            }
            // A terminal shows no bidi: the reason without its isolates.
            printError(
                "\(program): \(failure.map { "\($0.name): \(TextLimit.removingIsolates($0.reason))" } ?? localized("There is no plugin manifest at {path}.").filling(["path": manifestPath]))"
            )
            return 1
        }
        // Line by line: what the demo prints reaches the launcher's Output as
        // it happens, and a crash does not swallow what was still buffered.
        Program.lineBufferStandardOutput()
        let id = entry.manifest.id
        if edited { registry.loadsUnchecked(id: id) }
        // A plugin of another SDK version is refused here, its reason
        // saying which versions and to rebuild it.
        if !registry.verify(id: id), let failure = registry.failure(id: id) {
            printError("\(program): \(failure.name): \(TextLimit.removingIsolates(failure.reason))")
            return 1
        }
        let application = Application(id: Shell.applicationID, unique: false)
        if let message = application.register() {
            printError("\(program): \(message)")
            return 1
        }
        StartTrace.mark("application registered")
        let named = arguments.contains { $0 == "--name" || $0.hasPrefix("--name=") }
        Program.identify(as: Shell.applicationID, keepingName: named)
        let role = ShellRole.child(
            edited: edited, launcher: LauncherAddress.fromEnvironment(default: Shell.applicationID))
        let shell = Shell(
            application: application, registry: registry, paths: paths,
            onlyDemoID: id, autoquit: autoquit, role: role)
        let status = shell.run(programName: program)
        return shell.failedToOpenOnlyDemo ? 1 : status
    }

    /// Asks the running instance to open `demoID` and waits for its answer:
    /// 0 once the demo is open there, 1 with the reason when it is not.
    static func openInPrimary(_ demoID: String, program: String) -> Int32 {
        switch RemoteAction.activate(
            "open-demo", argument: demoID, applicationID: Shell.applicationID,
            milliseconds: remoteOpenTimeLimitMilliseconds)
        {
        case .success(let state):
            switch LauncherLink.openAnswer(state, id: demoID) {
            case .opened?: return 0
            case .refused(let reason)?:
                printError("\(program): \(reason)")
                if let hint = PluginPathStart.handOverHint() { printError("\(program): \(hint)") }
                return 1
            case nil: break
            }
            printError(
                "\(program): \(localized("The Demo Shell already running did not say whether it opened “{id}”.").filling(["id": demoID]))"
            )
            return 1
        case .failure(let error):
            printError(
                "\(program): \(localized("The Demo Shell already running did not say whether it opened “{id}”.").filling(["id": demoID])) (\(error.message))"
            )
            return 1
        }
    }

    /// A plugin's check in the primary may take the checker's whole time limit (10 s).
    static let remoteOpenTimeLimitMilliseconds: Int32 = 30_000

    /// A second instance's application, kept until the process exits.
    private static var handedOver: Application?

    /// How long a new start waits for the running instance's answer before it
    /// runs on its own (GApplication alone would wait 2 × 25 s, then fail).
    nonisolated static let primaryTimeLimitMilliseconds: Int32 = 2000

    /// The registered application: unique, handing over to a primary instance
    /// that answers; on its own (not unique) when the primary holds the name
    /// but does not answer, saying so on stderr. Nil if even that fails (the
    /// reason printed); GTK is never used unregistered, so no CRITICAL follows.
    /// `probe` is what the session bus said of a primary (probed on a thread of its own).
    static func registerApplication(program: String, probe: PrimaryInstance, unique wanted: Bool = true)
        -> Application?
    {
        var unique = wanted
        if case .silent(let processID, let reason) = probe {
            printError("\(program): \(primaryNotAnsweringMessage(processID: processID, reason: reason))")
            unique = false
        }
        var application = Application(id: Shell.applicationID, unique: unique)
        if let message = application.register() {
            // The bus failed, or the primary stopped answering after the probe.
            printError("\(program): \(message)")
            guard unique else { return nil }
            printError("\(program): \(localized("This Demo Shell runs on its own."))")
            application = Application(id: Shell.applicationID, unique: false)
            if let message = application.register() {
                printError("\(program): \(message)")
                return nil
            }
        }
        return application
    }

    static func primaryNotAnsweringMessage(processID: UInt32?, reason: String?) -> String {
        let pid = processID.map { String($0) } ?? "?"
        if let reason {
            return localized(
                "The Demo Shell already running (process {pid}) cannot take this start: {reason}. This one runs on its own."
            )
            .filling(["pid": pid, "reason": reason])
        }
        return localized(
            "The Demo Shell already running (process {pid}) did not answer within {seconds} s; this one runs on its own."
        )
        .filling(["pid": pid, "seconds": String(primaryTimeLimitMilliseconds / 1000)])
    }
}
