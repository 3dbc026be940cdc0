import DemoShellKit
import DemoKitTesting
@testable import EditRunModel
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// Show Values while a person uses the demo (the calculator froze
/// at "0" when a value was let go inside the logger): each demo edited with
/// Show Values, played through its keys (the calculator's digits and
/// operators, 2048's Autoplay), goes on sending what its lines compute,
/// keys after keys, and keeps running.
@MainActor
final class ShowValuesScriptedTests: EditAndRunTestCase {
    /// Runs demo `id` edited with Show Values; its session, and the records so far.
    private func runWithValues(_ id: String) throws -> (EditRunSession, () -> [ValueRecord], String) {
        makeShell()
        let entry = try XCTUnwrap(shell.registry.entries.first { $0.manifest.id == id })
        let session = EditRunSession(paths: shell.paths)
        let log = EditRunEventLog()
        session.delegate = log
        session.showsValues = true
        session.run(
            manifest: entry.manifest, manifestText: try XCTUnwrap(FileSystem.read(entry.manifestPath)),
            inputs: editBuildInputs(of: entry), workspace: EditWorkspace(demoID: id))
        XCTAssertTrue(
            MainLoop.run(until: { session.childProcessID != nil || session.phase == .idle }, timeout: buildTimeLimit))
        let child = try XCTUnwrap(session.childProcessID, "\(id): \(log.status?.sentence ?? "")")
        var window = ""
        XCTAssertTrue(
            MainLoop.run(
                until: {
                    window =
                        self.output(of: ["xdotool", "search", "--onlyvisible", "--pid", String(child)])
                        .split(separator: "\n").first.map(String.init) ?? ""
                    return !window.isEmpty
                }, timeout: 60), "\(id) showed no window")
        return (session, { log.values }, window)
    }

    private func press(_ keys: [String], in window: String) {
        for key in keys { _ = output(of: ["xdotool", "windowfocus", "--sync", window, "key", key]) }
    }

    func testTheCalculatorAnswersEveryKeyWithShowValues() async throws {
        let (session, records, window) = try runWithValues("calculator")
        defer { session.stop() }
        // Typed twice: a run that froze at start, or at the first key, sends no "15".
        for round in 0..<2 {
            let before = records().count
            press(["Escape", "7", "plus", "8", "equal"], in: window)
            XCTAssertTrue(
                MainLoop.run(
                    until: {
                        records().dropFirst(before).contains {
                            $0.relativePath.hasPrefix("Model/") && $0.description.contains("15")
                        }
                    }, timeout: 60),
                "round \(round): the model's values of 7 + 8 never came; last: \(records().suffix(5).map(\.description))"
            )
            XCTAssertNotNil(session.childProcessID, "the calculator ended")
        }
    }

    func testTwoThousandFortyEightAutoplaysWithShowValues() async throws {
        let (session, records, window) = try runWithValues("2048")
        defer { session.stop() }
        press(["alt+s", "alt+a"], in: window)  // Start Game, then Autoplay
        // Moves go on: the model's lines keep sending, batch after batch, for many moves.
        var counted = 0
        XCTAssertTrue(
            MainLoop.run(
                until: {
                    counted = records().filter { $0.relativePath.hasPrefix("Model/") }.reduce(0) { $0 + $1.count }
                    return counted > 50_000
                }, timeout: 120), "Autoplay's model stopped sending after \(counted) runs of its lines")
        XCTAssertNotNil(session.childProcessID, "2048 ended")
        press(["Escape"], in: window)  // any key stops Autoplay
    }
}
