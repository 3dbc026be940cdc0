import LabelsModel
import XCTest

final class LabelsModelTests: XCTestCase {
    /// A font whose text is `perPoint` pixels wide per point of size,
    /// rounded up as Pango's pixel sizes are.
    private func linear(_ perPoint: Double) -> (Double) -> Double {
        { size in (size * perPoint).rounded(.up) }
    }

    func testPagesInOrder() {
        XCTAssertEqual(LabelsPage.allCases.map(\.name), ["label", "font", "alignment", "fit-width"])
    }

    func testVerticalPositionsMapToYAlign() {
        XCTAssertEqual(VerticalPosition.initial, .top)
        XCTAssertEqual(VerticalPosition.allCases.map(\.yAlign), [0, 0.5, 1])
    }

    func testHorizontalAlignmentsMapToXAlign() {
        XCTAssertEqual(HorizontalAlignment.allCases.map(\.xAlign), [0, 0.5, 1])
    }

    func testTextThatFitsKeepsItsNaturalSize() {
        let fitting = FontFitting(naturalSize: 36)
        XCTAssertEqual(fitting.fittedSize(availableWidth: 1000, measure: linear(10)), 36)
        XCTAssertEqual(fitting.fittedSize(availableWidth: 360, measure: linear(10)), 36, "exactly as wide fits")
    }

    func testNarrowWidthShrinksUntilItFits() {
        let fitting = FontFitting(naturalSize: 36, precision: 0.01)
        let measure = linear(10)
        let size = fitting.fittedSize(availableWidth: 180, measure: measure)
        XCTAssertLessThanOrEqual(measure(size), 180)
        XCTAssertEqual(size, 18, accuracy: 0.05)
        XCTAssertGreaterThan(measure(size + 0.05), 180, "the largest size that fits, to the precision")
    }

    func testNeverLargerThanNaturalEvenWhenWider() {
        let fitting = FontFitting(naturalSize: 20)
        XCTAssertEqual(fitting.fittedSize(availableWidth: 10_000, measure: linear(3)), 20)
    }

    func testNonLinearWidthsStillFit() {
        // Hinting makes some sizes jump wider than proportion says.
        let fitting = FontFitting(naturalSize: 48, precision: 0.1)
        let bumpy: (Double) -> Double = { size in
            let base = size * 12
            return (Int(size) % 3 == 0 ? base + 25 : base).rounded(.up)
        }
        for width in stride(from: 40.0, through: 700, by: 7) {
            let size = fitting.fittedSize(availableWidth: width, measure: bumpy)
            if bumpy(fitting.minimumSize) <= width {
                XCTAssertLessThanOrEqual(bumpy(size), width, "width \(width) size \(size)")
            }
            XCTAssertLessThanOrEqual(size, 48)
            XCTAssertGreaterThanOrEqual(size, fitting.minimumSize)
        }
    }

    func testGrowsBackWhenWidthReturns() {
        let fitting = FontFitting(naturalSize: 36)
        let measure = linear(8)
        let narrow = fitting.fittedSize(availableWidth: 100, measure: measure)
        XCTAssertLessThan(narrow, 36)
        XCTAssertEqual(fitting.fittedSize(availableWidth: 400, measure: measure), 36)
    }

    func testTooNarrowForEvenTheMinimumGivesTheMinimum() {
        let fitting = FontFitting(naturalSize: 36, minimumSize: 4)
        XCTAssertEqual(fitting.fittedSize(availableWidth: 5, measure: linear(10)), 4)
    }

    func testEmptyTextAndHostileNumbers() {
        let fitting = FontFitting(naturalSize: 36)
        XCTAssertEqual(fitting.fittedSize(availableWidth: 0, measure: { _ in 0 }), 36, "empty text fits anywhere")
        XCTAssertEqual(fitting.fittedSize(availableWidth: -50, measure: linear(10)), fitting.minimumSize)
        XCTAssertEqual(fitting.fittedSize(availableWidth: .nan, measure: linear(10)), fitting.minimumSize)
        XCTAssertEqual(
            fitting.fittedSize(availableWidth: .infinity, measure: linear(10)), fitting.minimumSize,
            "an infinite width is treated as unknown, never as room")
        XCTAssertEqual(fitting.fittedSize(availableWidth: 100, measure: { _ in .nan }), fitting.minimumSize)
        let odd = FontFitting(naturalSize: .nan, minimumSize: -3, precision: 0)
        XCTAssertTrue(odd.naturalSize.isFinite && odd.naturalSize > 0)
        XCTAssertTrue(odd.minimumSize > 0 && odd.minimumSize <= odd.naturalSize)
        XCTAssertGreaterThan(odd.precision, 0)
        let inverted = FontFitting(naturalSize: 10, minimumSize: 50)
        XCTAssertEqual(inverted.minimumSize, 10)
    }

    func testProportionalGuess() {
        let fitting = FontFitting(naturalSize: 40, minimumSize: 2)
        XCTAssertEqual(fitting.proportionalSize(measuredWidth: 400, availableWidth: 200), 20)
        XCTAssertEqual(fitting.proportionalSize(measuredWidth: 400, availableWidth: 800), 40)
        XCTAssertEqual(fitting.proportionalSize(measuredWidth: 400, availableWidth: 1), 2)
        XCTAssertEqual(fitting.proportionalSize(measuredWidth: 0, availableWidth: 100), 40)
    }
}
