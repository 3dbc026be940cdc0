import DemoShellKit
import DemoKitTesting
import Launcher
import PluginHost
import ShellModel
import Foundation
import TestSupport
import XCTest

/// The settings service: one key file per plugin, atomic, corruption-proof.
@MainActor
final class SettingsTests: XCTestCase {
    private func folder() throws -> String { try XCTUnwrap(FileSystem.makeTemporaryDirectory()) }

    func testValuesRoundTripThroughTheFile() async throws {
        let path = FileSystem.join(try folder(), "demo.ini")
        let settings = Settings(path: path)
        XCTAssertNil(settings.string("name"))
        settings.set("宝玉", for: "name")
        settings.set(42, for: "best")
        settings.set(true, for: "sound")
        XCTAssertNil(settings.save())
        let again = Settings(path: path)
        XCTAssertEqual(again.string("name"), "宝玉")
        XCTAssertEqual(again.integer("best"), 42)
        XCTAssertEqual(again.boolean("sound"), true)
        XCTAssertFalse(
            FileSystem.contents(ofDirectory: FileSystem.dirname(path)).contains { $0 != "demo.ini" },
            "no temporary file is left behind")
    }

    /// Stop during 2048's fast Autoplay (edited) left
    /// `2048.edited.ini.XXXXXX` in the config folder (2 of 8 Stops): a save
    /// killed while it writes leaves nothing, and what an older one left
    /// goes at the next start.
    func testASaveCutShortLeavesNothingAndALeftoverGoesAtTheNextStart() async throws {
        let dir = try folder(), path = FileSystem.join(dir, "2048.edited.ini")
        let settings = Settings(path: path)
        settings.set(1, for: "best")
        XCTAssertNil(settings.save())
        var seen: [String] = []
        AtomicFile.whileUnnamed = { _ in seen = FileSystem.contents(ofDirectory: dir) }
        defer { AtomicFile.whileUnnamed = nil }
        settings.set(2, for: "best")
        XCTAssertNil(settings.save())
        XCTAssertEqual(seen, ["2048.edited.ini"], "a process killed while it writes leaves nothing beside the file")
        XCTAssertEqual(Settings(path: path).integer("best"), 2)
        XCTAssertEqual(FileSystem.contents(ofDirectory: dir), ["2048.edited.ini"])

        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let left = ["2048.edited.ini.Ab3dE9", "2048.edited.ini.tmp-\(ended.processIdentifier)-x1"]
        let others = [
            "2048.edited.ini.tmp-\(getpid())-x2", "2048.edited.ini.tmp-1-x3", "2048.edited.ini.backup",
            "2048.edited.ini.bak", "2048.edited.ini.bak.1", "2048.ini.Ab3dE9",
        ]
        for name in left + others { try FileSystem.writeAtomically("x", to: FileSystem.join(dir, name)) }
        XCTAssertEqual(Settings(path: path).integer("best"), 2)
        XCTAssertEqual(
            Set(FileSystem.contents(ofDirectory: dir)), Set(others + ["2048.edited.ini"]),
            "an older save's leftover and a gone process's go; a live process's, a backup and another file's stay")
    }

    func testCorruptFileGivesDefaultsAndIsKeptAsBackup() async throws {
        let dir = try folder()
        let path = FileSystem.join(dir, "demo.ini")
        let garbage = "[Settings\nthis is not a key file\u{1}\n"
        try FileSystem.writeAtomically(garbage, to: path)
        let settings = Settings(path: path)
        XCTAssertTrue(settings.recoveredFromCorruption)
        XCTAssertNil(settings.string("anything"))
        XCTAssertEqual(FileSystem.read(path + ".bak"), garbage, "the bad file is kept, not lost")
        settings.set("fresh", for: "name")
        XCTAssertNil(settings.save())
        XCTAssertEqual(Settings(path: path).string("name"), "fresh")
    }

    func testCorruptFilesAreMovedAsideWithoutReplacingEarlierBackups() async throws {
        let dir = try folder()
        let path = FileSystem.join(dir, "demo.ini")
        try FileSystem.writeAtomically("[Settings\nfirst garbage\n", to: path)
        XCTAssertEqual(Settings(path: path).backupPath, path + ".bak")
        try FileSystem.writeAtomically("[Settings\nsecond garbage\n", to: path)
        let second = Settings(path: path)
        XCTAssertTrue(second.recoveredFromCorruption)
        XCTAssertEqual(second.backupPath, path + ".bak.1")
        XCTAssertEqual(FileSystem.read(path + ".bak"), "[Settings\nfirst garbage\n", "the first backup is kept")
        XCTAssertEqual(FileSystem.read(path + ".bak.1"), "[Settings\nsecond garbage\n")
    }

