import DemoShellKit
import DemoKitTesting
import TestSupport
import XCTest

/// Every radio button of every demo is in a named group, as a
/// screen reader finds it: Orca says the name of a radio's nearest named
/// panel or filler with it ("Vertical position, Top, radio button"), and a
/// radio heard without it ("Top") says nothing of what it chooses.
@MainActor
final class RadioGroupNamesTests: GtkTestCase {
    /// Each radio's name and its nearest named container's, depth first.
    private func groups(in element: AccessibleElement, container: String = "") -> [(radio: String, group: String)] {
        var result: [(String, String)] = []
        if element.role == "radio button" { result.append((element.name, container)) }
        let named = ["panel", "filler"].contains(element.role) && !element.name.isEmpty ? element.name : container
        for child in element.children { result += groups(in: child, container: named) }
        return result
    }

    func testEveryRadioButtonIsInANamedGroup() async throws {
        var found: [String: [String]] = [:]
        for id in [
            "calculator", "guess-number", "2048", "password", "swift-controls", "say-hello", "labels", "buttons",
            "story",
        ] {
            let window = try openBuiltInDemo(id).window
            show(window)
            for (radio, group) in groups(in: try XCTUnwrap(window.accessible)) {
                XCTAssertFalse(group.isEmpty, "\(id): the radio \(radio) is in no named group")
                found[id, default: []].append("\(group): \(radio)")
            }
            window.destroy()
            MainLoop.drain()
        }
        XCTAssertEqual(
            found["labels"]?.filter { ["Top", "Middle", "Bottom"].contains($0.components(separatedBy: ": ").last) },
            ["Vertical position: Top", "Vertical position: Middle", "Vertical position: Bottom"])
    }
}
