@testable import EditRunModel
@testable import ShellModel
@testable import Wire
import Glibc
import ModelTesting
import XCTest

/// The shell's own channels' messages: each round-trips through a frame,
/// refuses what its bounds refuse, and its decoder survives the fuzzing
/// every channel gets (`WireFuzz`).
final class ShellMessagesTests: XCTestCase {
    private func roundTrip<Message: WireMessage & Equatable>(
        _ message: Message, file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let frame = WireFrame.encode(message) else { return XCTFail("not written", file: file, line: line) }
        var decoder = WireDecoder<Message>()
        XCTAssertEqual(decoder.decode(frame), [message], file: file, line: line)
        XCTAssertEqual(decoder.counts, WireCounts(), file: file, line: line)
    }

    private func refused<Message: WireMessage>(
        _: Message.Type, tag: WireTag, payload: (inout WireWriter) -> Void,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        var writer = WireWriter()
        payload(&writer)
        var decoder = WireDecoder<Message>()
        XCTAssertEqual(
            decoder.decode(RawFrame.make(tag: tag.rawValue, payload: writer.bytes)).count, 0, file: file, line: line)
        XCTAssertEqual(decoder.counts.malformed, 1, file: file, line: line)
    }

    // MARK: The plugin checker's answer

    func testEveryCheckOutcomeRoundTrips() {
        let outcomes: [PluginCheckOutcome] = [
            .usable, .unloadable("libX.so: cannot open shared object file"), .otherSDK("DEMOKIT_ABI_3_SWIFT_6.1"),
            .unversioned,
            .noEntry, .noClass("Mod.Type"), .notADemo("Mod.Other"), .crashed(11), .hung(10),
            .hung(2.5, output: "waiting for the tip server\nstill"), .noAnswer(3),
            .noAnswer(-1),
        ]
        for outcome in outcomes { roundTrip(outcome) }
        // The reason is flattened as it is written: no control character crosses.
        var decoder = WireDecoder<PluginCheckOutcome>()
        XCTAssertEqual(
            decoder.decode(WireFrame.encode(PluginCheckOutcome.unloadable("a\tb\nc\u{1B}"))!), [.unloadable("a b c ")])
    }

    func testACheckAnswerOutOfItsBoundsIsNoAnswer() {
        refused(PluginCheckOutcome.self, tag: .checkOutcome) {
            $0.byte(1)
            $0.string("line\nbreak", limit: 100)
        }
        refused(PluginCheckOutcome.self, tag: .checkOutcome) {
            $0.byte(7)
            $0.int32(0)
        }  // signal 0 is no crash
        refused(PluginCheckOutcome.self, tag: .checkOutcome) {
            $0.byte(8)
            $0.double(-1)
        }
        refused(PluginCheckOutcome.self, tag: .checkOutcome) { $0.byte(10) }  // no such case
        refused(PluginCheckOutcome.self, tag: .checkOutcome) {
            $0.byte(1)
            $0.string(String(repeating: "x", count: 2050), limit: 3000)
        }
    }

    func testTheCheckAnswerSurvivesFuzzing() {
        WireFuzz.play(PluginCheckOutcome.self, seed: 0xc4ec_0001) { random in
            let detail = WireFuzz.text(&random, upTo: 60, controls: false)
            switch Int.random(in: 0..<10, using: &random) {
            case 0: return .usable
            case 1: return .unloadable(detail)
            case 2: return .otherSDK(detail)
            case 3: return .unversioned
            case 4: return .noEntry
            case 5: return .noClass(detail)
            case 6: return .notADemo(detail)
            case 7: return .crashed(Int32.random(in: 1...64, using: &random))
            case 8: return .hung(Double(Int.random(in: 0...100, using: &random)) / 4)
            default: return .noAnswer(Int32.random(in: -1...255, using: &random))
            }
        }
    }

    // MARK: The edited window's place

