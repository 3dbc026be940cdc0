@testable import ShellModel
@testable import Wire
import XCTest

/// The shell's own channels' messages: each round-trips through a frame,
/// refuses what its bounds refuse, and its decoder survives the fuzzing
/// every channel gets (`WireFuzz`).
final class ShellMessagesTests: XCTestCase {
    private func roundTrip<Message: WireMessage & Equatable>(_ message: Message, file: StaticString = #filePath, line: UInt = #line) {
        guard let frame = WireFrame.encode(message) else { return XCTFail("not written", file: file, line: line) }
        var decoder = WireDecoder<Message>()
        XCTAssertEqual(decoder.decode(frame), [message], file: file, line: line)
        XCTAssertEqual(decoder.counts, WireCounts(), file: file, line: line)
    }

    private func refused<Message: WireMessage>(_: Message.Type, tag: WireTag, payload: (inout WireWriter) -> Void,
                                               file: StaticString = #filePath, line: UInt = #line) {
        var writer = WireWriter()
        payload(&writer)
        var decoder = WireDecoder<Message>()
        XCTAssertEqual(decoder.decode(RawFrame.make(tag: tag.rawValue, payload: writer.bytes)).count, 0, file: file, line: line)
        XCTAssertEqual(decoder.counts.malformed, 1, file: file, line: line)
    }

    // MARK: The plugin checker's answer

    func testEveryCheckOutcomeRoundTrips() {
        let outcomes: [PluginCheckOutcome] = [
            .usable, .unloadable("libX.so: cannot open shared object file"), .otherSDK("DEMOKIT_ABI_3_SWIFT_6.1"), .unversioned,
            .noEntry, .noClass("Mod.Type"), .notADemo("Mod.Other"), .crashed(11), .hung(10), .hung(2.5), .noAnswer(3), .noAnswer(-1),
        ]
        for outcome in outcomes { roundTrip(outcome) }
        // The reason is flattened as it is written: no control character crosses.
        var decoder = WireDecoder<PluginCheckOutcome>()
        XCTAssertEqual(decoder.decode(WireFrame.encode(PluginCheckOutcome.unloadable("a\tb\nc\u{1B}"))!), [.unloadable("a b c ")])
    }

    func testACheckAnswerOutOfItsBoundsIsNoAnswer() {
        refused(PluginCheckOutcome.self, tag: .checkOutcome) { $0.byte(1); $0.string("line\nbreak", limit: 100) }
        refused(PluginCheckOutcome.self, tag: .checkOutcome) { $0.byte(7); $0.int32(0) } // signal 0 is no crash
        refused(PluginCheckOutcome.self, tag: .checkOutcome) { $0.byte(8); $0.double(-1) }
        refused(PluginCheckOutcome.self, tag: .checkOutcome) { $0.byte(10) } // no such case
        refused(PluginCheckOutcome.self, tag: .checkOutcome) { $0.byte(1); $0.string(String(repeating: "x", count: 2050), limit: 3000) }
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
}
