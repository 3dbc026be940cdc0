// `demo-shell-edit-bench --language ROUNDS`: the editor's Swift,
// in the launcher itself, with Say Hello's view on the Source page, Edit on,
// keys sent into the view as a learner types them:
// - first: Edit on, then `greeting.` typed: from the `.` key to the
//   completion list shown with its items (the language service started,
//   the model compiled into its folder, SourceKit's first AST);
// - warm: ROUNDS times on a new line, `greeting.` again: from the `.` key to
//   the list shown (a new line each time, so SourceKit is asked each time);
// - errors: `greeting.wraps = 3` typed: from the pause's end (half a second
//   after the last key) to the line marked and listed in Problems;
// - typing: 500 keys at 30 ms, completion and errors running on them: the
//   launcher's main-loop gaps (a 5 ms timer's, less 5 ms), p99 and longest;
// - memory: the service's resident memory (VmRSS), and the launcher's own
//   private memory before Edit on and after the typing.
// Prints lines scripts/bench-language reads:
// "first-ms F", "warm-ms median M p95 P max X n N", "errors-ms E",
// "stall-ms p99 Q max Y keys K", "service-rss-mb R", "launcher-private-mb B A",
// and "context-file PATH" (the view's arguments, for sourcekit-lsp's anchor).
import DemoKitTesting
import DemoShellKit
import Launcher
import PluginHost
import EditRunModel
import ShellModel
import Glibc

@MainActor
func languageBench(rounds: Int) -> Int32 {
    guard Toolkit.initialize() else {
        printError("demo-shell-edit-bench: no display")
        return 1
    }
    let paths = ShellPaths.current()
    let registry = PluginRegistry(
        searchPath: PluginRegistry.defaultSearchPath(executableDirectory: paths.executableDirectory))
    EditWorkspace(demoID: "say-hello").discard()
    let application = Application(id: "io.github.demoshell.LanguageBench", unique: false)
    if let message = application.register() { printError("demo-shell-edit-bench: \(message)") }
    let shell = Shell(application: application, registry: registry, paths: paths, onlyDemoID: nil, autoquit: false)
    shell.showLauncher()
    guard let launcher = shell.launcher, wait({ launcher.window.isMapped }),
        let row = launcher.list.children.compactMap({ $0.as(ListBoxRow.self) }).first(where: {
            $0.accessibleName == "Say Hello"
        })
    else {
        printError("demo-shell-edit-bench: the launcher never showed Say Hello")
        return 1
    }
    launcher.list.select(row)
    turn()
    guard pushSwitch("Source", in: launcher.window),
        let files = launcher.window.find(ComboBoxText.self, named: "Source file"),
        wait({ launcher.window.descendants.contains { $0.as(SourceView.self) != nil } }),
        let view = launcher.window.descendants.lazy.compactMap({ $0.as(SourceView.self) }).first
    else {
        printError("demo-shell-edit-bench: no Source page")
        return 1
    }
    for index in 0..<files.count {
        files.activeIndex = index
        if files.activeText?.hasPrefix("Plugin/SayHelloView.swift") == true { break }
    }
    turn()
    let privateBefore = privateMegabytes()
    guard let edit = launcher.window.find(ToggleButton.self, named: "Edit"),
        let completion = SourceCompletion.attached(to: view)
    else {
        printError("demo-shell-edit-bench: no Edit, or no completion on the code")
        return 1
    }
    edit.click()
    turn()
    let lines = view.text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let line = lines.firstIndex(where: { $0.hasSuffix("greeting.expandsVertically = true") }) else { return 1 }
    view.moveCursor(toLine: line + 1, column: lines[line].count + 1)

    /// A new line, `greeting` typed, then the time from `.` to the list shown with `text` in it.
    func dotToList() -> Double? {
        view.sendKey(Key.escape)
        view.sendKey(Key.returnKey)
        for character in "greeting" { view.sendKey(Key.character(character)) }
        turn()
        let start = MainLoop.monotonicSeconds
        view.sendKey(Key.character("."))
        guard
            wait(timeout: 60, { completion.isShowing && completion.proposals.contains { $0.label.hasPrefix("text ") } })
        else { return nil }
        _ = MainLoop.iterate(blocking: false)  // the list's frame
        return (MainLoop.monotonicSeconds - start) * 1000
    }
    guard let first = dotToList() else {
        printError("demo-shell-edit-bench: no completion list")
        return 1
    }
    var warm: [Double] = []
    for _ in 0..<rounds { if let time = dotToList() { warm.append(time) } }
    view.sendKey(Key.escape)

    // Errors as typed: a type error on a line of its own.
    view.sendKey(Key.returnKey)
    for character in "greeting.wraps = 3" { view.sendKey(Key.character(character)) }
    view.sendKey(Key.escape)
    let typed = MainLoop.monotonicSeconds
    let marked = wait(timeout: 60) { !view.markedProblemLines.isEmpty }
    let errors = (MainLoop.monotonicSeconds - typed) * 1000 - Double(LanguageService.typingPause)

    // 500 keys at 30 ms, the list and the errors asked about as they go.
    let session = Array(String(repeating: "let shown = greeting.text\n", count: 20).prefix(500))
    var gaps: [Double] = []
    var last = MainLoop.monotonicSeconds
    let meter = MainLoop.every(milliseconds: 5) {
        let now = MainLoop.monotonicSeconds
        gaps.append(max(0, now - last - 0.005) * 1000)
        last = now
        return true
    }
    for character in session {
        view.sendKey(character == "\n" ? Key.returnKey : Key.character(character))
        let next = MainLoop.monotonicSeconds + 0.03
        while MainLoop.monotonicSeconds < next { _ = MainLoop.iterate(blocking: false) }
    }
    meter.cancel()
    gaps.sort()
    let rss = languageService().flatMap(residentMegabytes) ?? 0
    // The service stopped for good (SourceKit crashed three times): said, as the page says it.
    for label in launcher.window.descendants.compactMap({ $0.as(Label.self) })
    where label.text.hasPrefix("Completion and errors as you type are off") {
        printError("demo-shell-edit-bench: \(label.text)")
    }
    let privateAfter = privateMegabytes()
    // The view's arguments as the service has them, for sourcekit-lsp's anchor.
    if let entry = registry.entry(id: "say-hello"),
        let context = LanguageService(paths: paths).context(
            manifest: entry.manifest, manifestText: FileSystem.read(entry.manifestPath) ?? "",
            inputs: benchInputs(of: entry, paths: paths) { _, _ in }, workspace: EditWorkspace(demoID: "say-hello"),
            relativePath: "Plugin/SayHelloView.swift"),
        let folder = FileSystem.makeTemporaryDirectory("demo-shell-language-bench-XXXXXX")
    {
        let file = FileSystem.join(folder, "context")
        try? FileSystem.writeAtomically(([context.path] + context.arguments).joined(separator: "\n"), to: file)
        print("context-file \(file)")
    }
    edit.click()
    turn()
    shell.quit()
    print("first-ms \(Int(first.rounded()))")
    print(
        "warm-ms median \(rounded(percentile(warm, 0.5))) p95 \(rounded(percentile(warm, 0.95)))"
            + " max \(rounded(warm.max() ?? 0)) n \(warm.count)")
    print("errors-ms \(marked ? String(Int(errors.rounded())) : "none")")
    print("stall-ms p99 \(rounded(percentile(gaps, 0.99))) max \(rounded(gaps.last ?? 0)) keys \(session.count)")
    print("service-rss-mb \(rss)")
    print("launcher-private-mb \(privateBefore) \(privateAfter)")
    return 0
}

