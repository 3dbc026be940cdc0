@testable import EditRunModel
import Foundation
import TestSupport
import XCTest
@testable import Launcher
@testable import PluginHost
@testable import ShellModel

/// The reader of swiftc's serialized diagnostics, on files swiftc wrote
/// (Fixtures/Diagnostics, made by scripts/make-diagnostics-fixtures), on
/// hand-made bitstreams with what swiftc never writes, and on hostile bytes
/// (what the installed swiftc writes now: `SerializedDiagnosticsFromSwiftcTests`).
final class SerializedDiagnosticsTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Diagnostics").path
    private static let fixtureNames = ["Clean", "NoteError", "SyntaxError", "TwoFiles", "Warning"]

    private func bytes(of fixture: String) throws -> [UInt8] {
        let path = Self.fixtures + "/" + fixture + ".dia"
        return [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: path), path))
    }

    private func diagnostics(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line)
        -> [CompilerDiagnostic]
    {
        switch SerializedDiagnostics.parse(bytes) {
        case .success(let list): return list
        case .failure(let error):
            XCTFail("parse failed: \(error.message)", file: file, line: line)
            return []
        }
    }

    private func failure(_ bytes: [UInt8]) -> String? {
        if case .failure(let error) = SerializedDiagnostics.parse(bytes) { return error.message }
        return nil
    }

    private func assertFails(_ bytes: [UInt8], with reason: String, file: StaticString = #filePath, line: UInt = #line)
    {
        let message = failure(bytes) ?? "parsed"
        XCTAssertTrue(message.hasPrefix(reason), message, file: file, line: line)
    }

    // MARK: Files swiftc wrote

    func testSyntaxError() throws {
        XCTAssertEqual(
            diagnostics(try bytes(of: "SyntaxError")),
            [
                CompilerDiagnostic(
                    severity: .error, path: "SayHelloView.swift", line: 3, column: 9, message: "expected pattern")
            ])
    }

    func testErrorCarriesItsNote() throws {
        XCTAssertEqual(
            diagnostics(try bytes(of: "NoteError")),
            [
                CompilerDiagnostic(
                    severity: .error, path: "Greeting.swift", line: 4, column: 5,
                    message: "cannot assign to value: 'name' is a 'let' constant",
                    notes: [
                        CompilerDiagnostic(
                            severity: .note, path: "Greeting.swift", line: 3, column: 5,
                            message: "change 'let' to 'var' to make it mutable")
                    ])
            ])
    }

    /// In the order swiftc found them, not by line; a diagnostic group comes as the category.
    func testWarnings() throws {
        let group =
            "DeprecatedDeclaration@https://docs.swift.org/compiler/documentation/diagnostics/deprecated-declaration"
        XCTAssertEqual(
            diagnostics(try bytes(of: "Warning")),
            [
                CompilerDiagnostic(
                    severity: .warning, path: "Counter.swift", line: 8, column: 5,
                    message: "'oldCount()' is deprecated: use count(to:)", category: group),
                CompilerDiagnostic(
                    severity: .warning, path: "Counter.swift", line: 6, column: 9,
                    message: "variable 'total' was never mutated; consider changing to 'let' constant"),
            ])
    }

    func testOneFileForSeveralSources() throws {
        XCTAssertEqual(
            diagnostics(try bytes(of: "TwoFiles")),
            [
                CompilerDiagnostic(
                    severity: .error, path: "Model.swift", line: 3, column: 22,
                    message: "cannot convert value of type 'String' to specified type 'Int'"),
                CompilerDiagnostic(
                    severity: .error, path: "View.swift", line: 2, column: 19,
                    message: "value of type 'Counter' has no member 'count'"),
            ])
    }

    func testCleanFileHasNoDiagnostics() throws {
        let clean = try bytes(of: "Clean")
        XCTAssertGreaterThan(clean.count, 4, "swiftc writes the preamble even with nothing to say")
        XCTAssertEqual(diagnostics(clean), [])
    }

    // MARK: Hostile bytes

    /// A cut inside a block fails; a cut between two top-level blocks cannot be
    /// told from a shorter file, so it may only give the diagnostics before it.
    func testEveryTruncationFailsOrGivesTheDiagnosticsBeforeIt() throws {
        for name in Self.fixtureNames {
            let whole = try bytes(of: name)
            let expected = diagnostics(whole)
            var successes = 0
            for length in 0..<whole.count {
                guard case .success(let list) = SerializedDiagnostics.parse(Array(whole[..<length])) else { continue }
                successes += 1
                XCTAssertTrue(expected.starts(with: list), "\(name) cut at \(length): \(list)")
                XCTAssertEqual(length % 4, 0, "\(name) cut at \(length) is not between blocks")
            }
            // The magic alone, after BLOCKINFO, and after META and each diagnostic but the last.
            XCTAssertEqual(successes, 2 + expected.count, name)
        }
    }

    func testRandomMutationsNeverCrash() throws {
        var random = SplitMix64(seed: 0x0D1A_6)
        let originals = try Self.fixtureNames.map { try bytes(of: $0) }
        var failures = 0
        for round in 0..<4000 {
            var mutated = originals[round % originals.count]
            switch random.next() % 4 {
            case 0:  // flipped bits
                for _ in 0...(random.next() % 4) {
                    let index = Int(random.next() % UInt64(mutated.count))
                    mutated[index] ^= UInt8(1) << UInt8(random.next() % 8)
                }
            case 1:  // overwritten bytes, away from the magic
                for _ in 0...(random.next() % 8) {
                    mutated[4 + Int(random.next() % UInt64(mutated.count - 4))] = UInt8(
                        truncatingIfNeeded: random.next())
                }
            case 2:  // a run of 0xFF: all-ones codes, VBR continuations, huge lengths
                let index = 4 + Int(random.next() % UInt64(mutated.count - 4))
                for offset in index..<min(mutated.count, index + 8) { mutated[offset] = 0xFF }
            default:  // random bytes behind the magic
                mutated =
                    Array("DIAG".utf8)
                    + (0..<Int(random.next() % 600)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            }
            if case .failure = SerializedDiagnostics.parse(mutated) { failures += 1 }
        }
        XCTAssertGreaterThan(failures, 1000, "the mutations were noticed")
    }

    func testNotADiagnosticsFile() {
        XCTAssertNotNil(failure([]))
        XCTAssertNotNil(failure(Array("DIA".utf8)))
        XCTAssertNotNil(failure(Array("BC\u{C0}\u{DE}".utf8) + [UInt8](repeating: 0, count: 8)))
        XCTAssertEqual(diagnostics(Array("DIAG".utf8)), [], "the magic alone is an empty file")
    }

    func testNestingIsBounded() {
        var writer = BitstreamWriter()
        for _ in 0..<200 { writer.enterBlock(9, width: 3) }
        for _ in 0..<200 { writer.endBlock() }
        assertFails(writer.bytes, with: "blocks nested too deeply")
    }

    /// Claimed lengths are checked against the bits left before anything is
    /// allocated. (The hostile blocks here are DIAG blocks: an unknown one
    /// would be skipped by its length, unread.)
    func testLengthsBeyondTheFileFail() {
        var array = BitstreamWriter()
        array.enterBlock(9, width: 4)
        array.defineAbbreviation([.literal(1), .array, .fixed(8)])
        array.emit(4, bits: 4)
        array.emitVBR(1 << 40, bits: 6)
        assertFails(array.bytes, with: "array longer than the file")

        var record = BitstreamWriter()
        record.enterBlock(9, width: 4)
        record.emit(3, bits: 4)
        record.emitVBR(1, bits: 6)
        record.emitVBR(UInt64.max >> 4, bits: 6)
        assertFails(record.bytes, with: "record longer than the file")

        var blob = BitstreamWriter()
        blob.enterBlock(9, width: 4)
        blob.defineAbbreviation([.literal(1), .blob])
        blob.emit(4, bits: 4)
        blob.emitVBR(1 << 30, bits: 6)
        blob.emit(0, bits: 64)
        assertFails(blob.bytes, with: "blob longer than the file")

        var skipped = BitstreamWriter()
        skipped.enterBlock(42, width: 4)
        skipped.endBlock()
        var long = skipped.bytes
        long[8] = 0xFF
        assertFails(long, with: "block longer than the file")
    }

    func testMalformedStreamsFail() {
        func failing(
            _ reason: String, file: StaticString = #filePath, line: UInt = #line,
            _ build: (inout BitstreamWriter) -> Void
        ) {
            var writer = BitstreamWriter()
            build(&writer)
            assertFails(writer.bytes, with: reason, file: file, line: line)
        }
        failing("VBR value over 64 bits") { w in
            w.enterBlock(9, width: 4)
            w.unabbreviatedRecord(1, [])
            w.emit(3, bits: 4)
            for _ in 0..<13 { w.emit(0b111111, bits: 6) }
        }
        failing("abbreviation width 0") {
            $0.enterBlock(9, width: 0)
            $0.emit(0, bits: 32)
        }
        failing("abbreviation width 33") {
            $0.enterBlock(9, width: 33)
            $0.emit(0, bits: 64)
        }
        failing("undefined abbreviation 9") {
            $0.enterBlock(9, width: 4)
            $0.emit(9, bits: 4)
        }
        failing("END_BLOCK outside any block") {
            $0.emit(0, bits: 2)
            $0.align()
        }
        failing("a record outside any block") {
            $0.unabbreviatedRecord(1, [2])
            $0.align()
        }
        failing("VBR width 1") { w in
            w.enterBlock(9, width: 4)
            w.defineAbbreviation([.literal(1), .vbr(1)])
        }
        failing("array or blob where a value belongs") { w in
            w.enterBlock(9, width: 4)
            w.defineAbbreviation([.blob, .literal(1)])
            w.emit(4, bits: 4)
        }
        failing("malformed array abbreviation") { w in
            w.enterBlock(9, width: 4)
            w.defineAbbreviation([.literal(1), .array, .fixed(8), .fixed(8)])
            w.emit(4, bits: 4)
        }
        failing("more than") { w in
            w.enterBlock(9, width: 4)
            for _ in 0...SerializedDiagnosticsTests.abbreviationCap { w.defineAbbreviation([.literal(1)]) }
        }
        failing("more literal operands than the file has bits") { w in
            w.enterBlock(9, width: 4)  // records of 200 values that cost 4 bits each
            w.defineAbbreviation([.literal(40)] + Array(repeating: .literal(0), count: 200))
            for _ in 0..<2000 { w.emit(4, bits: 4) }
        }
        failing("BLOCKINFO abbreviation before SETBID") { w in
            w.enterBlock(0, width: 2)
            w.defineAbbreviation([.literal(1)])
        }
        failing("version 3 is newer") { w in
            w.enterBlock(8, width: 3)
            w.unabbreviatedRecord(1, [3])
            w.endBlock()
        }
        failing("no version") {
            $0.enterBlock(8, width: 3)
            $0.endBlock()
        }
    }

    private static let abbreviationCap = BitstreamReader.maximumAbbreviations

    // MARK: What swiftc does not write

    /// Unabbreviated records, local abbreviations, arrays of char6 and VBR,
    /// a 64-bit VBR and a 64-bit fixed field, read back as written.
    func testOperandEncodings() throws {
        var writer = BitstreamWriter()
        writer.enterBlock(42, width: 5)
        writer.unabbreviatedRecord(7, [0, 63, 64, UInt64.max])
        writer.defineAbbreviation([.literal(30), .fixed(64), .vbr(32), .fixed(0), .array, .char6])
        writer.defineAbbreviation([.vbr(6), .array, .vbr(3)])
        writer.emit(4, bits: 5)
        writer.emit(0x0123_4567_89AB_CDEF, bits: 64)
        writer.emitVBR(UInt64.max, bits: 32)
        writer.emitVBR(8, bits: 6)
        for value: UInt64 in [33, 4, 11, 11, 14, 63, 62, 61] { writer.emit(value, bits: 6) }  // "Hello_.9"
        writer.emit(5, bits: 5)
        writer.emitVBR(31, bits: 6)
        writer.emitVBR(2, bits: 6)
        writer.emitVBR(1000, bits: 3)
        writer.emitVBR(0, bits: 3)
        writer.endBlock()

        var reader = BitstreamReader(writer.bytes, skippingBytes: 4)
        guard case .block(let header) = try reader.next() else { return XCTFail("a block") }
        XCTAssertEqual(header.id, 42)
        try reader.enter(header)
        var records: [BitstreamRecord] = []
        while case .record(let record) = try reader.next() { records.append(record) }
        XCTAssertEqual(records.map(\.code), [7, 30, 31])
        XCTAssertEqual(records[0].operands, [0, 63, 64, UInt64.max])
        XCTAssertEqual(records[1].operands, [0x0123_4567_89AB_CDEF, UInt64.max, 0] + "Hello_.9".utf8.map(UInt64.init))
        XCTAssertEqual(records[2].operands, [1000, 0])
        guard case .endOfStream = try reader.next() else { return XCTFail("the end") }
    }

    /// A file as clang may write it: a FILENAME record after the diagnostic
    /// that uses it, a diagnostic without a location, a category, unknown
    /// blocks and records between them.
    func testHandMadeFile() {
        var w = BitstreamWriter()
        w.enterBlock(0, width: 2)  // BLOCKINFO: abbreviations 4 and 5 of every DIAG block
        w.unabbreviatedRecord(1, [9])
        w.defineAbbreviation([.literal(2)] + Array(repeating: .vbr(6), count: 8) + [.blob])
        w.defineAbbreviation([.literal(6), .vbr(6), .vbr(6), .vbr(6), .vbr(6), .blob])
        w.endBlock()
        w.enterBlock(8, width: 3)
        w.unabbreviatedRecord(1, [1])
        w.endBlock()
        w.enterBlock(77, width: 3)  // unknown, skipped by its length
        w.unabbreviatedRecord(1, [1, 2, 3])
        w.endBlock()
        func diagnostic(_ w: inout BitstreamWriter, _ fields: [UInt64], _ message: String) {
            w.emit(4, bits: w.width)
            for field in fields { w.emitVBR(field, bits: 6) }
            w.emitVBR(UInt64(message.utf8.count), bits: 6)
            w.emitBlob(message)
        }
        w.enterBlock(9, width: 4)
        w.defineAbbreviation([.literal(5), .vbr(6), .vbr(6), .blob])  // a local abbreviation: 6
        w.emit(6, bits: 4)
        w.emitVBR(3, bits: 6)
        w.emitVBR(7, bits: 6)
        w.emitBlob("Parsing")
        diagnostic(&w, [3, 7, 12, 5, 100, 3, 0], "expected pattern")
        w.unabbreviatedRecord(3, Array(repeating: 1, count: 8))  // a source range, ignored
        w.unabbreviatedRecord(40, [1])  // an unknown record
        w.enterBlock(9, width: 4)
        diagnostic(&w, [1, 0, 0, 0, 0, 0, 0], "a note without a location")
        w.endBlock()
        w.endBlock()
        w.enterBlock(9, width: 4)
        w.emit(5, bits: 4)
        for field: UInt64 in [7, 0, 0] { w.emitVBR(field, bits: 6) }
        w.emitVBR(UInt64("Ünïcode.swift".utf8.count), bits: 6)
        w.emitBlob("Ünïcode.swift")
        diagnostic(&w, [5, 7, 1, 1, 0, 0, 0], "a remark")
        w.endBlock()
        XCTAssertEqual(
            diagnostics(w.bytes),
            [
                CompilerDiagnostic(
                    severity: .error, path: "Ünïcode.swift", line: 12, column: 5, message: "expected pattern",
                    category: "Parsing",
                    notes: [
                        CompilerDiagnostic(
                            severity: .note, path: "", line: 0, column: 0,
                            message: "a note without a location")
                    ]),
                CompilerDiagnostic(severity: .remark, path: "Ünïcode.swift", line: 1, column: 1, message: "a remark"),
            ])
    }
}

/// SplitMix64: the same mutations on every run.
private struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
