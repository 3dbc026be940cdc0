import DemoShellKit
import DemoKitTesting
import TestSupport
import XCTest

/// GdkPixbuf loading, scaling and showing through the binding.
@MainActor
final class BindingPixbufTests: GtkTestCase {
    private var directory = ""

    override func setUp() async throws {
        try await super.setUp()
        directory = FileSystem.makeTemporaryDirectory("binding-pixbuf-XXXXXX") ?? "/tmp"
    }

    override func tearDown() async throws {
        for name in FileSystem.contents(ofDirectory: directory) { FileSystem.remove(FileSystem.join(directory, name)) }
        FileSystem.remove(directory)
        try await super.tearDown()
    }

    func testMissingFileReturnsAnErrorMessage() async {
        XCTAssertThrowsError(try Pixbuf(path: FileSystem.join(directory, "missing.png"))) { error in
            let message = (error as? Pixbuf.LoadError)?.message ?? ""
            XCTAssertFalse(message.isEmpty)
        }
        XCTAssertThrowsError(try Pixbuf(path: FileSystem.join(directory, "missing.png"), width: 10, height: 10))
    }

    func testCorruptFileReturnsAnErrorMessage() async throws {
        let path = FileSystem.join(directory, "corrupt.png")
        try FileSystem.writeAtomically("\u{89}PNG this is not an image", to: path)
        XCTAssertThrowsError(try Pixbuf(path: path))
        let image = Image(iconName: "image-missing")
        XCTAssertNotNil(image.setPicture(path: path, width: 16, height: 16), "Image reports the error too")
    }

    func testCreateFillSaveLoadScale() async throws {
        guard let pixbuf = Pixbuf(width: 8, height: 4) else { return XCTFail("no pixbuf") }
        XCTAssertNil(Pixbuf(width: 0, height: 4))
        pixbuf.fill(Color("#ff8000")!)
        XCTAssertEqual(pixbuf.pixel(atX: 7, y: 3), Pixel(red: 255, green: 128, blue: 0))
        XCTAssertNil(pixbuf.pixel(atX: 8, y: 0))
        XCTAssertTrue(pixbuf.hasAlpha)

        let path = FileSystem.join(directory, "tile.png")
        XCTAssertNil(pixbuf.save(to: path))
        XCTAssertNotNil(pixbuf.save(to: FileSystem.join(directory, "no/such/dir.png")))
        XCTAssertNotNil(pixbuf.save(to: path + ".x", format: "no-such-format"))

        let loaded = try Pixbuf(path: path)
        XCTAssertEqual(loaded.width, 8)
        XCTAssertEqual(loaded.height, 4)
        XCTAssertEqual(loaded.pixel(atX: 0, y: 0), Pixel(red: 255, green: 128, blue: 0))

        let atSize = try Pixbuf(path: path, width: 16, height: -1)
        XCTAssertEqual(atSize.width, 16)
        XCTAssertEqual(atSize.height, 8, "aspect ratio kept")

        let scaled = loaded.scaled(width: 32, height: 2)
        XCTAssertEqual(scaled?.width, 32)
        XCTAssertEqual(scaled?.height, 2)
        XCTAssertEqual(scaled?.pixel(atX: 20, y: 1), Pixel(red: 255, green: 128, blue: 0))
        XCTAssertEqual(loaded.scaled(by: 2)?.width, 16)
        XCTAssertNil(loaded.scaled(width: 0, height: 1))
    }

    func testImageShowsAPixbufOnScreen() async throws {
        guard let pixbuf = Pixbuf(width: 20, height: 10, hasAlpha: false) else { return XCTFail("no pixbuf") }
        pixbuf.fill(Color("#00ff00")!)
        let path = FileSystem.join(directory, "green.png")
        XCTAssertNil(pixbuf.save(to: path))

        let window = Window(title: "Pixbuf image")
        let box = Box(.vertical)
        let image = Image(pixbuf: pixbuf)
        image.horizontalAlignment = .start
        let picture = Image(iconName: "image-missing")
        box.append(image)
        box.append(picture)
        window.add(box)
        show(window)
        XCTAssertTrue(image.pixbuf === pixbuf)
        XCTAssertEqual(image.allocatedWidth, 20)
        XCTAssertEqual(image.allocatedHeight, 10)
        MainLoop.spin(seconds: 0.05)
        XCTAssertEqual(image.snapshot()?.pixel(atX: 10, y: 5), Pixel(red: 0, green: 255, blue: 0))

        XCTAssertNil(picture.setPicture(path: path, width: 40, height: 20))
        picture.horizontalAlignment = .start
        MainLoop.run(until: { picture.allocatedHeight == 20 }, timeout: 2)
        XCTAssertEqual(picture.allocatedWidth, 40)
        XCTAssertEqual(picture.allocatedHeight, 20)

        image.setPixbuf(pixbuf.scaled(width: 80, height: 40), scale: 2)
        MainLoop.run(until: { image.allocatedWidth == 40 }, timeout: 2)
        XCTAssertEqual(image.allocatedWidth, 40, "a scale-2 image takes half its pixels in logical size")
        image.setPixbuf(nil)
        XCTAssertNil(image.pixbuf)
    }

    func testPixbufWrappersAreReleased() async {
        let objectsBefore = Object.liveCount
        weak var weakPixbuf: Pixbuf?
        do {
            let pixbuf = Pixbuf(width: 4, height: 4)
            weakPixbuf = pixbuf
            _ = pixbuf?.scaled(width: 2, height: 2)
        }
        XCTAssertNil(weakPixbuf)
        XCTAssertEqual(Object.liveCount, objectsBefore)
    }
}
