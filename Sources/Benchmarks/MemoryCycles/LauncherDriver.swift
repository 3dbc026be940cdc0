import DemoShellKit
import EditRunModel
import Launcher
import PluginHost
import ShellModel
import DemoKitTesting
import Glibc

/// The launcher of `demo-shell-memory-cycles`' edit runs (`EditRunCycles`,
/// `CompileServerLife`, `NewDemoLife`), driven as a learner drives it: by
/// accessible names and key events. Its settings and the learner's files
/// (edits, own demos) are in private folders, removed at the end; the
/// builds' cache is `$XDG_CACHE_HOME`'s, as the shell's (`make leaks` gives
/// it a private one too).
@MainActor
final class LauncherDriver {
    let shell: Shell
    let launcher: LauncherWindow
    let folders: [String]
    let paths: ShellPaths

    /// Nil, with the reason printed, when GTK or the launcher cannot start.
    static func start(_ name: String, edits: [String: (inout String) -> Void] = [:], myDemos: Bool = false)
        -> LauncherDriver?
    {
        let config = FileSystem.makeTemporaryDirectory("demo-shell-memory-XXXXXX")
        let data = FileSystem.makeTemporaryDirectory("demo-shell-memory-data-XXXXXX")
        let folders = [config, data].compactMap { $0 }
        Environment.set("XDG_CONFIG_HOME", config)
        Environment.set("XDG_DATA_HOME", data)
        guard folders.count == 2, Toolkit.initialize() else {
            printError("demo-shell-memory-cycles: \(name): no display, or no temporary folder")
            return nil
        }
        let paths = ShellPaths.current()
        Gettext.setUp(domain: Gettext.shellDomain, directory: paths.localeDirectory)
        let registry = PluginRegistry(
            searchPath: PluginRegistry.defaultSearchPath(executableDirectory: paths.executableDirectory),
            myDemoStore: myDemos ? MyDemoStore() : nil)
        registry.verifyAll()
        // Say Hello's edits, kept where the Source page finds them, as if typed.
        if let entry = registry.entry(id: "say-hello") {
            let workspace = EditWorkspace(demoID: "say-hello")
            for file in DemoSources.files(
                for: entry.manifest, manifestPath: entry.manifestPath,
                installedSourcesDirectory: paths.sourcesDirectory)
            {
                guard let edit = edits[file.relativePath], case .success(let original) = DemoSources.read(file) else {
                    continue
                }
                var text = original
                edit(&text)
                guard text != original else {
                    printError(
                        "demo-shell-memory-cycles: \(name): the edit of \(file.relativePath) found nothing to change")
                    return nil
                }
                do { try workspace.save(text, for: file.relativePath, original: original) } catch {
                    printError("demo-shell-memory-cycles: \(name): \(error.message)")
                    return nil
                }
            }
        }
        let application = Application(id: "io.github.demoshell.MemoryCycles", unique: false)
        if let message = application.register() { printError("demo-shell-memory-cycles: \(message)") }
        let shell = Shell(application: application, registry: registry, paths: paths, onlyDemoID: nil, autoquit: false)
        shell.showLauncher()
        guard let launcher = shell.launcher, MainLoop.run(until: { launcher.window.isMapped }) else {
            printError("demo-shell-memory-cycles: \(name): the launcher never showed")
            return nil
        }
        return LauncherDriver(shell: shell, launcher: launcher, folders: folders, paths: paths)
    }

    private init(shell: Shell, launcher: LauncherWindow, folders: [String], paths: ShellPaths) {
        self.shell = shell
        self.launcher = launcher
        self.folders = folders
        self.paths = paths
    }

    var session: EditRunSession { LauncherReadings(launcher).editRunSession }

    /// Say Hello selected, its Source page shown.
    func openSayHellosSource() -> Bool {
        guard select(named: "Say Hello") else { return false }
        return show(page: "Source")
    }