/// The launcher's language service: its child started with `--language-service=`.
@MainActor
private func languageService() -> Int32? {
    for name in FileSystem.contents(ofDirectory: "/proc") {
        guard let pid = Int32(name), let stat = FileSystem.read("/proc/\(name)/stat"),
            let close = stat.lastIndex(of: ")"),
            Int32(stat[stat.index(close, offsetBy: 2)...].split(separator: " ").dropFirst().first ?? "") == getpid(),
            let command = FileSystem.readBytes("/proc/\(name)/cmdline"),
            command.split(separator: 0).contains(where: { $0.starts(with: Array(LanguageService.option.utf8)) })
        else { continue }
        return pid
    }
    return nil
}

private func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
}

private func rounded(_ value: Double) -> String { String(Int(value.rounded())) }

/// A process's resident memory (VmRSS), in megabytes.
private func residentMegabytes(_ pid: Int32) -> Int? {
    guard let status = FileSystem.read("/proc/\(pid)/status"),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return nil }
    return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 / 1024 }
}

/// This process's private memory (Private_Clean + Private_Dirty), in megabytes.
private func privateMegabytes() -> Int {
    guard let rollup = FileSystem.read("/proc/self/smaps_rollup") else { return 0 }
    let kilobytes = rollup.split(separator: "\n").filter { $0.hasPrefix("Private_") }.compactMap {
        $0.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }
    return kilobytes.reduce(0, +) / 1024
}

@MainActor
@discardableResult
private func wait(timeout: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = MainLoop.monotonicSeconds + timeout
    while !condition() {
        guard MainLoop.monotonicSeconds < deadline else { return false }
        _ = MainLoop.iterate(blocking: false)
        usleep(500)
    }
    return true
}

@MainActor
private func turn() {
    for _ in 0..<50 { _ = MainLoop.iterate(blocking: false) }
    usleep(50_000)
    while MainLoop.iterate(blocking: false) {}
}

/// Clicks the stack switcher's button called `title`, as a mouse would.
@MainActor
private func pushSwitch(_ title: String, in window: Window) -> Bool {
    guard
        let button = window.descendants.compactMap({ $0.as(ToggleButton.self) })
            .first(where: { $0.parent?.as(StackSwitcher.self) != nil && $0.accessibleName == title })
    else { return false }
    button.click()
    turn()
    return true
}
