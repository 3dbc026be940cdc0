import DemoShellKit
import DemoKitTesting
@testable import EditRunModel
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import Glibc
import TestSupport
import XCTest

/// Live, as a learner meets it: the switch on the Edit bar,
/// remembered; typing into the editor replaces the running edited demo by
/// the new build, in the same place at the same size, and a change with an
/// error leaves it running with a Problem. The real compiler, real children,
/// their windows as the X server has them (xdotool).
@MainActor
final class LiveEditTests: EditAndRunTestCase {
    func testLiveIsASwitchOnTheEditBarAndIsRemembered() async throws {
        var launcher = try openSayHellosSource()
        var live = try XCTUnwrap(launcher.window.find(ToggleButton.self, named: "Live"))
        XCTAssertFalse(live.isActive, "off at first")
        XCTAssertNotNil(live.tooltip)
        live.click()
        MainLoop.drain()
        XCTAssertTrue(live.isActive)
        launcher.sourcePane.session.stop()
        launcher.window.destroy()
        MainLoop.drain()

        launcher = try openSayHellosSource()
        live = try XCTUnwrap(launcher.window.find(ToggleButton.self, named: "Live"))
        XCTAssertTrue(live.isActive, "on, as it was left")
        saveScreenshot("live-switch")
        XCTAssertNil(launcher.sourcePane.session.childProcessID, "nothing runs until the code changes")
        live.click()
        MainLoop.drain()
        launcher.window.destroy()
        MainLoop.drain()
        launcher = try openSayHellosSource()
        XCTAssertFalse(
            try XCTUnwrap(launcher.window.find(ToggleButton.self, named: "Live")).isActive, "off, as it was left")
    }

    func testTypingReplacesTheRunningDemoInPlaceAndAnErrorKeepsIt() async throws {
        continueAfterFailure = false  // each step waits on the one before
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let session = launcher.sourcePane.session
        try XCTUnwrap(launcher.window.find(ToggleButton.self, named: "Live")).click()
        var child = try waitForNewChild(of: session, after: nil, launcher)
        var window = try visibleWindow(of: child)
        // GTK's numbers (what the child reports) leave out the frame X has:
        // the difference stays, whatever the window's place.
        let (opened, openedPlace) = try steadyPlace(of: window, session)
        // Where the learner put it: not where it opened.
        _ = output(of: ["xdotool", "windowmove", "--sync", window, "137", "91"])
        _ = output(of: ["xdotool", "windowsize", "--sync", window, "530", "330"])
        let placed = try XCTUnwrap(geometry(of: window))
        XCTAssertEqual([placed.x, placed.y, placed.width, placed.height], [137, 91, 530, 330])
        let expected = WindowPlace(
            x: openedPlace.x + placed.x - opened.x, y: openedPlace.y + placed.y - opened.y,
            width: openedPlace.width + placed.width - opened.width,
            height: openedPlace.height + placed.height - opened.height)
        XCTAssertTrue(
            MainLoop.run(until: { session.runningPlace == expected }, timeout: 30),
            "the child never said where it is: \(String(describing: session.runningPlace)), not \(expected)")

        let line =
            try XCTUnwrap(
                view.text.split(separator: "\n", omittingEmptySubsequences: false)
                    .firstIndex { $0.contains("localized(\"Hello, {name}!\")") }) + 1
        for (index, words) in [" there", " and", " again"].enumerated() {
            let text = view.text.split(separator: "\n", omittingEmptySubsequences: false)[line - 1]
            let after = try XCTUnwrap(text.range(of: ", {name}!\")"))
            view.grabFocus()
            view.moveCursor(toLine: line, column: text.distance(from: text.startIndex, to: after.lowerBound) + 1)
            type(words, into: launcher)
            let previous = child
            child = try waitForNewChild(of: session, after: previous, launcher)
            window = try visibleWindow(of: child)
            var now: Geometry? = nil
            XCTAssertTrue(
                MainLoop.run(
                    until: {
                        now = self.geometry(of: window)
                        return now == placed
                    }, timeout: 30),
                "change \(index + 1): the new window is at \(String(describing: now)), not \(String(describing: placed))"
            )
            XCTAssertTrue(MainLoop.run(until: { kill(previous, 0) != 0 }, timeout: 10), "the replaced demo is gone")
        }
        XCTAssertTrue(view.text.contains("\"Hello there and again, {name}!\""), "typed into the editor")

        // A quote in the middle of the string: an error. The demo stays, Problems say why.
        type("\"", into: launcher)
        let problems = try XCTUnwrap(launcher.window.find(ListBox.self, named: "Problems"))
        XCTAssertTrue(
            MainLoop.run(
                until: {
                    problems.children.contains {
                        $0.as(ListBoxRow.self)?.accessibleName.contains("SayHelloView.swift, line") == true
                    }
                        && session.phase == .running
                }, timeout: buildTimeLimit), "no Problem; status: \(launcher.sourcePane.editPanel.status.text)")
        XCTAssertTrue(
            launcher.sourcePane.editPanel.status.text.hasPrefix("The build failed"),
            launcher.sourcePane.editPanel.status.text)
        XCTAssertEqual(session.childProcessID, child, "the running demo stays")
        XCTAssertEqual(kill(child, 0), 0)
        XCTAssertEqual(geometry(of: window), placed)
        saveScreenshot("live-error-keeps-the-demo")

        // The quote taken back: the code is the running demo's again. It
        // goes on as it is (its state kept), and the Problem goes.
        let launches = session.metrics.launches
        launcher.window.sendKey(Key.backSpace)
        MainLoop.drain()
        XCTAssertTrue(
            MainLoop.run(
                until: {
                    problems.children.allSatisfy {
                        $0.as(ListBoxRow.self)?.accessibleName.contains("SayHelloView.swift, line") != true
                    }
                        && launcher.sourcePane.editPanel.status.text == "Running the edited demo."
                }, timeout: buildTimeLimit), "status: \(launcher.sourcePane.editPanel.status.text)")
        XCTAssertEqual(session.metrics.launches, launches, "not started again")
        XCTAssertEqual(session.childProcessID, child)
    }

