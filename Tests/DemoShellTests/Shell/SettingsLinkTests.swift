import Game2048Model
import DemoShellKit
import Foundation
import TestSupport
import XCTest

/// Files that fail, beyond `SettingsTests`: a dotfiles set-up links the
/// settings file into a repository; saving must keep the link.
@MainActor
final class SettingsLinkTests: XCTestCase {
    func testASymlinkedSettingsFileKeepsItsLinkAndItsTargetIsWritten() async throws {
        let home = try XCTUnwrap(FileSystem.makeTemporaryDirectory())
        let dotfiles = FileSystem.join(home, "dotfiles")
        try FileSystem.makeDirectory(dotfiles)
        let target = FileSystem.join(dotfiles, "demo.ini")
        try FileSystem.writeAtomically("[Settings]\nk=old\n", to: target)
        let link = FileSystem.join(home, "demo.ini")
        // Relative, as `stow` makes them.
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "dotfiles/demo.ini")
        let settings = Settings(path: link)
        XCTAssertEqual(settings.string("k"), "old")
        settings.set("new", for: "k")
        XCTAssertNil(settings.save())
        XCTAssertEqual(
            try FileManager.default.destinationOfSymbolicLink(atPath: link), "dotfiles/demo.ini", "the link is kept")
        XCTAssertEqual(Settings(path: target).string("k"), "new", "its target is written")
        XCTAssertEqual(FileSystem.contents(ofDirectory: home).sorted(), ["demo.ini", "dotfiles"])
    }

    func testALinkToAFileNotYetThereCreatesIt() async throws {
        let home = try XCTUnwrap(FileSystem.makeTemporaryDirectory())
        let link = FileSystem.join(home, "demo.ini")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: FileSystem.join(home, "real.ini"))
        let settings = Settings(path: link)
        settings.set(1, for: "n")
        XCTAssertNil(settings.save())
        XCTAssertNotNil(try? FileManager.default.destinationOfSymbolicLink(atPath: link))
        XCTAssertEqual(Settings(path: FileSystem.join(home, "real.ini")).integer("n"), 1)
    }

    func testBinaryGarbageIsMovedAsideAndTheBackupIsReal() async throws {
        let home = try XCTUnwrap(FileSystem.makeTemporaryDirectory())
        let path = FileSystem.join(home, "demo.ini")
        var garbage = [UInt8](repeating: 0, count: 4096)
        var random = SeededRandom(seed: 6)
        for i in garbage.indices { garbage[i] = UInt8.random(in: 0...255, using: &random) }
        try Data(garbage).write(to: URL(fileURLWithPath: path))
        let settings = Settings(path: path)
        XCTAssertTrue(settings.recoveredFromCorruption)
        let backup = try XCTUnwrap(settings.backupPath)
        XCTAssertEqual(
            FileManager.default.contents(atPath: backup), Data(garbage), "the backup it names holds the old file")
        settings.set("fresh", for: "k")
        XCTAssertNil(settings.save())
        XCTAssertEqual(Settings(path: path).string("k"), "fresh")
    }
}
