import ButtonsModel
import XCTest

final class ButtonsModelTests: XCTestCase {
    func testPagesInOrder() {
        XCTAssertEqual(ButtonsPage.allCases.map(\.name), ["tap", "types"])
    }

    func testSixTypesInTheBooksOrder() {
        XCTAssertEqual(
            ButtonType.allCases.map(\.typeName),
            ["Custom", "RoundedRect", "DetailDisclosure", "InfoLight", "InfoDark", "ContactAdd"])
    }

    func testIconsAndShapes() {
        XCTAssertNil(ButtonType.custom.iconName)
        XCTAssertNil(ButtonType.roundedRect.iconName)
        XCTAssertEqual(ButtonType.detailDisclosure.iconName, "go-next-symbolic")
        XCTAssertEqual(ButtonType.infoLight.iconName, "help-about-symbolic")
        XCTAssertEqual(ButtonType.infoDark.iconName, "help-about-symbolic")
        XCTAssertEqual(ButtonType.contactAdd.iconName, "list-add-symbolic")
        XCTAssertEqual(ButtonType.allCases.filter(\.isRound), [.detailDisclosure, .infoLight, .infoDark, .contactAdd])
    }

    func testInfoButtonsAreForOppositeBackgrounds() {
        XCTAssertEqual(ButtonType.infoLight.swatch, .dark, "a light icon for dark backgrounds")
        XCTAssertEqual(ButtonType.infoDark.swatch, .light)
        XCTAssertNil(ButtonType.custom.swatch)
    }

    func testCustomButtonGeometry() {
        XCTAssertEqual(CustomButtonStyle.width, 200)
        XCTAssertEqual(CustomButtonStyle.height, 60)
        XCTAssertEqual(CustomButtonStyle.capWidth, 20)
        XCTAssertLessThanOrEqual(CustomButtonStyle.capWidth * 2, CustomButtonStyle.height, "caps never overlap")
        XCTAssertEqual(CustomButtonStyle.imagePath, "frame.png")
    }

    func testGalleryRemembersTheLastTap() {
        var gallery = ButtonGallery()
        XCTAssertNil(gallery.lastTapped)
        gallery.tap(.infoDark)
        gallery.tap(.contactAdd)
        XCTAssertEqual(gallery.lastTapped, .contactAdd)
        XCTAssertEqual(gallery.tapCount, 2)
    }
}
