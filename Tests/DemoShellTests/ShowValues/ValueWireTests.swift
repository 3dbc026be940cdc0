@testable import DemoValues
@testable import EditRunModel
@testable import ShellModel
@testable import Wire
import TestSupport
import ModelTesting
import XCTest

/// The records between an edited demo and the launcher: what the child's
/// encoder writes, the launcher's decoder reads back, whatever way the
/// bytes are cut; and what a crashing or hostile child writes never makes
/// the decoder crash, keep more than a frame, or invent a file, and each
/// frame it drops is counted.
final class ValueWireTests: XCTestCase {
    private let files = [1: "Model/SayHelloModel.swift", 2: "Plugin/SayHelloView.swift"]

    private func encoded(
        _ sequence: UInt64 = 1, kind: ValueWireEncoding.Kind = .value, file: Int = 1, line: Int = 42,
        count: Int = 1, microseconds: UInt64 = 3_500_000, name: String = "greeting",
        description: String = "\"Hello, Ada!\""
    ) -> [UInt8] {
        var bytes: [UInt8] = []
        ValueWireEncoding.append(
            kind: kind, sequence: sequence, file: file, line: line, startColumn: 9, endColumn: 17,
            count: count, microseconds: microseconds, name: name, description: description, to: &bytes)
        return bytes
    }

    func testARecordRoundTrips() {
        var wire = ValueWire(files: files, origin: 1.5)
        let records = wire.decode(
            encoded() + encoded(2, kind: .scopeEntry, file: 2, line: 7, count: 3, name: "", description: ""))
        XCTAssertEqual(
            records,
            [
                ValueRecord(
                    sequence: 1, kind: .value, relativePath: "Model/SayHelloModel.swift", line: 42, startColumn: 9,
                    endColumn: 17,
                    name: "greeting", description: "\"Hello, Ada!\"", time: 2.0),
                ValueRecord(
                    sequence: 2, kind: .scopeEntry, relativePath: "Plugin/SayHelloView.swift", line: 7, startColumn: 9,
                    endColumn: 17,
                    name: "", description: "", time: 2.0, count: 3),
            ])
        // Tabs, newlines, backslashes and any Unicode in the texts.
        let tricky = "a\tb\nc\\d\r\\t é 👩‍👩‍👧 \u{0}"
        XCTAssertEqual(wire.decode(encoded(name: "x\ty", description: tricky)).map(\.description), [tricky])
        XCTAssertEqual(wire.decode(encoded(name: "x\ty", description: tricky)).map(\.name), ["x\ty"])
    }

    func testRecordsCutAnywhereComeWholeAndInOrder() {
        let stream = (1...50).flatMap {
            encoded(UInt64($0), line: $0, description: "\"\(String(repeating: "é", count: $0))\"")
        }
        var generator = SeededGenerator(seed: 0x5eed_0001)
        for _ in 0..<50 {
            var wire = ValueWire(files: files, origin: 0)
            var records: [ValueRecord] = []
            var start = 0
            while start < stream.count {
                let end = min(stream.count, start + Int.random(in: 1...40, using: &generator))
                records += wire.decode(Array(stream[start..<end]))
                start = end
            }
            XCTAssertEqual(records.map(\.sequence), Array(1...50))
            XCTAssertEqual(records.last?.description, "\"\(String(repeating: "é", count: 50))\"")
            XCTAssertEqual(wire.counts, WireCounts())
        }
    }

    func testATornRecordIsDroppedAtTheEndAndSpoilsNothingAfterIt() {
        var wire = ValueWire(files: files, origin: 0)
        let whole = encoded()
        XCTAssertEqual(wire.decode(Array(whole.prefix(20))), [])
        XCTAssertEqual(wire.finish(), [])
        XCTAssertEqual(wire.counts.torn, 1)
        XCTAssertEqual(wire.decode(encoded(2)).map(\.sequence), [2], "the torn start is not glued to the next record")
        // A child that crashed mid-record and another that wrote on: the torn frame alone goes.
        let records = wire.decode(Array(whole.prefix(20)) + encoded(3) + encoded(4)) + wire.finish()
        XCTAssertEqual(records.map(\.sequence), [3, 4])
        XCTAssertEqual(wire.counts.torn, 2)
    }

