import DemoKitTesting
import DemoShellKit
import TestSupport
import XCTest

/// Opening URIs through the binding: errors come back as messages.
@MainActor
final class BindingURITests: GtkTestCase {
    func testUnknownSchemeReportsAnErrorLaterWithoutBlocking() async {
        let window = Window(title: "URI")
        show(window)
        var answers: [String?] = []
        URI.open("demo-shell-no-such-scheme:nothing", parent: window) { answers.append($0) }
        XCTAssertTrue(answers.isEmpty, "the launch runs in the background; the loop is not blocked")
        XCTAssertTrue(MainLoop.run(until: { !answers.isEmpty }))
        XCTAssertEqual(answers.count, 1)
        XCTAssertFalse(answers[0]?.isEmpty ?? true, "the failure comes back as a message")
        let awaited = gtkResult { await URI.open("demo-shell-no-such-scheme:nothing") }
        XCTAssertNotNil(awaited ?? nil)
    }

    func testMailtoIsEscaped() async {
        XCTAssertEqual(URI.escape("a b&c/ü"), "a%20b%26c%2F%C3%BC")
        XCTAssertEqual(URI.mailto("ada@example.org"), "mailto:ada@example.org")
        XCTAssertEqual(
            URI.mailto("ada@example.org", subject: "Hi there", body: "x=1&y"),
            "mailto:ada@example.org?subject=Hi%20there&body=x%3D1%26y")
    }
}
