@testable import Wire
import XCTest

/// The payload's fields: each read back as written, and every bound a
/// hostile writer could break refusing the message.
final class WireFieldsTests: XCTestCase {
    private func read<T>(_ bytes: [UInt8], _ body: (inout WireReader) throws(WireRefusal) -> T) -> Result<
        T, WireRefusal
    > {
        bytes.withUnsafeBytes { raw in
            var reader = WireReader(raw)
            do throws(WireRefusal) {
                let value = try body(&reader)
                return reader.isAtEnd ? .success(value) : .failure(.malformed)
            } catch {
                return .failure(error)
            }
        }
    }

    private func written(_ body: (inout WireWriter) -> Void) -> [UInt8] {
        var writer = WireWriter()
        body(&writer)
        return writer.bytes
    }

    func testNumbersRoundTripLittleEndian() {
        let bytes = written {
            $0.uint32(0x0102_0304)
            $0.int64(-2)
            $0.double(-1.5)
            $0.bool(true)
            $0.int32(-7)
        }
        XCTAssertEqual(Array(bytes.prefix(4)), [4, 3, 2, 1])
        let values = read(bytes) { reader throws(WireRefusal) in
            (
                try reader.uint32(), try reader.int64(), try reader.double(), try reader.bool(),
                try reader.int(in: -10...10)
            )
        }
        guard case .success(let (a, b, c, d, e)) = values else { return XCTFail("\(values)") }
        XCTAssertEqual(a, 0x0102_0304)
        XCTAssertEqual(b, -2)
        XCTAssertEqual(c, -1.5)
        XCTAssertEqual(d, true)
        XCTAssertEqual(e, -7)
    }

    func testBoundsRefuseTheMessage() {
        XCTAssertEqual(
            read(written { $0.int32(11) }) { reader throws(WireRefusal) in try reader.int(in: -10...10) },
            .failure(.malformed))
        XCTAssertEqual(
            read(written { $0.byte(2) }) { reader throws(WireRefusal) in try reader.bool() }, .failure(.malformed))
        XCTAssertEqual(
            read(written { $0.double(.nan) }) { reader throws(WireRefusal) in try reader.double() },
            .failure(.malformed))
        XCTAssertEqual(
            read(written { $0.double(.infinity) }) { reader throws(WireRefusal) in try reader.double() },
            .failure(.malformed))
        XCTAssertEqual(
            read([1, 2, 3]) { reader throws(WireRefusal) in try reader.uint32() }, .failure(.malformed),
            "past the payload")
        XCTAssertEqual(
            read(written { $0.count(1000) }) { reader throws(WireRefusal) in try reader.count(limit: 10) },
            .failure(.malformed))
        XCTAssertEqual(
            read(written { $0.count(5) }) { reader throws(WireRefusal) in try reader.count(limit: 10) },
            .failure(.malformed),
            "more elements than bytes left")
        // A text's declared length past its limit, or past the payload.
        XCTAssertEqual(
            read(written { $0.string("abcdef", limit: 100) }) { reader throws(WireRefusal) in
                try reader.string(limit: 5)
            },
            .failure(.malformed))
        XCTAssertEqual(
            read(written { $0.uint32(UInt32.max) }) { reader throws(WireRefusal) in try reader.string(limit: .max) },
            .failure(.malformed))
    }

    func testTextRules() {
        func text(_ value: String, _ rule: WireText) -> Result<String, WireRefusal> {
            read(written { $0.string(value, limit: 100) }) { reader throws(WireRefusal) in
                try reader.string(limit: 100, rule)
            }
        }
        let tricky = "a\tb\nc\u{0}\u{1B}[31m é 👩‍👩‍👧"
        XCTAssertEqual(text(tricky, .any), .success(tricky))
        XCTAssertEqual(text(tricky, .noNUL), .failure(.malformed))
        XCTAssertEqual(text("a\tb\u{1B}", .noNUL), .success("a\tb\u{1B}"))
        XCTAssertEqual(text("a\tb", .noControls), .failure(.malformed))
        XCTAssertEqual(text("a\u{7F}b", .noControls), .failure(.malformed))
        XCTAssertEqual(text("a\u{85}b", .noControls), .failure(.malformed), "a C1 control (NEL)")
        XCTAssertEqual(text("plain é 字 \u{2068}x\u{2069}", .noControls), .success("plain é 字 \u{2068}x\u{2069}"))
        // Bytes that are not UTF-8 are repaired, never crash.
        let invalid: [UInt8] = [2, 0, 0, 0, 0xc3, 0x28]
        XCTAssertEqual(
            read(invalid) { reader throws(WireRefusal) in try reader.string(limit: 10) }, .success("\u{FFFD}("))
    }

    /// The writer cuts a text to the reader's limit at a character's end,
    /// so it never sends what its reader refuses, nor half a character.
    func testTheWriterCutsTextsAtACharacter() {
        let family = "👩‍👩‍👧"  // 18 bytes, one character
        let bytes = written { $0.string("ab" + family + "c", limit: 19) }
        XCTAssertEqual(read(bytes) { reader throws(WireRefusal) in try reader.string(limit: 19) }, .success("ab"))
        let fits = written { $0.string("ab" + family, limit: 20) }
        XCTAssertEqual(
            read(fits) { reader throws(WireRefusal) in try reader.string(limit: 20) }, .success("ab" + family))
    }

    /// A message its channel cannot carry is not written at all.
    func testAFrameOverItsLimitIsNotWritten() {
        var bytes: [UInt8] = [9]
        let huge = ValueMessage(
            kind: .value, sequence: 1, file: 1, line: 1, startColumn: 0, endColumn: 0, count: 1, microseconds: 0,
            name: String(repeating: "n", count: 5000), description: String(repeating: "d", count: 5000))
        XCTAssertTrue(WireFrame.append(huge, to: &bytes), "the writer cuts the texts to fit")
        XCTAssertLessThanOrEqual(
            bytes.count - 1, WireFrame.headerSize + ValueMessage.payloadLimit + WireFrame.trailerSize)
        XCTAssertEqual(bytes.first, 9, "appended after what was there")
    }
}
