import PluginHost
import EditRunModel
import ShellModel
import ShellBasics

/// The roles one `demo-shell` binary plays (main.swift asks for one; this
/// lives in the Launcher because the executable's own imports decide the
/// order of its libraries, which `LinkOrder.swift` keeps), chosen by its arguments before
/// anything is set up: three internal ones (not options for people, so not
/// in --help), each talking to the launcher in frames (Sources/Wire), and
/// the shell itself, whose command line (`ShellCommand`, read once GTK has
/// taken its options) names the launcher or a child running one plugin
/// (`--run-plugin=MANIFEST`, `--edited`: `PluginChildEntry`).
@MainActor
package enum DemoShellRole: Equatable {
    /// `--check-plugin=LIBRARY [--entry=MODULE.TYPE]`: `PluginCheckEntry`.
    case pluginCheck(PluginCheckSubject)
    /// `--compile-server=LIBRARY`: `CompileServerEntry`.
    case compileServer(library: String)
    /// `--language-service=LIBRARY`: `LanguageServiceEntry`.
    case languageService(library: String)
    /// `--wait-for-edited-plugin`: `ReadyChildEntry`.
    case readyChild
    /// Anything else: `ShellEntry` (or `PluginChildEntry`, as its command line says).
    case shell

    /// The role `arguments` (the program's, its name first) ask for.
    static func of(_ arguments: [String]) -> DemoShellRole {
        if let subject = PluginCheckChild.subject(from: arguments) { return .pluginCheck(subject) }
        if arguments.count == 2, arguments[1].hasPrefix(CompileServer.option) {
            return .compileServer(library: String(arguments[1].dropFirst(CompileServer.option.count)))
        }
        if arguments.count == 2, arguments[1].hasPrefix(LanguageService.option) {
            return .languageService(library: String(arguments[1].dropFirst(LanguageService.option.count)))
        }
        if arguments.count == 2, arguments[1] == ReadyChild.option { return .readyChild }
        return .shell
    }

    /// Plays the role `arguments` ask for; the process's exit status.
    package static func run(_ arguments: [String]) -> Int32 {
        switch of(arguments) {
        case .pluginCheck(let subject): PluginCheckEntry.run(subject)
        case .compileServer(let library): return CompileServerEntry.run(library: library)
        case .languageService(let library): return LanguageServiceEntry.run(library: library)
        case .readyChild: return ReadyChildEntry.run(arguments)
        case .shell: return ShellEntry.run(arguments)
        }
    }
}

/// The plugin checker's child (`PluginChecker` starts it): loads one
/// library as the shell would, answers on fd 3 and exits, never returning.
@MainActor
enum PluginCheckEntry {
    static func run(_ subject: PluginCheckSubject) -> Never {
        PluginCheckChild.run(subject)
    }
}

/// Edit and Run's compile server (`CompileServer` starts it): a loop over
/// the toolchain's SourceKit library, ending with the launcher.
@MainActor
enum CompileServerEntry {
    static func run(library: String) -> Int32 {
        guard ParentWatch.endWithParentIfAsked() else { return 1 }
        return CompileServerLoop.run(library: library)
    }
}

/// The editor's language service (`LanguageService` starts it): SourceKit
/// answering completion and the errors as typed, ending with the launcher.
@MainActor
enum LanguageServiceEntry {
    static func run(library: String) -> Int32 {
        guard ParentWatch.endWithParentIfAsked() else { return 1 }
        return LanguageServiceLoop.run(library: library)
    }
}

/// The child kept ready for Run Edited (`ReadyChild` starts it): GTK
/// started, then waiting for its run.
@MainActor
enum ReadyChildEntry {
    static func run(_ arguments: [String]) -> Int32 {
        let paths = ShellPaths.current()
        return ReadyChildMain.run(
            program: arguments.first.map(FileSystem.basename) ?? "demo-shell", executable: arguments[0],
            paths: paths)
    }
}

/// The shell: the launcher or a command (--list, --help…), or a child
/// running one plugin when its command line says so.
@MainActor
enum ShellEntry {
    static func run(_ arguments: [String]) -> Int32 {
        let start = DemoShellMain.begin(arguments)
        if case .runPlugin(let manifestPath, let edited, let autoquit) = start.command {
            return PluginChildEntry.run(manifestPath: manifestPath, edited: edited, autoquit: autoquit, start: start)
        }
        return DemoShellMain.perform(start)
    }
}

/// `--run-plugin=MANIFEST [--edited] [--autoquit]`: a plugin from elsewhere
/// (`IsolatedDemos`) or Edit and Run's build (`EditRunSession`), in a
/// process of its own that ends with the launcher that started it.
@MainActor
enum PluginChildEntry {
    static func run(manifestPath: String, edited: Bool, autoquit: Bool, start: DemoShellMain.Start) -> Int32 {
        DemoShellMain.runPluginChild(manifestPath: manifestPath, edited: edited, autoquit: autoquit, start: start)
    }
}