    /// Closed by the learner, the demo does not come back at every pause:
    /// Live checks the code (Problems, the status line) until Run Edited.
    func testWithNoDemoRunningLiveOnlyChecksTheCode() async throws {
        let (launcher, view) = try openForEditing("Plugin/SayHelloView.swift")
        let session = launcher.sourcePane.session
        try XCTUnwrap(launcher.window.find(ToggleButton.self, named: "Live")).click()
        let child = try waitForNewChild(of: session, after: nil, launcher)
        _ = try visibleWindow(of: child)
        let status = launcher.sourcePane.editPanel.status
        let listener = try listenForAnnouncements()
        defer { listener.stop() }
        _ = listener.announcements(through: status) {}  // heard from here on
        session.stop()
        XCTAssertTrue(MainLoop.run(until: { session.childProcessID == nil }, timeout: 10))
        // Stop's sentence is said once the focus settles (`FocusSettling`): heard before what Live does next.
        XCTAssertTrue(
            MainLoop.run(
                until: {
                    listener.events.contains {
                        if case .announcement(let heard) = $0 { heard.text.hasPrefix("Stopped") } else { false }
                    }
                }, timeout: 10), "the stop is told: \(listener.events)")
        let launches = session.metrics.launches
        let line =
            try XCTUnwrap(
                view.text.split(separator: "\n", omittingEmptySubsequences: false)
                    .firstIndex { $0.contains("localized(\"Hello, {name}!\")") }) + 1
        let text = view.text.split(separator: "\n", omittingEmptySubsequences: false)[line - 1]
        let after = try XCTUnwrap(text.range(of: ", {name}!\")"))
        view.grabFocus()
        view.moveCursor(toLine: line, column: text.distance(from: text.startIndex, to: after.lowerBound) + 1)
        let heard = listener.announcements(through: status) {
            type(" there", into: launcher)
            XCTAssertTrue(
                MainLoop.run(
                    until: { status.text == "Built without errors. Run Edited opens it." }, timeout: buildTimeLimit),
                "status: \(status.text)")
        }
        XCTAssertEqual(
            heard.map(\.text), ["Built without errors. Run Edited opens it."],
            "what came of the build, not “Building…” at every pause")
        XCTAssertNil(session.childProcessID, "no window comes back")
        XCTAssertEqual(session.metrics.launches, launches)
        XCTAssertEqual(session.phase, .idle)
        try runEdited(launcher)
        _ = try waitForNewChild(of: session, after: nil, launcher)
    }

    // MARK: Helpers

    /// Types `text` into the launcher's focused widget (the editor), key by key.
    private func type(_ text: String, into launcher: LauncherWindow) {
        for character in text { launcher.window.sendKey(Key.character(character)) }
        MainLoop.drain()
    }

    /// The process of the edited demo that replaced `previous` (or the first).
    private func waitForNewChild(of session: EditRunSession, after previous: Int32?, _ launcher: LauncherWindow) throws
        -> Int32
    {
        XCTAssertTrue(
            MainLoop.run(until: { session.childProcessID.map { $0 != previous } ?? false }, timeout: buildTimeLimit),
            "no new demo; status: \(launcher.sourcePane.editPanel.status.text); output: \((try? outputText(launcher)) ?? "")"
        )
        return try XCTUnwrap(session.childProcessID)
    }

    private func visibleWindow(of process: Int32) throws -> String {
        var window: String?
        XCTAssertTrue(
            MainLoop.run(
                until: {
                    window = self.output(of: ["xdotool", "search", "--onlyvisible", "--pid", String(process)])
                        .split(separator: "\n").first.map(String.init)
                    return window != nil
                }, timeout: 60), "no window for \(process)")
        return try XCTUnwrap(window)
    }

    struct Geometry: Equatable { let x, y, width, height: Int }

    /// The window as X has it and as its child reports it, once both agree twice running.
    private func steadyPlace(of window: String, _ session: EditRunSession) throws -> (Geometry, WindowPlace) {
        var last: (Geometry, WindowPlace)?
        var steady: (Geometry, WindowPlace)?
        XCTAssertTrue(
            MainLoop.run(
                until: {
                    guard let geometry = self.geometry(of: window), let place = session.runningPlace else {
                        return false
                    }
                    if let last, last.0 == geometry, last.1 == place {
                        steady = last
                        return true
                    }
                    last = (geometry, place)
                    MainLoop.run(until: { false }, timeout: 0.2)  // a moment for a late configure
                    return false
                }, timeout: 30), "the child never said where it is: \(String(describing: last))")
        return try XCTUnwrap(steady)
    }

    /// The window as the X server has it.
    private func geometry(of window: String) -> Geometry? {
        var values: [String: Int] = [:]
        for line in output(of: ["xdotool", "getwindowgeometry", "--shell", window]).split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2, let value = Int(parts[1]) { values[String(parts[0])] = value }
        }
        guard let x = values["X"], let y = values["Y"], let width = values["WIDTH"], let height = values["HEIGHT"]
        else { return nil }
        return Geometry(x: x, y: y, width: width, height: height)
    }
}
