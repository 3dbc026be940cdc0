import DemoShellKit
import Launcher
import PluginHost
import ShellModel
// The diagnostic drives windows as the tests do.
import DemoKitTesting
import TextBounds

/// A diagnostic beside the shell, not part of what is installed:
/// `demo-shell-memory-cycles --cycles=N` opens and closes every available demo N
/// times in one process, then changes the launcher's search, and reports
///
/// - private dirty memory after the first and the last cycle (the first
///   loads the plugins, fonts and icons, so growth is measured from there);
/// - every GObject of every demo window (the window and each widget in it,
///   watched with a weak reference) that was not finalized once it closed;
/// - Swift wrappers (`Object.liveCount`) and signal boxes
///   (`liveSignalHandlerCount`) left after the last cycle;
/// - the launcher search's growth per change, beside a plain `GtkListBox`
///   with symbolic icons filtered as often (GTK's own share), and the
///   wrappers and signal boxes the search left (the project's own share).
///
/// It exits 0 when every limit holds, 1 otherwise. `MemoryCyclesTests` and
/// `make leaks` run it. Settings go to a temporary folder, never the user's.
@MainActor
enum MemoryCycles {
    static let option = "--cycles="
    /// `--demos=ID,ID…`: only these demos are cycled (the tests share the
    /// demos between two processes, which run at once).
    static let demosOption = "--demos="
    /// Growth allowed between the first and the last cycle.
    static let dirtyLimitKB = 2048

    static func run(argument: String, demos: String? = nil) -> Int32 {
        guard let cycles = Int(argument.dropFirst(option.count)), cycles >= 2 else {
            printError("demo-shell-memory-cycles: \(option)N needs N ≥ 2")
            return 2
        }
        let home = FileSystem.makeTemporaryDirectory("demo-shell-memory-XXXXXX")
        defer { if let home { FileSystem.removeTree(home) } }
        guard let home, privateHome(home), Toolkit.initialize() else {
            printError("demo-shell-memory-cycles: no display, or no private folders")
            return 1
        }
        let paths = ShellPaths.current()
        Gettext.setUp(domain: Gettext.shellDomain, directory: paths.localeDirectory)
        let registry = PluginRegistry(
            searchPath: PluginRegistry.defaultSearchPath(executableDirectory: paths.executableDirectory))
        registry.verifyAll()
        let application = Application(id: "io.github.demoshell.MemoryCycles", unique: false)
        if let message = application.register() { printError("demo-shell-memory-cycles: \(message)") }
        let shell = Shell(application: application, registry: registry, paths: paths, onlyDemoID: nil, autoquit: false)
        let wanted = demos.map { Set($0.dropFirst(demosOption.count).split(separator: ",").map(String.init)) }
        let ids = registry.ids.filter { wanted?.contains($0) ?? true }
        if let wanted, Set(ids) != wanted {
            printError(
                "demo-shell-memory-cycles: no such demo: \(wanted.subtracting(ids).sorted().joined(separator: ", "))")
            return 2
        }
        var ok = true

        // The baseline is taken once the start's one-offs are over (the
        // accessibility bridge joins the bus on its own time, caches fill
        // as the first windows draw): after the fifth cycle, or the one
        // before the last of a shorter run. A half of the demos makes a
        // short first cycle, and a loaded machine finished the bridge's
        // start after it (+5.7 MB counted as growth).
        let baseline = min(5, cycles - 1)
        var afterFirst = (dirty: 0, wrappers: 0, boxes: 0)
        var probed = 0
        var survivors: [String: Int] = [:]
        for cycle in 1...cycles {
            for id in ids {
                guard shell.openDemo(id: id), let window = shell.window(forDemo: id) else {
                    print("\(id): cannot be opened")
                    ok = false
                    continue
                }
                _ = MainLoop.run(until: { window.isMapped })
                MainLoop.drain()
                let probes = ([window] + window.descendants).map { $0.probeFinalization() }
                probed += probes.count
                window.destroy()
                _ = MainLoop.run(until: { probes.allSatisfy(\.isFinalized) }, timeout: 2)
                for probe in probes where !probe.isFinalized { survivors["\(id): \(probe.typeName)", default: 0] += 1 }
            }
            MainLoop.drain()
            if cycle == baseline { afterFirst = (settledDirtyKB(), Object.liveCount, liveSignalHandlerCount) }
        }
        let afterLast = (dirty: settledDirtyKB(), wrappers: Object.liveCount, boxes: liveSignalHandlerCount)
        let growth = afterLast.dirty - afterFirst.dirty
        print("demos: \(ids.count) (\(ids.joined(separator: ", "))), each opened and closed \(cycles) times")
        print(
            "private dirty: \(afterFirst.dirty) kB after cycle \(baseline), \(afterLast.dirty) kB after cycle \(cycles): \(signed(growth)) kB (limit \(dirtyLimitKB) kB)"
        )
        print("GObjects of demo windows watched: \(probed), not finalized: \(survivors.values.reduce(0, +))")
        for (what, count) in survivors.sorted(by: { $0.key < $1.key }) { print("  not finalized: \(what) × \(count)") }
        let last = "after cycle \(cycles)"
        print("Swift wrappers: \(afterFirst.wrappers) after cycle \(baseline), \(afterLast.wrappers) \(last)")
        print("signal boxes: \(afterFirst.boxes) after cycle \(baseline), \(afterLast.boxes) after cycle \(cycles)")
        if growth > dirtyLimitKB || !survivors.isEmpty || afterLast.wrappers != afterFirst.wrappers
            || afterLast.boxes != afterFirst.boxes
        {
            ok = false
        }

        ok = searchGrowth(shell: shell, changes: max(100, cycles * 2)) && ok
        print(ok ? "memory: ok" : "memory: FAILED")
        return ok ? 0 : 1
    }

