import DemoShellKit
import DemoKitTesting
import TestSupport
import XCTest

/// A `SourceView` shows one `SourceBuffer` after another, each keeping its
/// text and undo history; the search follows the buffer shown.
@MainActor
final class BindingSourceBufferTests: GtkTestCase {
    func testEachBufferKeepsItsHistoryAndTheSearchFollowsTheOneShown() async throws {
        XCTAssertNil(SourceViewLibrary.load())
        let view = SourceView()
        let window = Window(title: "Buffers")
        window.add(view)
        show(window)
        let first = SourceBuffer(), second = SourceBuffer()
        first.load("one two one\n")
        second.load("two\n")
        XCTAssertFalse(first.canUndo, "a file loaded is not an edit")
        view.sourceBuffer = first
        first.replaceText(with: "one\n")
        XCTAssertTrue(first.canUndo)

        var counts: [Int?] = []
        view.onSearchCountChanged { counts.append($0.searchMatchCount) }
        view.searchText = "two"
        XCTAssertTrue(MainLoop.run(until: { view.searchMatchCount == 0 }), "“one” has no “two”")
        view.sourceBuffer = second
        XCTAssertEqual(view.text, "two\n")
        XCTAssertTrue(view.sourceBuffer === second)
        XCTAssertTrue(MainLoop.run(until: { counts.last == 1 }), "the count follows the buffer shown: \(counts)")
        XCTAssertTrue(view.findNext())
        XCTAssertEqual(view.selectedText, "two")

        view.sourceBuffer = first
        first.undo()
        XCTAssertEqual(view.text, "one two one\n", "its history was kept while another was shown")
        XCTAssertTrue(MainLoop.run(until: { view.searchMatchCount == 1 }))
    }
}
