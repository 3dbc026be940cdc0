import DemoShellKit
import DemoKitTesting
import TestSupport
import XCTest

/// SVG pictures are rendered once and read back from the user's cache; an
/// edited, replaced or damaged file never shows a stale or broken picture.
@MainActor
final class PictureCacheTests: GtkTestCase {
    private var directory = ""
    private var savedCache: String?

    override func setUp() async throws {
        try await super.setUp()
        directory = FileSystem.makeTemporaryDirectory("picture-cache-XXXXXX") ?? "/tmp"
        savedCache = Environment.value("XDG_CACHE_HOME")
        Environment.set("XDG_CACHE_HOME", FileSystem.join(directory, "cache"))
    }

    override func tearDown() async throws {
        Environment.set("XDG_CACHE_HOME", savedCache)
        removeTree(directory)
        try await super.tearDown()
    }

    private func removeTree(_ path: String) {
        if FileSystem.isDirectory(path) {
            for name in FileSystem.contents(ofDirectory: path) { removeTree(FileSystem.join(path, name)) }
        }
        FileSystem.remove(path)
    }

    private func svg(_ colour: String) -> String {
        "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><rect width='10' height='10' fill='\(colour)'/></svg>"
    }

    private var entries: [String] { FileSystem.contents(ofDirectory: PictureCache.directory).sorted() }

    func testAnSVGIsRenderedOnceThenReadFromTheCache() async throws {
        let path = FileSystem.join(directory, "icon.svg")
        try FileSystem.writeAtomically(svg("#ff0000"), to: path)
        let first = try PictureCache.pixbuf(path: path, width: 24, height: 24)
        XCTAssertEqual(first.width, 24)
        XCTAssertEqual(first.pixel(atX: 12, y: 12), Pixel(red: 255, green: 0, blue: 0))
        XCTAssertEqual(entries.count, 1, "one rendering kept")

        // The cache answers the next time: a green PNG put in place of the
        // entry is what comes back (a cache that is not read gives red).
        guard let green = Pixbuf(width: 24, height: 24) else { return XCTFail("no pixbuf") }
        green.fill(Color("#00ff00")!)
        XCTAssertNil(green.save(to: FileSystem.join(PictureCache.directory, entries[0])))
        let second = try PictureCache.pixbuf(path: path, width: 24, height: 24)
        XCTAssertEqual(second.pixel(atX: 12, y: 12), Pixel(red: 0, green: 255, blue: 0))

        // Another size is another rendering.
        _ = try PictureCache.pixbuf(path: path, width: 48, height: 48)
        XCTAssertEqual(entries.count, 2)
    }

    func testAnEditedPictureIsRenderedAgainAndReplacesTheOldRendering() async throws {
        let path = FileSystem.join(directory, "icon.svg")
        try FileSystem.writeAtomically(svg("#ff0000"), to: path)
        _ = try PictureCache.pixbuf(path: path, width: 16, height: 16)
        let before = entries
        try FileSystem.writeAtomically(svg("#0000ff"), to: path)  // a new file: new inode and time
        let edited = try PictureCache.pixbuf(path: path, width: 16, height: 16)
        XCTAssertEqual(edited.pixel(atX: 8, y: 8), Pixel(red: 0, green: 0, blue: 255))
        XCTAssertEqual(entries.count, 1, "the old rendering is removed")
        XCTAssertNotEqual(entries, before)
    }

    func testADamagedEntryFallsBackToRenderingAndIsRepaired() async throws {
        let path = FileSystem.join(directory, "icon.svg")
        try FileSystem.writeAtomically(svg("#ff0000"), to: path)
        _ = try PictureCache.pixbuf(path: path, width: 16, height: 16)
        let entry = FileSystem.join(PictureCache.directory, entries[0])
        try FileSystem.writeAtomically("\u{89}PNG cut short", to: entry)
        let loaded = try PictureCache.pixbuf(path: path, width: 16, height: 16)
        XCTAssertEqual(loaded.pixel(atX: 8, y: 8), Pixel(red: 255, green: 0, blue: 0))
        XCTAssertNotNil(try? Pixbuf(path: entry), "the entry is a valid PNG again")
    }

    func testAnUnwritableCacheStillShowsThePicture() async throws {
        let path = FileSystem.join(directory, "icon.svg")
        try FileSystem.writeAtomically(svg("#ff0000"), to: path)
        // A file where the cache folder's parent should be: no folder can be made.
        try FileSystem.writeAtomically("not a folder", to: FileSystem.join(directory, "cache"))
        let loaded = try PictureCache.pixbuf(path: path, width: 16, height: 16)
        XCTAssertEqual(loaded.pixel(atX: 8, y: 8), Pixel(red: 255, green: 0, blue: 0))
    }

    func testBitmapsAndMissingFilesAreNotCached() async throws {
        guard let red = Pixbuf(width: 8, height: 8) else { return XCTFail("no pixbuf") }
        red.fill(Color("#ff0000")!)
        let png = FileSystem.join(directory, "icon.png")
        XCTAssertNil(red.save(to: png))
        XCTAssertEqual(try PictureCache.pixbuf(path: png, width: 16, height: 16).width, 16)
        XCTAssertThrowsError(
            try PictureCache.pixbuf(path: FileSystem.join(directory, "missing.svg"), width: 16, height: 16))
        XCTAssertEqual(entries, [])
    }
}
