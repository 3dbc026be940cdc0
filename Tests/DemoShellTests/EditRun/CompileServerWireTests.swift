@testable import ShellModel
import XCTest

/// The compile server's framing, both ways, with nothing running.
final class CompileServerWireTests: XCTestCase {
    func testARequestIsItsArgumentsEachEndedByANulThenAnEmptyOne() {
        XCTAssertEqual(CompileServerWire.request(["-c", "a b.swift"]), Array("-c\0a b.swift\0\0".utf8))
        XCTAssertNil(CompileServerWire.request(["-c", ""]), "an empty argument would end the request early")
        XCTAssertNil(CompileServerWire.request(["-c", "a\0b"]), "a NUL would split it")
        XCTAssertNil(CompileServerWire.request([]))
    }

    func testAReplyIsTakenWhenWholeAndRefusedWhenNoServerWouldSendIt() {
        let text = "/x/A.swift:3:5: error: cannot find 'y' in scope\n"
        let bytes = Array("done 1 \(text.utf8.count)\n\(text)".utf8)
        XCTAssertEqual(CompileServerWire.reply(in: bytes), .success(.init(status: 1, text: text)))
        XCTAssertNil(CompileServerWire.reply(in: Array(bytes.dropLast(3))), "not all there yet")
        XCTAssertNil(CompileServerWire.reply(in: Array("done 0".utf8)), "the header not ended yet")
        XCTAssertEqual(CompileServerWire.reply(in: Array("done 0 0\n".utf8)), .success(.init(status: 0, text: "")))
        XCTAssertEqual(CompileServerWire.reply(in: bytes + [0x41]), .failure(.malformed), "more than it said")
        XCTAssertEqual(CompileServerWire.reply(in: Array("fine 0 0\n".utf8)), .failure(.malformed))
        XCTAssertEqual(CompileServerWire.reply(in: Array("done 0 -1\n".utf8)), .failure(.malformed))
        XCTAssertEqual(
            CompileServerWire.reply(in: Array("done 0 \(CompileServerWire.replyLimit + 1)\n".utf8)),
            .failure(.malformed))
        XCTAssertEqual(
            CompileServerWire.reply(in: Array(repeating: 0x41, count: 65)), .failure(.malformed), "a header without end"
        )
    }
}