    /// Settings, data and state in folders of `home`, the plugins folder
    /// made: no plugin installed in the caller's data folder is cycled or
    /// counted, and no folder of the caller's (a developer's, a test
    /// shard's) is written to or watched.
    private static func privateHome(_ home: String) -> Bool {
        let folders = ["XDG_CONFIG_HOME": "config", "XDG_DATA_HOME": "data", "XDG_STATE_HOME": "state"]
        for (variable, name) in folders {
            Environment.set(variable, FileSystem.join(home, name))
        }
        do {
            for name in folders.values { try FileSystem.makeDirectory(FileSystem.join(home, name)) }
            try FileSystem.makeDirectory(FileSystem.join(home, "data", "demo-shell", "plugins"))
            return true
        } catch {
            printError("demo-shell-memory-cycles: \(error.message)")
            return false
        }
    }

    /// Types `changes` different searches into the launcher, then filters a
    /// plain list box with symbolic icons as often; prints both growths.
    private static func searchGrowth(shell: Shell, changes: Int) -> Bool {
        shell.showLauncher()
        // The search's own count: the folder beside the executable is
        // watched for plugins, and other programs (a build, a test) write
        // there while this runs (a folder made mid-count started a rescan's
        // timer, counted as a box the search kept).
        shell.stopWatchingPluginFolders()
        guard let launcher = shell.launcher else { return false }
        _ = MainLoop.run(until: { launcher.window.isMapped })
        let queries = [
            "game", "label", "button", "hello", "story", "pass", "calc", "swift", "2048", "number", "xyz", "",
        ]
        var reported = 0
        let id = launcher.searchEntry.onSearchChanged { _ in reported += 1 }
        func search(_ index: Int, distinct: Bool = false) {
            let before = reported
            launcher.searchEntry.text =
                distinct ? "\(queries[index % queries.count]) \(index)" : queries[index % queries.count]
            _ = MainLoop.run(until: { reported > before }, timeout: 2)
            MainLoop.drain()
        }
        func count() -> (dirty: Int, wrappers: Int, boxes: Int) {
            (privateDirtyKB(), Object.liveCount, liveSignalHandlerCount)
        }
        for index in 0..<queries.count * 2 { search(index) }  // warm: every query's icons and info once
        let start = count()
        for index in 0..<changes { search(index) }
        let end = count()
        // Never-seen texts (each matches nothing): the entry's own text
        // rendering caches are GTK's and Pango's, not the project's.
        for index in 0..<changes { search(index, distinct: true) }
        let distinct = count()
        launcher.searchEntry.disconnect(id)
        launcher.window.destroy()
        MainLoop.drain()

        let plain = plainListGrowth(changes: changes, queries: queries)
        let perChange = Double(end.dirty - start.dirty) / Double(changes)
        print(
            "launcher search: \(changes) changes: \(signed(end.dirty - start.dirty)) kB (\(format(perChange)) kB per change); "
                + "Swift wrappers \(signed(end.wrappers - start.wrappers)), signal boxes \(signed(end.boxes - start.boxes))"
        )
        print(
            "launcher search, \(changes) never-seen texts: \(signed(distinct.dirty - end.dirty)) kB "
                + "(\(format(Double(distinct.dirty - end.dirty) / Double(changes))) kB per change); "
                + "Swift wrappers \(signed(distinct.wrappers - end.wrappers)), signal boxes \(signed(distinct.boxes - end.boxes))"
        )
        print(
            "plain GtkListBox with symbolic icons, \(changes) filter changes: \(signed(plain)) kB "
                + "(\(format(Double(plain) / Double(changes))) kB per change)")
        // The project's share: no wrapper or signal box kept by a search.
        return end.wrappers <= start.wrappers && end.boxes <= start.boxes
            && distinct.wrappers <= end.wrappers && distinct.boxes <= end.boxes
    }

