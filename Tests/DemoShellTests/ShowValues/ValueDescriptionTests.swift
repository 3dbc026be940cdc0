@testable import DemoValues
import TestSupport
import XCTest

/// What Show Values writes beside a line: short, whatever the value, and
/// never a crash nor a walk through a whole collection or a cycle.
final class ValueDescriptionTests: XCTestCase {
    private func describe<T>(_ value: T, throughObjects: Bool = true) -> String {
        ValueDescription.describe(value, throughObjects: throughObjects)
    }

    private struct Point {
        var x: Int
        var y: Int
    }
    private enum Move { case slide(Int, by: Int), stay }
    private enum Named: CustomStringConvertible {
        case up
        var description: String { "↑" }
    }
    private final class Node {
        var name = "n"
        var next: Node?
    }
    private final class Counter: CustomStringConvertible { var description: String { "Counter(3)" } }
    private struct Deep { var inner: [[[[Int]]]] }

    func testEveryKindOfValueIsDescribed() {
        XCTAssertEqual(describe(42), "42")
        XCTAssertEqual(describe(UInt8(7)), "7")
        XCTAssertEqual(describe(2.5), "2.5")
        XCTAssertEqual(describe(true), "true")
        XCTAssertEqual(describe("Hello, Ada!"), "\"Hello, Ada!\"", "strings quoted")
        XCTAssertEqual(describe("a\nb\"c"), "\"a\\nb\\\"c\"", "escaped as Swift writes them")
        XCTAssertEqual(describe("Ada".dropFirst()), "\"da\"")
        XCTAssertEqual(describe(Character("é")), "\"é\"")
        XCTAssertEqual(describe(Optional(3)), "3")
        XCTAssertEqual(describe(Optional<Int>.none), "nil")
        XCTAssertEqual(describe([1, 2, 3]), "[1, 2, 3]")
        XCTAssertEqual(describe(["a": 1]), "[\"a\": 1]")
        XCTAssertEqual(describe([String: Int]()), "[:]")
        XCTAssertEqual(describe(Set([5])), "[5]")
        XCTAssertEqual(describe((1, "b")), "(1, \"b\")")
        XCTAssertEqual(describe((x: 1, y: 2)), "(x: 1, y: 2)")
        XCTAssertEqual(describe(Point(x: 1, y: 2)), "Point(x: 1, y: 2)")
        XCTAssertEqual(describe(Move.slide(3, by: 1)), ".slide(3, by: 1)")
        XCTAssertEqual(describe(Move.stay), "stay")
        XCTAssertEqual(describe(Named.up), "↑", "a type's own description")
        XCTAssertEqual(describe(Counter()), "Counter(3)")
        XCTAssertEqual(describe(()), "()")
        XCTAssertEqual(describe(Int.self), "Int.Type")
    }

    func testLongValuesAreCutToTheLimitWithAnEllipsis() {
        let long = describe(String(repeating: "x", count: 1_000_000))
        XCTAssertEqual(long.count, ValueDescription.limit)
        XCTAssertTrue(long.hasPrefix("\"xxx"))
        XCTAssertTrue(long.hasSuffix("…"))
        let array = describe(Array(0..<1_000_000))
        XCTAssertLessThanOrEqual(array.count, ValueDescription.limit)
        XCTAssertTrue(array.hasPrefix("[0, 1, 2"))
        XCTAssertTrue(array.hasSuffix("…]") || array.hasSuffix("…"), array)
        XCTAssertEqual(describe(Array(0..<20)), "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, …]", "a dozen elements at most")
        XCTAssertLessThanOrEqual(
            describe(Dictionary(uniqueKeysWithValues: (0..<100_000).map { ($0, $0) })).count, ValueDescription.limit)
        let description = String(repeating: "é", count: 200)
        XCTAssertEqual(ValueDescription.describe(description).count, ValueDescription.limit, "characters, not bytes")
    }

    func testNestingAndCyclesStopAtTheDepthLimit() {
        XCTAssertEqual(describe(Deep(inner: [[[[1]]]])), "Deep(inner: [[[…]]])")
        let first = Node(), second = Node()
        first.next = second
        second.next = first  // a cycle
        let cycle = describe(first)
        XCTAssertLessThanOrEqual(cycle.count, ValueDescription.limit)
        XCTAssertTrue(cycle.hasPrefix("Node(name: \"n\", next: "), cycle)
    }

    /// A coalesced line's latest value is described on the writer thread,
    /// where the demo's other threads may be changing an object: its class
    /// is named, its fields never read.
    func testAnObjectIsOnlyNamedWhenDescribedOffItsThread() {
        let node = Node()
        XCTAssertEqual(describe(node, throughObjects: false), "Node")
        XCTAssertEqual(describe([node], throughObjects: false), "[Node]")
        XCTAssertEqual(describe(Counter(), throughObjects: false), "Counter", "not even its own description")
        XCTAssertEqual(
            describe(Point(x: 1, y: 2), throughObjects: false), "Point(x: 1, y: 2)", "values are copies: read as ever")
    }
}
