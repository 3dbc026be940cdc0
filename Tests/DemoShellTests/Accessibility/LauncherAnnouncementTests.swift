import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import TestSupport
import XCTest

/// What the launcher shows as the result of a search (no
/// results, the finder's "3 of 16", a search brought back from the last
/// run) is heard by a screen reader, once and politely, without the bidi
/// isolates around the user's text.
@MainActor
final class LauncherAnnouncementTests: LauncherTestCase {
    private var listener: AnnouncementListener!

    override func tearDown() async throws {
        listener?.stop()
        listener = nil
        try await super.tearDown()
    }

    private func heard(
        through widget: Widget, file: StaticString = #filePath, line: UInt = #line,
        during action: () throws -> Void
    ) rethrows -> [String] {
        let heard = try listener.announcements(through: widget, file: file, line: line, during: action)
        XCTAssertEqual(heard.filter { !$0.isPolite }, [], "announced politely", file: file, line: line)
        return heard.map(\.text)
    }

    func testNoResultsIsAnnouncedOnceAsItAppears() async throws {
        makeShell()
        let launcher = try launcher()
        listener = try listenForAnnouncements()
        XCTAssertEqual(heard(through: launcher.window) { search(launcher, "zzqx") }, ["No results"])
        XCTAssertTrue(launcher.showsNoResults)
        XCTAssertEqual(
            heard(through: launcher.window) { search(launcher, "zzqxy") }, [], "still none: nothing new to say")
        XCTAssertEqual(heard(through: launcher.window) { search(launcher, "say") }, [])
        XCTAssertEqual(heard(through: launcher.window) { search(launcher, "zzqx") }, ["No results"])
    }

    func testARestoredSearchIsAnnouncedOnceTheWindowIsShown() async throws {
        let path = LauncherWindow.settingsPath()
        try FileManager.default.createDirectory(atPath: FileSystem.dirname(path), withIntermediateDirectories: true)
        try "[Settings]\nsearch=say hello\n".write(toFile: path, atomically: false, encoding: .utf8)
        // Probes go through a window of their own: the launcher is not made yet.
        let probes = Window(title: "Probes")
        show(probes)
        listener = try listenForAnnouncements()
        var launcher: LauncherWindow?
        let events = try listener.events(through: probes) {
            makeShell()
            launcher = try self.launcher()
        }
        XCTAssertEqual(
            try XCTUnwrap(launcher).searchNotice.label.text, "Showing results for “\u{2068}say hello\u{2069}”")
        let said = events.compactMap { event -> String? in
            if case .announcement(let heard) = event { heard.text } else { nil }
        }
        XCTAssertEqual(said, ["Showing results for “say hello”"])
        // After the window appears (its name is what a screen reader says
        // first), not before: made or activated, whichever AT-SPI told first
        // (on a loaded machine the bridge's "create" may come after, or not at all).
        let window = try XCTUnwrap(
            events.firstIndex { $0 == .window("Demo Shell") || $0 == .activated("Demo Shell") }, "\(events)")
        let notice = try XCTUnwrap(events.firstIndex { if case .announcement = $0 { true } else { false } })
        XCTAssertLessThan(window, notice, "\(events)")
    }

    func testTheFindersMatchCountIsAnnouncedOnceEach() async throws {
        makeShell()
        let launcher = try launcher()
        launcher.list.select(try row(launcher, named: "Say Hello"))
        try switchTo(launcher, "Source")
        let view = try XCTUnwrap(launcher.sourcePane.view)
        let needle = "maximumNameLength"
        let occurrences = view.text.components(separatedBy: needle).count - 1
        XCTAssertGreaterThanOrEqual(occurrences, 2)
        launcher.window.present()
        MainLoop.run(until: { launcher.window.isActive }, timeout: 2)
        view.grabFocus()
        launcher.window.sendKey(Key.character("f"), modifiers: .control)
        MainLoop.drain()
        let entry = try XCTUnwrap(launcher.window.find(SearchEntry.self, named: "Find in file"))
        listener = try listenForAnnouncements()

        let label = launcher.sourcePane.findBar.matchLabel
        let typed = heard(through: launcher.window) {
            entry.text = needle  // one search (typed keys may make one a key on a slow machine)
            XCTAssertTrue(MainLoop.run(until: { label.text == "1 of \(occurrences)" }), label.text)
        }
        XCTAssertEqual(typed, ["1 of \(occurrences)"])
        XCTAssertEqual(heard(through: launcher.window) { entry.sendKey(Key.returnKey) }, ["2 of \(occurrences)"])
        let none = heard(through: launcher.window) {
            entry.text = "no-such-identifier-here"
            XCTAssertTrue(MainLoop.run(until: { label.text == "No matches" }), label.text)
        }
        XCTAssertEqual(none, ["No matches"])
    }

    /// A crash told as the edited demo's window goes ("Crashed:
    /// SIGILL.") is heard after the launcher comes forward, not in the same
    /// moment, where a screen reader speaking the window cut it short.
    func testWhatIsSaidAsTheDemosWindowGoesIsHeardAfterTheLauncherComesForward() async throws {
        let manager = try WindowManager()
        defer { manager.stop() }
        makeShell()
        let launcher = try launcher()
        try switchTo(launcher, "Source")
        let demo = Window(title: "Edited Demo")
        demo.setDefaultSize(width: 200, height: 100)
        show(demo)
        XCTAssertTrue(
            MainLoop.run(until: { demo.isActive && !launcher.window.isActive }), "the demo's window has the focus")
        listener = try listenForAnnouncements()
        let sentence = "Crashed: SIGILL."
        let events = listener.events(through: launcher.sourcePane.editPanel.status) {
            demo.destroy()  // the crashed demo's window goes…
            launcher.sourcePane.runResults.setStatus(sentence, afterFocusMoves: true)  // …as its end is told
            XCTAssertTrue(
                MainLoop.run(until: { launcher.window.isActive }), "the window manager brings the launcher forward")
            XCTAssertTrue(
                MainLoop.run(until: {
                    self.listener.events.contains {
                        if case .announcement(let heard) = $0 { heard.text == sentence } else { false }
                    }
                }),
                "the sentence is heard")
        }
        let forward = try XCTUnwrap(events.firstIndex(of: .activated("Demo Shell")), "\(events)")
        let told = try XCTUnwrap(
            events.firstIndex { if case .announcement(let heard) = $0 { heard.text == sentence } else { false } },
            "\(events)")
        XCTAssertLessThan(forward, told, "heard after the launcher came forward: \(events)")
    }
}
