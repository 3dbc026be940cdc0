@testable import EditRunModel
@testable import ShellModel
import XCTest

/// The launcher's history of a Show Values run, without a
/// display: counts, the last 20 values, its bounds, and the words the
/// Values list and the hints say.
final class ValueLogTests: XCTestCase {
    private var sequence: UInt64 = 0

    private func value(
        _ line: Int, _ name: String, _ description: String, file: String = "Model/SayHelloModel.swift",
        time: Double = 0, count: Int = 1
    ) -> ValueRecord {
        sequence += 1
        return ValueRecord(
            sequence: sequence, kind: .value, relativePath: file, line: line, startColumn: 9, endColumn: 20,
            name: name, description: description, time: time, count: count)
    }

    private func entered(_ line: Int, file: String = "Model/SayHelloModel.swift", count: Int = 1) -> ValueRecord {
        sequence += 1
        return ValueRecord(
            sequence: sequence, kind: .scopeEntry, relativePath: file, line: line, startColumn: 5, endColumn: 6,
            name: "", description: "", time: 0, count: count)
    }

    private func key(_ line: Int, _ file: String = "Model/SayHelloModel.swift") -> ValueLog.Key {
        ValueLog.Key(relativePath: file, line: line)
    }

    func testTheLatestValueAndTheCountOfEachLine() {
        var log = ValueLog()
        let changed = log.add([
            value(42, "greeting", "\"Hello, Ada!\""), value(42, "greeting", "\"Hello, Bo!\"", count: 5),
            value(7, "", "3"), entered(40),
        ])
        XCTAssertEqual(changed, [key(42), key(7), key(40)])
        XCTAssertEqual(log[key(42)]?.latest, "greeting = \"Hello, Bo!\"")
        XCTAssertEqual(log[key(42)]?.count, 6, "a coalesced record counts for the runs it stands for")
        XCTAssertEqual(log[key(7)]?.latest, "3", "an unnamed result is its value alone")
        XCTAssertEqual(log[key(40)]?.ranBody, true)
        XCTAssertNil(log[key(40)]?.latest)
        XCTAssertEqual(log.entriesInOrder.map(\.key.line), [7, 40, 42])
        XCTAssertEqual(log.entries(in: "Plugin/SayHelloView.swift"), [])
    }

    func testALineKeepsItsLastTwentyValuesWithTheirTimes() {
        var log = ValueLog()
        // In two batches: each keeps its own last 20, and the line its last 20 of all.
        log.add((1...15).map { value(3, "i", String($0), time: Double($0) / 10) })
        log.add((16...25).map { value(3, "i", String($0), time: Double($0) / 10) })
        let entry = try! XCTUnwrap(log[key(3)])
        XCTAssertEqual(entry.recent.count, ValueLog.historyLimit)
        XCTAssertEqual(entry.recent.first, ValueLog.Sample(text: "i = 6", time: 0.6))
        XCTAssertEqual(entry.recent.last, ValueLog.Sample(text: "i = 25", time: 2.5))
        XCTAssertEqual(entry.count, 25)
        let history = ValueLog.historyText(entry).split(separator: "\n")
        XCTAssertEqual(history.first, "The last 20 of 25 values:")
        XCTAssertEqual(history[1], "0.600 s: \u{2068}i = 6\u{2069}")
        XCTAssertEqual(history.last, "2.500 s: \u{2068}i = 25\u{2069}")
        XCTAssertEqual(history.count, 21)
    }

    func testTheLinesAndTheirTextAreBounded() {
        var log = ValueLog()
        log.add((1...(ValueLog.lineLimit + 50)).map { value($0, "x", "1") })
        XCTAssertEqual(log.lineCount, ValueLog.lineLimit, "lines past the limit are not kept")
        XCTAssertEqual(log.droppedRecords, 50)
        log.add([value(1, "x", "2")])
        XCTAssertEqual(log[key(1)]?.latest, "x = 2", "a line kept still changes")
        // A child that does not cut its values, or sends line breaks, still gives one short line.
        log.add([value(2, String(repeating: "n", count: 500), "a\nb" + String(repeating: "v", count: 10_000))])
        let text = try! XCTUnwrap(log[key(2)]?.latest)
        XCTAssertFalse(text.contains("\n"))
        let most = ValueRecord.descriptionLimit + 1
        XCTAssertEqual(text, String(repeating: "n", count: most) + " = a b" + String(repeating: "v", count: most - 3))
    }

    func testANewRunClearsEverything() {
        var log = ValueLog()
        log.add([value(1, "x", "1"), entered(2)])
        log.clear()
        XCTAssertTrue(log.isEmpty)
        XCTAssertNil(log[key(1)])
        XCTAssertEqual(log.entriesInOrder, [])
    }

    func testTheRowAndHintTexts() {
        var log = ValueLog()
        log.add([value(42, "greeting", "\"Hello, Ada!\"")])
        var entry = try! XCTUnwrap(log[key(42)])
        XCTAssertEqual(
            ValueLog.rowText(entry),
            "\u{2068}SayHelloModel.swift\u{2069}, line 42: \u{2068}greeting = \"Hello, Ada!\"\u{2069}")
        XCTAssertEqual(ValueLog.hintText(entry), "greeting = \"Hello, Ada!\"")
        log.add([value(42, "greeting", "\"Hello, Ada!\"", count: 2)])
        entry = try! XCTUnwrap(log[key(42)])
        XCTAssertEqual(
            ValueLog.rowText(entry),
            "\u{2068}SayHelloModel.swift\u{2069}, line 42: \u{2068}greeting = \"Hello, Ada!\"\u{2069} (3 times)")
        XCTAssertEqual(ValueLog.hintText(entry), "\u{2068}greeting = \"Hello, Ada!\"\u{2069}  ×3")
        log.add([entered(30), entered(31, count: 4)])
        XCTAssertEqual(
            ValueLog.rowText(try! XCTUnwrap(log[key(30)])), "\u{2068}SayHelloModel.swift\u{2069}, line 30: ran")
        XCTAssertEqual(
            ValueLog.rowText(try! XCTUnwrap(log[key(31)])), "\u{2068}SayHelloModel.swift\u{2069}, line 31: ran 4 times")
        XCTAssertNil(ValueLog.hintText(try! XCTUnwrap(log[key(30)])), "a body that ran is marked, not hinted")
    }
}
