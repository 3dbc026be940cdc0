import DemoKit
import XCTest

/// Opening URIs through the binding: errors come back as messages.
@MainActor
final class BindingURITests: GtkTestCase {
    func testUnknownSchemeReturnsAnErrorInsteadOfCrashing() async {
        let window = Window(title: "URI")
        show(window)
        let error = URI.open("demo-shell-no-such-scheme:nothing", parent: window)
        XCTAssertNotNil(error)
        XCTAssertFalse(error?.isEmpty ?? true)
        XCTAssertNotNil(URI.open("demo-shell-no-such-scheme:nothing"))
    }

    func testMailtoIsEscaped() async {
        XCTAssertEqual(URI.escape("a b&c/ü"), "a%20b%26c%2F%C3%BC")
        XCTAssertEqual(URI.mailto("ada@example.org"), "mailto:ada@example.org")
        XCTAssertEqual(URI.mailto("ada@example.org", subject: "Hi there", body: "x=1&y"),
                       "mailto:ada@example.org?subject=Hi%20there&body=x%3D1%26y")
    }
}
