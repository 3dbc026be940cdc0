import TextBounds
import XCTest

/// The digits every number field reads (the password's length, the story's
/// Number): ASCII and full-width, nothing else.
final class DecimalDigitsTests: XCTestCase {
    func testFullWidthDigitsBecomeTheirASCIITwins() {
        for value in 0...9 {
            let fullWidth = Unicode.Scalar(0xFF10 + UInt32(value))!
            XCTAssertEqual(
                DecimalDigits.ascii(fullWidth), Unicode.Scalar(0x30 + UInt32(value))!,
                "U+\(String(fullWidth.value, radix: 16, uppercase: true))")
        }
        XCTAssertEqual(DecimalDigits.asciiDigits(of: "１２８"), "128")
    }

    func testASCIIDigitsStayAndEverythingElseIsLeftOut() {
        XCTAssertEqual(DecimalDigits.ascii("7"), "7")
        for other: Unicode.Scalar in ["/", ":", "a", "\u{FF0F}", "\u{FF1A}", "\u{0663}", "\u{2167}", "-", " "] {
            XCTAssertNil(DecimalDigits.ascii(other), "U+\(String(other.value, radix: 16, uppercase: true))")
        }
        XCTAssertEqual(DecimalDigits.asciiDigits(of: "a1 ２-3\u{0663}４"), "1234")
        XCTAssertEqual(DecimalDigits.asciiDigits(of: ""), "")
    }
}