    /// GTK alone: a list of rows with a symbolic icon and a label, filtered
    /// and re-headed on every change, as the launcher's list is.
    private static func plainListGrowth(changes: Int, queries: [String]) -> Int {
        let window = Window(title: "Plain list")
        let list = ListBox()
        let names = [
            "Say Hello", "Labels", "Buttons", "Swift Controls", "Story Builder", "Guess the Number",
            "Calculator", "2048", "Password Generator",
        ]
        let icons = [
            "face-smile-symbolic", "format-text-bold-symbolic", "input-mouse-symbolic", "view-list-symbolic",
            "accessories-text-editor-symbolic", "dialog-question-symbolic", "accessories-calculator-symbolic",
            "applications-games-symbolic", "dialog-password-symbolic",
        ]
        for (name, icon) in zip(names, icons) {
            let box = Box(.horizontal, spacing: 8)
            box.append(Image(iconName: icon))
            box.append(Label(name))
            list.append(ListBoxRow(child: box))
        }
        var query = ""
        list.setFilter { row in
            query.isEmpty
                || row.descendants.contains { ($0.as(Label.self)?.text.lowercased() ?? "").containsText(query) }
        }
        window.add(list)
        window.showAll()
        _ = MainLoop.run(until: { window.isMapped })
        func filter(_ index: Int) {
            query = queries[index % queries.count]
            list.invalidateFilter()
            MainLoop.drain()
        }
        for index in 0..<queries.count * 2 { filter(index) }
        let start = privateDirtyKB()
        for index in 0..<changes { filter(index) }
        let end = privateDirtyKB()
        window.destroy()
        MainLoop.drain()
        return end - start
    }

    /// This process's private dirty memory in kB (Linux `smaps_rollup`).
    /// Private dirty memory once the demos' delayed work has run (window
    /// sizes are saved 0.4 s after they change) and the allocator has given
    /// its free pages back: what is still held, not where malloc's free lists
    /// happened to stand when the cycle ended.
    static func settledDirtyKB() -> Int {
        MainLoop.spin(seconds: 0.6)
        _ = mallocTrim(0)
        return privateDirtyKB()
    }

    static func privateDirtyKB() -> Int {
        guard let text = FileSystem.read("/proc/self/smaps_rollup") else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix("Private_Dirty:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
        }
        return 0
    }

    static func signed(_ value: Int) -> String { value >= 0 ? "+\(value)" : "\(value)" }
    private static func format(_ value: Double) -> String { String(Double(Int((value * 10).rounded())) / 10) }
}

/// glibc's malloc_trim (its header is not part of Swift's Glibc module).
@_silgen_name("malloc_trim")
private func mallocTrim(_ pad: Int) -> Int32
