import SwiftControlsModel
import XCTest

final class SwiftControlsModelTests: XCTestCase {
    func testTheDemoSumIsThirtyThree() {
        XCTAssertEqual(MathSum.demo, MathSum(11, 22))
        XCTAssertEqual(MathSum.demo.result, 33)
        XCTAssertEqual(MathSum.demo.resultText, "33")
    }

    func testOtherSums() {
        XCTAssertEqual(MathSum(0, 0).result, 0)
        XCTAssertEqual(MathSum(-5, 3).result, -2)
        XCTAssertEqual(MathSum(Int.max, Int.min).result, -1)
        XCTAssertEqual(MathSum(Int.max - 1, 1).result, Int.max)
    }

    func testOverflowIsReportedNotTrapped() {
        XCTAssertNil(MathSum(Int.max, 1).result)
        XCTAssertNil(MathSum(Int.min, -1).resultText)
    }

    func testPages() {
        XCTAssertEqual(SwiftControlsPage.allCases.map(\.name), ["list", "label", "button"])
        XCTAssertEqual(SwiftControlsPage.details, [.label, .button])
        XCTAssertEqual(SwiftControlsPage.label.className, "UILabel")
        XCTAssertEqual(SwiftControlsPage.button.className, "UIButton")
        XCTAssertNil(SwiftControlsPage.list.className)
        XCTAssertNil(SwiftControlsPage.list.back)
        XCTAssertEqual(SwiftControlsPage.button.back, .list)
    }

    func testNavigation() {
        var navigation = SwiftControlsNavigation()
        XCTAssertEqual(navigation.page, .list)
        XCTAssertFalse(navigation.canGoBack)
        XCTAssertFalse(navigation.goBack(), "nothing before the list")
        XCTAssertFalse(navigation.open(.list))
        XCTAssertTrue(navigation.open(.button))
        XCTAssertEqual(navigation.page, .button)
        XCTAssertTrue(navigation.canGoBack)
        XCTAssertFalse(navigation.open(.label), "a detail page opens from the list only")
        XCTAssertTrue(navigation.goBack())
        XCTAssertEqual(navigation.page, .list)
        XCTAssertTrue(navigation.open(.label))
        XCTAssertEqual(navigation.page, .label)
    }
}