    func testWhatNoBuildGaveIsDroppedAndCounted() {
        var wire = ValueWire(files: files, origin: 0)
        let bad: [[UInt8]] = [
            encoded(file: 9),  // a file the build did not give
            encoded(file: 0),  // file 0: the transform found no id
            encoded(line: 0),
            encoded(line: 20_000_000),
            encoded(count: 0),
            encoded(count: -3),
        ]
        for frame in bad { XCTAssertEqual(wire.decode(frame), []) }
        XCTAssertEqual(wire.counts.malformed, bad.count)
        XCTAssertEqual(wire.counts.dropped, bad.count)
        // The old text records are no frames: skipped, nothing believed.
        let old = Array("v\t1\t1\t42\t9\t17\t1\t100\tname\tvalue\n".utf8)
        XCTAssertEqual(wire.decode(old) + wire.finish(), [])
        XCTAssertEqual(wire.counts.skippedBytes, old.count)
        // Bytes that are not UTF-8 in a text become U+FFFD, not a crash.
        var message = RawFrame.payload(of: encoded(description: "ab"))
        message[message.count - 2] = 0xc3
        message[message.count - 1] = 0x28
        XCTAssertEqual(
            wire.decode(RawFrame.make(tag: WireTag.value.rawValue, payload: message)).first?.description, "\u{FFFD}(")
    }

    func testTheDecoderSurvivesFuzzing() {
        WireFuzz.play(ValueMessage.self, seed: 0x7a1e_0001) { random in
            ValueMessage(
                kind: Bool.random(using: &random) ? .value : .scopeEntry, sequence: random.next(),
                file: Int.random(in: 1...500, using: &random),
                line: Int.random(in: ValueMessage.lineRange, using: &random),
                startColumn: Int.random(in: 0...300, using: &random),
                endColumn: Int.random(in: 0...300, using: &random),
                count: Int.random(in: ValueMessage.countRange, using: &random), microseconds: random.next(),
                name: WireFuzz.text(&random, upTo: 20), description: WireFuzz.text(&random, upTo: 200))
        }
    }

    func testBoundsHoldWhateverTheChildSends() {
        var wire = ValueWire(files: files, origin: 0)
        // A frame longer than the channel allows is skipped, all of it, in whatever pieces it comes.
        let long = RawFrame.make(
            tag: WireTag.value.rawValue, payload: Array(repeating: 0x41, count: ValueMessage.payloadLimit + 1))
        XCTAssertEqual(wire.decode(Array(long.prefix(3000))) + wire.decode(Array(long.dropFirst(3000))), [])
        XCTAssertEqual(wire.decode(encoded(2)).map(\.sequence), [2], "and the next is read")
        XCTAssertEqual(wire.counts.oversized, 1)
        // The writer cuts its texts to what the reader takes, so a long value still arrives (cut).
        XCTAssertEqual(
            wire.decode(encoded(3, description: String(repeating: "é", count: 5000))).first?.description.count,
            ValueRecord.descriptionLimit)
        // Texts are cut to their bounds, ending in "…".
        let record = wire.decode(
            encoded(4, name: String(repeating: "n", count: 500), description: String(repeating: "d", count: 300)))
        XCTAssertEqual(record.first?.description.count, ValueRecord.descriptionLimit)
        XCTAssertEqual(record.first?.description.last, "…")
        XCTAssertEqual(record.first?.name.count, ValueWire.nameLimit)
        // A time before the child's start (another clock) is 0, never negative.
        var late = ValueWire(files: files, origin: 5)
        XCTAssertEqual(late.decode(encoded(5, microseconds: 1)).first?.time, 0)
    }
}
