import DemoBasics
import ShellBasics
import Foundation
@testable import PluginHost
import ShellModel
import TestSupport
import XCTest

/// A demo package built with `swift build` is run from its manifest: the
/// loader finds the library in `.build/debug/` or `.build/release/`.
final class BuiltLibraryLookupTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory("built-library-XXXXXX"))
        try FileSystem.writeAtomically(
            "[Plugin]\nId=my-first\nModule=MyFirst\nName=My First\nABI=1\n", to: folder + "/manifest.plugin")
    }

    override func tearDown() { FileSystem.removeTree(folder) }

    private func library(_ configuration: String, modified seconds: Int) throws {
        let path = folder + "/.build/\(configuration)/libMyFirst.so"
        try FileSystem.makeDirectory(FileSystem.dirname(path))
        try FileSystem.writeAtomically("not really a library", to: path)
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
    }

    private func found() -> String? {
        switch PluginEntry.read(manifestPath: folder + "/manifest.plugin", searchDirectory: folder) {
        case .success(let entry): entry.libraryPath
        case .failure: nil
        }
    }

    func testTheLibraryOfADebugOrReleaseBuildIsFoundTheNewestFirst() throws {
        XCTAssertNil(found(), "no library anywhere")
        try library("debug", modified: 1_000)
        XCTAssertEqual(found(), folder + "/.build/debug/libMyFirst.so")
        try library("release", modified: 2_000)
        XCTAssertEqual(found(), folder + "/.build/release/libMyFirst.so", "the newer build")
        try library("debug", modified: 3_000)
        XCTAssertEqual(found(), folder + "/.build/debug/libMyFirst.so")
        try FileSystem.writeAtomically("beside", to: folder + "/libMyFirst.so")
        XCTAssertEqual(found(), folder + "/libMyFirst.so", "a library beside the manifest still comes first")
    }
}
