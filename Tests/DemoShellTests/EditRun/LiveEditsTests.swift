import DemoBasics
@testable import EditRunModel
import ShellBasics
@testable import ShellModel
import Glibc
@testable import Wire
import TestSupport
import ModelTesting
import XCTest

/// Live, as rules (no display, no clock: the test fires the
/// timer itself), and the window's place as the edited child reports it.
final class LiveEditsTests: XCTestCase {
    func testTypingStartsTheQuietPeriodAgainAndOnlyTheLastPauseBuilds() {
        var live = LiveEdits(isOn: true)
        guard case .wait(let milliseconds, let first) = live.typed() else { return XCTFail("no wait") }
        XCTAssertEqual(milliseconds, 500)
        guard case .wait(_, let second) = live.typed() else { return XCTFail("no wait") }
        guard case .wait(_, let third) = live.typed() else { return XCTFail("no wait") }
        XCTAssertEqual(live.quiet(ticket: first), .nothing, "a key came since: no build")
        XCTAssertEqual(live.quiet(ticket: second), .nothing)
        XCTAssertEqual(live.quiet(ticket: third), .build(opensDemo: false), "half a second without typing builds")
        XCTAssertEqual(live.quiet(ticket: third), .nothing, "once")
    }

    func testOffNothingHappensAndSwitchingOnRunsTheDemo() {
        var live = LiveEdits()
        XCTAssertEqual(live.typed(), .nothing)
        XCTAssertEqual(live.switched(on: true), .build(opensDemo: true), "switching Live on runs the demo")
        XCTAssertEqual(live.switched(on: true), .nothing)
        guard case .wait(_, let ticket) = live.typed() else { return XCTFail("no wait") }
        XCTAssertEqual(live.switched(on: false), .stopWaiting)
        XCTAssertEqual(live.quiet(ticket: ticket), .nothing, "switched off: the pending build is dropped")
        XCTAssertEqual(live.switched(on: false), .nothing)
    }

    func testAGoodBuildReplacesTheRunningDemoAndABadOneKeepsIt() {
        XCTAssertEqual(LiveEdits.afterBuild(succeeded: true, demoRunning: true, opensDemo: false), .replace)
        XCTAssertEqual(LiveEdits.afterBuild(succeeded: true, demoRunning: true, opensDemo: true), .replace)
        XCTAssertEqual(
            LiveEdits.afterBuild(succeeded: false, demoRunning: true, opensDemo: false), .keep,
            "errors: the running demo stays")
        XCTAssertEqual(LiveEdits.afterBuild(succeeded: false, demoRunning: false, opensDemo: true), .keep)
        XCTAssertEqual(LiveEdits.afterBuild(succeeded: true, demoRunning: false, opensDemo: true), .open)
        XCTAssertEqual(
            LiveEdits.afterBuild(succeeded: true, demoRunning: false, opensDemo: false), .checkOnly,
            "a demo the learner closed does not come back at every pause")
        XCTAssertEqual(
            LiveEdits.afterBuild(succeeded: true, demoRunning: true, opensDemo: false, isRunning: true), .unchanged,
            "a change typed and undone: the demo keeps its state")
        XCTAssertEqual(
            LiveEdits.afterBuild(succeeded: true, demoRunning: true, opensDemo: true, isRunning: true), .replace,
            "Run Edited starts it again")
        XCTAssertEqual(
            [LiveEdits.AfterBuild.replace, .open, .checkOnly, .unchanged, .keep].map(\.opensDemo),
            [true, true, false, false, false])
    }

    // MARK: The window's place

    func testAPlaceIsOneFrameOfFourPlausibleNumbers() {
        let place = WindowPlace(x: 10, y: -20, width: 640, height: 480)
        XCTAssertEqual(WindowPlace.parse(place.text), place)
        XCTAssertTrue(
            place.text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) },
            "text for the environment")
        func hex(_ numbers: [Int32]) -> String {
            var writer = WireWriter()
            for number in numbers { writer.int32(number) }
            return WireHex.encode(RawFrame.make(tag: WireTag.windowPlace.rawValue, payload: writer.bytes))
        }
        XCTAssertEqual(WindowPlace.parse(hex([10, -20, 640, 480])), place)
        for bad in [
            "", "10 -20 640 480", hex([10, 20, 640]), hex([10, 20, 640, 480, 1]), hex([10, 20, 0, 480]),
            hex([10, 20, 640, 99999]),
            hex([99999, 0, 640, 480]), place.text + place.text, place.text + "00", String(place.text.dropLast()),
            place.text.uppercased(), String(repeating: place.text, count: 3),
        ] {
            XCTAssertNil(WindowPlace.parse(bad), bad)
        }
    }

    func testThePlaceFileIsReadAsHostile() throws {
        let folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory())
        defer { FileSystem.removeTree(folder) }
        let path = FileSystem.join(folder, "1")
        let place = WindowPlace(x: 100, y: 50, width: 500, height: 400)
        XCTAssertTrue(place.write(to: path))
        XCTAssertEqual(WindowPlace.read(from: path), place)
        XCTAssertNil(WindowPlace.read(from: FileSystem.join(folder, "none")))
        // Long: nothing (never read whole).
        try FileSystem.writeAtomically(String(repeating: "1 ", count: 10_000), to: path)
        XCTAssertNil(WindowPlace.read(from: path))
        // A FIFO nobody writes to would block an ordinary open: refused at once.
        let fifo = FileSystem.join(folder, "fifo")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertNil(WindowPlace.read(from: fifo))
        // A link could point at anything: refused.
        let target = FileSystem.join(folder, "target")
        XCTAssertTrue(place.write(to: target))
        let link = FileSystem.join(folder, "link")
        XCTAssertEqual(symlink(target, link), 0)
        XCTAssertNil(WindowPlace.read(from: link))
    }
}
