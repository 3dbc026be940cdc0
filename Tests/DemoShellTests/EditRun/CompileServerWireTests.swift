@testable import EditRunModel
@testable import ShellModel
@testable import Wire
import TestSupport
import ModelTesting
import XCTest

/// The compile server's messages, both ways, with nothing running: a
/// request is its arguments, a reply SourceKit's diagnostics as structure.
final class CompileServerWireTests: XCTestCase {
    private let diagnostics = [
        CompilerDiagnostic(
            severity: .error, path: "/x/A.swift", line: 3, column: 5, message: "cannot find 'y' in scope",
            notes: [
                CompilerDiagnostic(
                    severity: .note, path: "/x/B.swift", line: 1, column: 1, message: "did you mean 'z'?",
                    fixIts: [.init(offset: 40, length: 1, text: "z")])
            ]),
        CompilerDiagnostic(
            severity: .warning, path: "/x/A.swift", line: 7, column: 9,
            message: "variable 'g' was never mutated; consider changing to 'let' constant",
            fixIts: [.init(offset: 120, length: 3, text: "let")]),
        CompilerDiagnostic(
            severity: .error, path: "", line: 0, column: 0, message: "no such module 'Q'\nsecond line\t\u{1B}"),
    ]

    private func decoded<Message: WireMessage>(_ bytes: [UInt8], as _: Message.Type) -> ([Message], WireCounts) {
        var decoder = WireDecoder<Message>()
        let messages = decoder.decode(bytes) + decoder.finish()
        return (messages, decoder.counts)
    }

    func testARequestIsItsArgumentsAndOnlyWhatSourceKitCanTake() throws {
        let request = try XCTUnwrap(CompileRequest(sending: ["-c", "a b.swift", "é"]))
        XCTAssertEqual(decoded(try XCTUnwrap(WireFrame.encode(request)), as: CompileRequest.self).0, [request])
        XCTAssertNil(CompileRequest(sending: ["-c", ""]), "an empty argument")
        XCTAssertNil(CompileRequest(sending: ["-c", "a\0b"]), "a NUL would cut SourceKit's C string")
        XCTAssertNil(CompileRequest(sending: []))
        // Sent anyway by a hostile writer: refused whole.
        for payload: (inout WireWriter) -> Void in [
            {
                $0.count(1)
                $0.string("a\0b", limit: 9)
            },
            {
                $0.count(1)
                $0.string("", limit: 9)
            },
            { $0.count(0) },
        ] {
            var writer = WireWriter()
            payload(&writer)
            let (messages, counts) = decoded(
                RawFrame.make(tag: WireTag.compileRequest.rawValue, payload: writer.bytes), as: CompileRequest.self)
            XCTAssertEqual(messages, [])
            XCTAssertEqual(counts.malformed, 1)
        }
    }

    func testAReplyCarriesTheDiagnosticsAsStructure() throws {
        let reply = CompileReply(status: 1, diagnostics: diagnostics)
        let bytes = try XCTUnwrap(WireFrame.encode(reply))
        XCTAssertEqual(
            decoded(bytes, as: CompileReply.self).0, [reply], "file, line, column, severity, message, notes and fix-its"
        )
        // Not all there yet: nothing; then whole.
        var decoder = WireDecoder<CompileReply>()
        XCTAssertEqual(decoder.decode(Array(bytes.dropLast(3))), [])
        XCTAssertEqual(decoder.decode(Array(bytes.suffix(3))), [reply])
        // Its text is for people only: as the compiler prints it.
        XCTAssertEqual(
            reply.text,
            """
            /x/A.swift:3:5: error: cannot find 'y' in scope
            /x/B.swift:1:1: note: did you mean 'z'?
            /x/A.swift:7:9: warning: variable 'g' was never mutated; consider changing to 'let' constant
            <unknown>:0: error: no such module 'Q'\nsecond line\t\u{1B}

            """)
    }

    func testAReplyNoServerWouldSendIsRefused() {
        func refused(_ payload: (inout WireWriter) -> Void, _ why: String) {
            var writer = WireWriter()
            payload(&writer)
            let (messages, counts) = decoded(
                RawFrame.make(tag: WireTag.compileReply.rawValue, payload: writer.bytes), as: CompileReply.self)
            XCTAssertEqual(messages, [], why)
            XCTAssertEqual(counts.malformed, 1, why)
        }
        func diagnostic(_ writer: inout WireWriter, severity: UInt8 = 3, path: String = "/a", line: Int32 = 1) {
            writer.byte(severity)
            writer.string(path, limit: 99)
            writer.int32(line)
            writer.int32(1)
            writer.string("m", limit: 9)
            writer.count(0)
        }
        refused(
            {
                $0.int32(0)
                $0.count(1)
                diagnostic(&$0, severity: 9)
                $0.count(0)
            }, "no such severity")
        refused(
            {
                $0.int32(0)
                $0.count(1)
                diagnostic(&$0, line: -1)
                $0.count(0)
            }, "a negative line")
        refused(
            {
                $0.int32(0)
                $0.count(1)
                diagnostic(&$0, path: "", line: 4)
                $0.count(0)
            }, "a line without a file")
        refused(
            {
                $0.int32(0)
                $0.count(1)
                diagnostic(&$0, path: "/a\0b")
                $0.count(0)
            }, "a NUL in a path")
        refused(
            {
                $0.int32(0)
                $0.count(CompileReply.diagnosticsLimit + 1)
            }, "more diagnostics than a reply holds")
        refused(
            {
                $0.int32(0)
                $0.count(1)
                diagnostic(&$0)
                $0.count(1)
                diagnostic(&$0)
                $0.count(1)
            }, "a note's notes")
        let (messages, counts) = decoded(
            WireFrame.encode(WindowPlace(x: 0, y: 0, width: 100, height: 100))!, as: CompileReply.self)
        XCTAssertEqual(messages, [])
        XCTAssertEqual(counts.unknown, 1, "another channel's frame")
    }

    func testBothDecodersSurviveFuzzing() {
        WireFuzz.play(CompileRequest.self, seed: 0xc0a1_0001, rounds: 60) { random in
            CompileRequest(
                arguments: (0..<Int.random(in: 1...12, using: &random)).map { _ in
                    "-" + WireFuzz.text(&random, upTo: 20).filter { $0 != "\0" }
                })
        }
        WireFuzz.play(CompileReply.self, seed: 0xc0a1_0002, rounds: 60) { random in
            func diagnostic(notes: Bool) -> CompilerDiagnostic {
                let placed = Bool.random(using: &random)
                return CompilerDiagnostic(
                    severity: CompilerDiagnostic.Severity(rawValue: Int.random(in: 0...5, using: &random))!,
                    path: placed ? "/" + WireFuzz.text(&random, upTo: 10).filter { $0 != "\0" } : "",
                    line: placed ? Int.random(in: 1...5000, using: &random) : 0,
                    column: placed ? Int.random(in: 0...200, using: &random) : 0,
                    message: WireFuzz.text(&random, upTo: 40),
                    notes: notes
                        ? (0..<Int.random(in: 0...2, using: &random)).map { _ in diagnostic(notes: false) } : [],
                    fixIts: (0..<Int.random(in: 0...2, using: &random)).map { _ in
                        .init(
                            offset: Int.random(in: 0...9999, using: &random),
                            length: Int.random(in: 0...9, using: &random),
                            text: WireFuzz.text(&random, upTo: 5))
                    })
            }
            return CompileReply(
                status: Int32.random(in: 0...1, using: &random),
                diagnostics: (0..<Int.random(in: 0...4, using: &random)).map { _ in diagnostic(notes: true) })
        }
    }
}
