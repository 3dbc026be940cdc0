@testable import EditRunModel
@testable import ShellModel
@testable import Wire
import TestSupport
import ModelTesting
import XCTest

/// The language service's questions and answers, both ways, with nothing
/// running: whole ones cross as they were sent; truncated, huge, unknown
/// or out-of-bounds ones are dropped and counted, never half read.
final class LanguageWireTests: XCTestCase {
    private func decoded<Message: WireMessage>(_ bytes: [UInt8], as _: Message.Type) -> ([Message], WireCounts) {
        var decoder = WireDecoder<Message>()
        let messages = decoder.decode(bytes) + decoder.finish()
        return (messages, decoder.counts)
    }

    private let request = LanguageRequest(
        id: 7, kind: .complete, path: "/l/src/Plugin/V.swift", text: "let g = Label()\ng.", offset: 18,
        arguments: ["-module-name", "V", "/l/src/Plugin/V.swift"],
        prerequisites: [
            .init(arguments: ["-module-name", "M", "/l/src/Model/M.swift"], output: "/l/modules/M.swiftmodule")
        ])

    func testAQuestionCrossesWhole() throws {
        XCTAssertTrue(request.isSendable)
        XCTAssertEqual(decoded(try XCTUnwrap(WireFrame.encode(request)), as: LanguageRequest.self).0, [request])
        var diagnose = request
        diagnose.kind = .diagnose
        diagnose.offset = 0
        XCTAssertEqual(decoded(try XCTUnwrap(WireFrame.encode(diagnose)), as: LanguageRequest.self).0, [diagnose])
    }

    func testAQuestionOutOfBoundsIsNeitherAskedNorRead() {
        var past = request
        past.offset = request.text.utf8.count + 1
        XCTAssertFalse(past.isSendable, "a caret past the text")
        var huge = request
        huge.text = String(repeating: "x", count: LanguageRequest.textLimit + 1)
        XCTAssertFalse(huge.isSendable, "a text over a megabyte")
        var nul = request
        nul.arguments = ["-I", "a\0b"]
        XCTAssertFalse(nul.isSendable, "a NUL would cut SourceKit's C string")
        var many = request
        many.prerequisites = Array(repeating: request.prerequisites[0], count: LanguageRequest.prerequisitesLimit + 1)
        XCTAssertFalse(many.isSendable)

        func refused(_ why: String, _ payload: (inout WireWriter) -> Void) {
            var writer = WireWriter()
            payload(&writer)
            let (messages, counts) = decoded(
                RawFrame.make(tag: WireTag.languageRequest.rawValue, payload: writer.bytes), as: LanguageRequest.self)
            XCTAssertEqual(messages, [], why)
            XCTAssertEqual(counts.malformed, 1, why)
        }
        func head(_ writer: inout WireWriter, kind: UInt8 = 1, text: String = "ab", offset: Int32 = 1) {
            writer.uint32(1)
            writer.byte(kind)
            writer.string("/a.swift", limit: 99)
            writer.string(text, limit: 99)
            writer.int32(offset)
        }
        refused("an unknown kind of question") {
            head(&$0, kind: 9)
            $0.count(1)
            $0.string("-c", limit: 9)
            $0.count(0)
        }
        refused("a caret past the text") {
            head(&$0, offset: 3)
            $0.count(1)
            $0.string("-c", limit: 9)
            $0.count(0)
        }
        refused("no arguments") {
            head(&$0)
            $0.count(0)
            $0.count(0)
        }
        refused("truncated: the prerequisites' count missing") {
            head(&$0)
            $0.count(1)
            $0.string("-c", limit: 9)
        }
        refused("a count far over what the payload holds") {
            head(&$0)
            $0.count(CompileRequest.countLimit + 1)
        }
    }