    func testTheWindowPlaceSurvivesFuzzing() {
        roundTrip(
            WindowPlace(
                x: -32_768, y: 32_767, width: WindowPlace.sizeRange.lowerBound, height: WindowPlace.sizeRange.upperBound
            ))
        refused(WindowPlace.self, tag: .windowPlace) { for number: Int32 in [0, 0, 0, 100] { $0.int32(number) } }
        WireFuzz.play(WindowPlace.self, seed: 0x91ac_0001) { random in
            WindowPlace(
                x: Int.random(in: WindowPlace.positionRange, using: &random),
                y: Int.random(in: WindowPlace.positionRange, using: &random),
                width: Int.random(in: WindowPlace.sizeRange, using: &random),
                height: Int.random(in: WindowPlace.sizeRange, using: &random))
        }
    }

    // MARK: The ready child's run

    func testTheReadyChildsRunRoundTripsAndRefusesWhatNoEnvironmentHolds() {
        let run = ReadyRun(
            manifestPath: "/b/ü build/manifest.plugin",
            settings: [
                .init(name: "DEMO_SHELL_VALUES", value: nil), .init(name: "DEMO_SHELL_WINDOW_PLACE", value: "a\nb"),
                .init(name: "DEMO_SHELL_EMPTY", value: ""),
            ])
        XCTAssertTrue(run.isSendable)
        roundTrip(run)
        XCTAssertFalse(ReadyRun(manifestPath: "a\u{0}b").isSendable)
        XCTAssertFalse(ReadyRun(manifestPath: "").isSendable)
        XCTAssertFalse(ReadyRun(manifestPath: "/m", settings: [.init(name: "A=B", value: "1")]).isSendable)
        XCTAssertFalse(ReadyRun(manifestPath: "/m", settings: [.init(name: "A", value: "1\u{0}")]).isSendable)
        refused(ReadyRun.self, tag: .readyRun) {
            $0.string("/m\u{0}", limit: 99)
            $0.count(0)
        }
        refused(ReadyRun.self, tag: .readyRun) {
            $0.string("", limit: 99)
            $0.count(0)
        }
        refused(ReadyRun.self, tag: .readyRun) {
            $0.string("/m", limit: 99)
            $0.count(1)
            $0.string("A=B", limit: 99)
            $0.bool(true)
            $0.string("", limit: 9)
        }
        refused(ReadyRun.self, tag: .readyRun) {
            $0.string("/m", limit: 99)
            $0.count(1)
            $0.string("A", limit: 99)
            $0.bool(false)
            $0.string("x", limit: 9)
        }
        refused(ReadyRun.self, tag: .readyRun) {
            $0.string("/m", limit: 99)
            $0.count(ReadyRun.settingsLimit + 1)
        }
    }

    func testTheReadyChildsRunSurvivesFuzzing() {
        WireFuzz.play(ReadyRun.self, seed: 0x4ead_0001, rounds: 60) { random in
            ReadyRun(
                manifestPath: "/" + WireFuzz.text(&random, upTo: 30).filter { $0 != "\u{0}" },
                settings: (0..<Int.random(in: 0...4, using: &random)).map { index in
                    .init(
                        name: "DEMO_SHELL_\(index)",
                        value: Bool.random(using: &random)
                            ? WireFuzz.text(&random, upTo: 20).filter { $0 != "\u{0}" } : nil)
                })
        }
    }

    /// The child waits for its run on its standard input, and takes nothing else.
    func testTheChildReadsOneRunOrNothing() throws {
        func read(_ bytes: [UInt8]) -> ReadyRun? {
            var ends: [Int32] = [-1, -1]
            XCTAssertEqual(pipe(&ends), 0)
            _ = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
            close(ends[1])
            defer { close(ends[0]) }
            return ReadyRun.read(from: ends[0])
        }
        let run = ReadyRun(manifestPath: "/b/manifest.plugin", settings: [.init(name: "DEMO_SHELL_X", value: "1")])
        let frame = try XCTUnwrap(WireFrame.encode(run))
        XCTAssertEqual(read(frame), run)
        XCTAssertNil(read([]), "the launcher let go")
        XCTAssertNil(read(Array(frame.dropLast())), "torn")
        XCTAssertNil(read(Array("/b/manifest.plugin\n\n".utf8)), "the old lines are no run")
        XCTAssertNil(
            read(WireFrame.encode(WindowPlace(x: 0, y: 0, width: 100, height: 100))! + frame),
            "another channel's frame first")
    }
}