    /// The list's row whose accessible name is `name`, selected.
    func select(named name: String) -> Bool {
        guard
            let row = launcher.list.children.compactMap({ $0.as(ListBoxRow.self) }).first(where: {
                $0.accessibleName == name
            })
        else { return false }
        launcher.list.select(row)
        MainLoop.drain()
        return true
    }

    /// Clicks the stack switcher's button called `title`, as a mouse would.
    func show(page title: String) -> Bool {
        guard
            let button = launcher.window.descendants.compactMap({ $0.as(ToggleButton.self) })
                .first(where: { $0.parent?.as(StackSwitcher.self) != nil && $0.accessibleName == title })
        else { return false }
        button.click()
        MainLoop.drain()
        return true
    }

    /// Sets the toggle named `name` on or off with a click.
    func set(_ name: String, on: Bool) -> Bool {
        guard let toggle = launcher.window.find(ToggleButton.self, named: name) else { return false }
        if toggle.isActive != on { toggle.click() }
        MainLoop.drain()
        return toggle.isActive == on
    }

    func click(_ name: String) -> Bool {
        guard let button = launcher.window.find(Button.self, named: name), button.isSensitive else { return false }
        button.click()
        MainLoop.drain()
        return true
    }

    /// Edit's ready child waits and the compile server has done its warm-up.
    func waitForEditsHelpers(timeout: Double) -> Bool {
        MainLoop.run(
            until: {
                session.ready.processID != nil && session.builder.server.processID != nil
                    && !session.builder.server.isBusy
            }, timeout: timeout)
    }

    /// Stop, Edit off, and every process the launcher started gone.
    func endEditing() -> Bool {
        if session.childProcessID != nil { _ = click("Stop") }
        _ = set("Edit", on: false)
        return MainLoop.run(until: { session.childProcessID == nil && Self.children().isEmpty }, timeout: 30)
    }

    /// The learner's private folder is left for the caller (`EditRunCycles.keptBuildVariable`).
    var keepsData = false

    /// The launcher's window closed and the private folders removed.
    func finish() {
        launcher.window.destroy()
        MainLoop.drain()
        for folder in keepsData ? [folders[0]] : folders { FileSystem.removeTree(folder) }
    }

    // MARK: What the process holds

    /// This process's children (their `/proc/PID/stat` name this one as
    /// parent), but the `SessionWatchdog`'s `sh`, which lives as long as the launcher.
    static func children() -> [Int32] {
        let me = getpid()
        return FileSystem.contents(ofDirectory: "/proc").compactMap(Int32.init).filter { pid in
            guard !arguments(of: pid).contains("watchdog"),
                let stat = FileSystem.read("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == me
        }
    }

    /// The children's command lines, for a message.
    static func describeChildren() -> String {
        children().map { pid in
            "\(pid) " + String(arguments(of: pid).joined(separator: " ").prefix(120))
        }.joined(separator: "; ")
    }

    nonisolated static func arguments(of pid: Int32) -> [String] {
        (FileSystem.readBytes("/proc/\(pid)/cmdline") ?? []).split(separator: 0).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// This process's threads, by name.
    nonisolated static func threads() -> [String] {
        FileSystem.contents(ofDirectory: "/proc/self/task").map {
            (FileSystem.read("/proc/self/task/\($0)/comm") ?? "?").split(separator: "\n").joined()
        }.sorted()
    }

    /// This process's open descriptors, each as "FD → what it is".
    nonisolated static func descriptors() -> [String] {
        FileSystem.contents(ofDirectory: "/proc/self/fd").compactMap(Int.init).sorted().map { fd in
            "\(fd) → " + linkTarget("/proc/self/fd/\(fd)")
        }
    }
    nonisolated private static func linkTarget(_ path: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        return count >= 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
    }

    static func isGone(_ pid: Int32) -> Bool { kill(pid, 0) != 0 && errno == ESRCH }
}