    func testAnAnswerCrossesWholeAndAnyOtherIsRefused() throws {
        let answers = [
            LanguageReply(
                id: 3,
                outcome: .completions([
                    CompletionItem(name: "text", insertion: "text", type: "String", brief: "The plain text shown."),
                    CompletionItem(
                        name: "setMarkup(markup: String)", insertion: "setMarkup(<#T##markup: String##String#>)",
                        type: "Void", brief: ""),
                ])),
            LanguageReply(
                id: 4,
                outcome: .diagnostics([
                    CompilerDiagnostic(
                        severity: .error, path: "/l/V.swift", line: 36, column: 27,
                        message: "cannot assign value of type 'Int' to type 'Bool'"),
                    CompilerDiagnostic(severity: .warning, path: "", line: 0, column: 0, message: "no place"),
                ])),
            LanguageReply(id: 5, outcome: .failed("no such file")),
            LanguageReply(
                id: 6,
                outcome: .symbol(
                    SymbolInfo(
                        name: "Label", declaration: "@MainActor final class Label : Widget",
                        documentation: "A `GtkLabel`.\n\nMore.", module: "Gtk", path: "/sdk/Gtk/Label.swift", line: 31,
                        column: 20))),
            LanguageReply(id: 7, outcome: .symbol(nil)),
        ]
        for answer in answers {
            XCTAssertEqual(decoded(try XCTUnwrap(WireFrame.encode(answer)), as: LanguageReply.self).0, [answer])
        }
        func refused(_ why: String, _ payload: (inout WireWriter) -> Void) {
            var writer = WireWriter()
            payload(&writer)
            let (messages, counts) = decoded(
                RawFrame.make(tag: WireTag.languageReply.rawValue, payload: writer.bytes), as: LanguageReply.self)
            XCTAssertEqual(messages, [], why)
            XCTAssertEqual(counts.malformed, 1, why)
        }
        refused("an unknown kind of answer") {
            $0.uint32(1)
            $0.byte(7)
        }
        refused("a name with a newline (one line on the list)") {
            $0.uint32(1)
            $0.byte(1)
            $0.count(1)
            for field in ["te\nxt", "text", "String", ""] { $0.string(field, limit: 99) }
        }
        refused("an item with no name") {
            $0.uint32(1)
            $0.byte(1)
            $0.count(1)
            for field in ["", "text", "String", ""] { $0.string(field, limit: 99) }
        }
        refused("more items than an answer holds") {
            $0.uint32(1)
            $0.byte(1)
            $0.count(LanguageReply.completionsLimit + 1)
        }
        refused("a line without a file") {
            $0.uint32(1)
            $0.byte(2)
            $0.count(1)
            $0.byte(3)
            $0.string("", limit: 9)
            $0.int32(4)
            $0.int32(1)
            $0.string("m", limit: 9)
        }
        refused("a symbol placed on a line of no file") {
            $0.uint32(1)
            $0.byte(4)
            $0.bool(true)
            for field in ["Label", "class Label", "", "Gtk", ""] { $0.string(field, limit: 99) }
            $0.int32(31)
            $0.int32(20)
        }
        refused("a symbol's presence neither true nor false") {
            $0.uint32(1)
            $0.byte(4)
            $0.byte(2)
        }
        refused("truncated inside an item") {
            $0.uint32(1)
            $0.byte(1)
            $0.count(1)
            $0.string("text", limit: 9)
        }
        // A huge frame is skipped unread; another channel's frame is unknown here.
        var oversized = WireDecoder<LanguageReply>()
        _ = oversized.decode(
            RawFrame.make(
                tag: WireTag.languageReply.rawValue, payload: [], length: UInt32(LanguageReply.payloadLimit + 1)))
        XCTAssertEqual(oversized.counts.oversized, 1)
        XCTAssertEqual(decoded(try XCTUnwrap(WireFrame.encode(request)), as: LanguageReply.self).1.unknown, 1)
        XCTAssertEqual(
            decoded(try XCTUnwrap(WireFrame.encode(CompileReply(status: 0, diagnostics: []))), as: LanguageReply.self)
                .1.unknown, 1)
    }

    func testBothDecodersSurviveFuzzing() {
        WireFuzz.play(LanguageRequest.self, seed: 0x1a4e_0001, rounds: 60) { random in
            let text = WireFuzz.text(&random, upTo: 30)
            return LanguageRequest(
                id: UInt32.random(in: 0...UInt32.max, using: &random),
                kind: Bool.random(using: &random) ? .complete : .diagnose,
                path: "/" + WireFuzz.text(&random, upTo: 10).filter { $0 != "\0" }, text: text,
                offset: Int.random(in: 0...text.utf8.count, using: &random),
                arguments: (0..<Int.random(in: 1...6, using: &random)).map { _ in
                    "-" + WireFuzz.text(&random, upTo: 12).filter { $0 != "\0" }
                },
                prerequisites: (0..<Int.random(in: 0...2, using: &random)).map { _ in
                    .init(arguments: ["-c"], output: "/" + WireFuzz.text(&random, upTo: 8).filter { $0 != "\0" })
                })
        }
        WireFuzz.play(LanguageReply.self, seed: 0x1a4e_0002, rounds: 60) { random in
            let id = UInt32.random(in: 0...UInt32.max, using: &random)
            switch Int.random(in: 0...3, using: &random) {
            case 3:
                let placed = Bool.random(using: &random)
                return LanguageReply(
                    id: id,
                    outcome: .symbol(
                        Bool.random(using: &random)
                            ? nil
                            : SymbolInfo(
                                name: "n" + WireFuzz.text(&random, upTo: 8, controls: false),
                                declaration: WireFuzz.text(&random, upTo: 20).filter { $0 != "\0" },
                                documentation: WireFuzz.text(&random, upTo: 20).filter { $0 != "\0" },
                                module: WireFuzz.text(&random, upTo: 5, controls: false), path: placed ? "/a" : "",
                                line: placed ? Int.random(in: 1...999, using: &random) : 0, column: placed ? 1 : 0)))
            case 0:
                return LanguageReply(
                    id: id,
                    outcome: .completions(
                        (0..<Int.random(in: 0...4, using: &random)).map { _ in
                            CompletionItem(
                                name: "n" + WireFuzz.text(&random, upTo: 10, controls: false),
                                insertion: "i" + WireFuzz.text(&random, upTo: 10).filter { $0 != "\0" },
                                type: WireFuzz.text(&random, upTo: 6, controls: false),
                                brief: WireFuzz.text(&random, upTo: 20).filter { $0 != "\0" })
                        }))
            case 1:
                return LanguageReply(
                    id: id,
                    outcome: .diagnostics(
                        (0..<Int.random(in: 0...3, using: &random)).map { _ in
                            let placed = Bool.random(using: &random)
                            return CompilerDiagnostic(
                                severity: .error, path: placed ? "/a" : "", line: placed ? 3 : 0,
                                column: placed ? 2 : 0, message: WireFuzz.text(&random, upTo: 20))
                        }))
            default:
                return LanguageReply(id: id, outcome: .failed(WireFuzz.text(&random, upTo: 20)))
            }
        }
    }
}