    func testAFileThatCannotBeReadIsLeftAloneAndNeverOverwritten() async throws {
        let dir = try folder()
        let path = FileSystem.join(dir, "demo.ini")
        try FileSystem.makeDirectory(path)  // a directory where the file should be
        try FileSystem.writeAtomically("precious", to: FileSystem.join(path, "inside"))
        let settings = Settings(path: path)
        XCTAssertFalse(settings.recoveredFromCorruption, "unreadable is not corrupt")
        XCTAssertNotNil(settings.problem)
        XCTAssertNil(settings.string("k"), "defaults")
        settings.set("new", for: "k")
        let message = try XCTUnwrap(settings.save(), "saving must refuse")
        XCTAssertTrue(message.contains(path), message)
        XCTAssertTrue(FileSystem.isDirectory(path), "left exactly where it is")
        XCTAssertEqual(FileSystem.read(FileSystem.join(path, "inside")), "precious")
        XCTAssertFalse(FileSystem.exists(path + ".bak"))
    }

    func testIntegersKeepAll64Bits() async throws {
        let path = FileSystem.join(try folder(), "demo.ini")
        let settings = Settings(path: path)
        settings.set(5_000_000_000, for: "big")
        settings.set(Int.min, for: "min")
        XCTAssertNil(settings.save())
        let again = Settings(path: path)
        XCTAssertEqual(again.integer("big"), 5_000_000_000)
        XCTAssertEqual(again.integer("min"), Int.min)
    }

    func testSavingIntoAReadOnlyFolderReportsAndKeepsTheOldFile() async throws {
        let folder = try SmallFileSystem()
        defer { folder.unmount() }
        let path = FileSystem.join(folder.path, "demo.ini")
        let settings = Settings(path: path)
        settings.set("one", for: "k")
        XCTAssertNil(settings.save())
        try folder.makeReadOnly()
        settings.set("two", for: "k")
        let message = try XCTUnwrap(settings.save(), "the same path, now read-only: the write fails and says so")
        // The file asked for is named, not GLib's temporary demo.ini.XXXXXX.
        XCTAssertEqual(message, "\(path): \(getuid() == 0 ? "Read-only file system" : "Permission denied")")
        XCTAssertEqual(Settings(path: path).string("k"), "one", "the previous file is untouched")
    }

    func testACorruptFileThatCannotBeMovedAsideIsKept() async throws {
        let folder = try SmallFileSystem()
        defer { folder.unmount() }
        let path = FileSystem.join(folder.path, "demo.ini")
        try FileSystem.writeAtomically("[Settings\ngarbage\n", to: path)
        try folder.makeReadOnly()
        let settings = Settings(path: path)
        XCTAssertFalse(settings.recoveredFromCorruption)
        XCTAssertNotNil(settings.problem)
        XCTAssertNotNil(settings.save())
        XCTAssertEqual(FileSystem.read(path), "[Settings\ngarbage\n")
    }

    func testSavingOnAFullDiskReportsAndKeepsTheOldFile() async throws {
        let disk = try SmallFileSystem(size: "64k")
        defer { disk.unmount() }
        let path = FileSystem.join(disk.path, "demo.ini")
        let settings = Settings(path: path)
        settings.set("small", for: "k")
        XCTAssertNil(settings.save())
        settings.set(String(repeating: "x", count: 200_000), for: "k")
        let message = settings.save()
        XCTAssertNotNil(message, "a full disk is reported")
        XCTAssertEqual(Settings(path: path).string("k"), "small", "the previous file is untouched")
        XCTAssertEqual(FileSystem.contents(ofDirectory: disk.path), ["demo.ini"], "no temporary file is left behind")
    }

    func testPluginSettingsLiveUnderXDGConfigHome() async throws {
        let dir = try folder()
        let saved = Environment.value("XDG_CONFIG_HOME")
        defer { Environment.set("XDG_CONFIG_HOME", saved) }
        Environment.set("XDG_CONFIG_HOME", dir)
        XCTAssertEqual(Settings(pluginID: "say-hello").path, dir + "/demo-shell/say-hello.ini")
    }
}
