@testable import DemoValues
@testable import ShellModel
import XCTest

/// The record format between an edited demo and the launcher: what the
/// child's encoder writes, the launcher's decoder reads back, whatever way
/// the bytes are cut; and what a crashing or hostile child writes never
/// makes the decoder crash, keep more than a line, or invent a file.
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
        var generator = SystemRandomNumberGenerator()
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
        }
    }

    func testATornRecordIsDroppedAtTheEndAndSpoilsNothingAfterIt() {
        var wire = ValueWire(files: files, origin: 0)
        let whole = encoded()
        XCTAssertEqual(wire.decode(Array(whole.prefix(20))), [])
        wire.finish()
        XCTAssertEqual(wire.decode(encoded(2)).map(\.sequence), [2], "the torn start is not glued to the next record")
        // A child that crashed mid-record and another that wrote on: the torn line alone goes.
        XCTAssertEqual(wire.decode(Array(whole.prefix(20)) + [0x0a] + encoded(3)).map(\.sequence), [3])
    }

    func testGarbageIsSkippedAndNeverCrashes() {
        var wire = ValueWire(files: files, origin: 0)
        let bad: [[UInt8]] = [
            Array("v\t1\t1\t42\t9\t17\t1\t100\tname\n".utf8),  // a field short
            Array("x\t1\t1\t42\t9\t17\t1\t100\tname\tvalue\n".utf8),  // no such kind
            Array("v\t1\t9\t42\t9\t17\t1\t100\tname\tvalue\n".utf8),  // a file the build did not give
            Array("v\t1\t0\t42\t9\t17\t1\t100\tname\tvalue\n".utf8),  // file 0: the transform found no id
            Array("v\t-1\t1\t42\t9\t17\t1\t100\tname\tvalue\n".utf8),
            Array("v\t1\t1\t0\t9\t17\t1\t100\tname\tvalue\n".utf8),  // line 0
            Array("v\t1\t1\t42\t9\t17\t0\t100\tname\tvalue\n".utf8),  // count 0
            Array("v\t99999999999999999999999\t1\t42\t9\t17\t1\t100\tname\tvalue\n".utf8),
            Array("v\t1\t1\t42\t9\t17\t1\t100\tname\tbad\\qescape\n".utf8),
            Array("v\t1\t1\t42\t9\t17\t1\t100\tname\tlone\\\n".utf8),
            [0xff, 0xfe, 0x00, 0x0a],
            [0x0a, 0x0a],
        ]
        for line in bad { XCTAssertEqual(wire.decode(line), [], String(decoding: line, as: UTF8.self)) }
        // Random bytes, then a good record: the good one still comes through.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let noise = (0..<Int.random(in: 0...300, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            var fresh = ValueWire(files: files, origin: 0)
            let records = fresh.decode(noise + [0x0a] + encoded(7))
            XCTAssertEqual(records.last?.sequence, 7)
        }
        // Bytes that are not UTF-8 in a text become U+FFFD, not a crash.
        let invalid = Array("v\t1\t1\t42\t9\t17\t1\t100\tn\t".utf8) + [0xc3, 0x28] + [0x0a]
        XCTAssertEqual(wire.decode(invalid).first?.description, "\u{FFFD}(")
    }

    func testBoundsHoldWhateverTheChildSends() {
        var wire = ValueWire(files: files, origin: 0)
        // A line longer than the bound is dropped, all of it, in whatever pieces it comes.
        let long = encoded(1, description: String(repeating: "x", count: ValueWire.lineLimit))
        XCTAssertEqual(wire.decode(Array(long.prefix(3000))) + wire.decode(Array(long.dropFirst(3000))), [])
        XCTAssertEqual(wire.decode(encoded(2)).map(\.sequence), [2], "and the next is read")
        // Texts are cut to their bounds, ending in "…".
        let record = wire.decode(
            encoded(3, name: String(repeating: "n", count: 500), description: String(repeating: "d", count: 300)))
        XCTAssertEqual(record.first?.description.count, ValueRecord.descriptionLimit)
        XCTAssertEqual(record.first?.description.last, "…")
        XCTAssertEqual(record.first?.name.count, ValueWire.nameLimit)
        // A time before the child's start (another clock) is 0, never negative.
        var late = ValueWire(files: files, origin: 5)
        XCTAssertEqual(late.decode(encoded(4, microseconds: 1)).first?.time, 0)
    }
}
