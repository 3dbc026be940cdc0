import Game2048Model
import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// Files that fail, for every file the app saves: each demo's
/// settings, the 2048 game and the launcher's state. Each case opens the real
/// window through the shell: the person sees a warning in the window, the
/// window works, the previous good file is never lost, and a backup is named
/// only when it exists.
@MainActor
final class FilesThatFailTests: GtkTestCase {
    private var shell: Shell!

    private var configFolder: String { FileSystem.join(Environment.userConfigDirectory, "demo-shell") }
    private func settingsPath(_ id: String) -> String { FileSystem.join(configFolder, "\(id).ini") }

    @discardableResult
    private func makeShell() -> Shell {
        let shell = makeTestShell()
        self.shell = shell
        return shell
    }

    private func open(_ id: String) throws -> Window {
        XCTAssertTrue(shell.openDemo(id: id), id)
        let window = try XCTUnwrap(shell.window(forDemo: id))
        XCTAssertTrue(MainLoop.run(until: { window.isMapped }), "\(id) never mapped")
        MainLoop.drain()
        return window
    }

    private func close(_ window: Window) {
        window.destroy()
        MainLoop.drain()
    }

    private func garbage(seed: UInt64, count: Int = 3000) -> Data {
        var random = SeededRandom(seed: seed)
        return Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &random) })
    }

    private func write(_ data: Data, to path: String) throws {
        try FileSystem.makeDirectory(FileSystem.dirname(path))
        try data.write(to: URL(fileURLWithPath: path))
    }

    /// The warning bar's text, checked to be where a screen reader finds it.
    private func notice(in window: Window, file: StaticString = #filePath, line: UInt = #line) -> String? {
        guard let message = WindowNotice.message(in: window) else { return nil }
        XCTAssertNotNil(
            window.find(Widget.self, named: "Warning"), "the bar has an accessible name", file: file, line: line)
        XCTAssertNotNil(
            window.find(Button.self, named: "Dismiss"), "the bar's close button is named", file: file, line: line)
        return message
    }

    // MARK: Every demo's settings

    func testEveryDemosDamagedSettingsAreMovedAsideAndTheWindowNamesTheBackup() async throws {
        for (index, entry) in makeShell().registry.entries.enumerated() {
            let id = entry.info.id
            let bytes = garbage(seed: UInt64(index + 1))
            try write(bytes, to: settingsPath(id))
            let window = try open(id)
            let message = try XCTUnwrap(notice(in: window), "\(id) says nothing of its damaged settings")
            let backup = settingsPath(id) + ".bak"
            XCTAssertTrue(message.contains(backup), "\(id): \(message)")
            XCTAssertEqual(
                FileManager.default.contents(atPath: backup), bytes, "\(id): the backup named holds the old file")
            XCTAssertEqual(unnamedControls(in: window), [], id)
            close(window)
            XCTAssertNotNil(
                FileSystem.read(settingsPath(id)).flatMap { $0.contains("[Settings]") ? $0 : nil },
                "\(id): a good file is written on close")
            // Opened again (the next run), the file is good: no warning.
            makeShell()
            let again = try open(id)
            XCTAssertNil(WindowNotice.message(in: again), id)
            close(again)
        }
    }

    func testADirectoryAtTheSettingsPathIsToldLeftAloneAndNotClaimedAsBackedUp() async throws {
        let shell = makeShell()
        for entry in shell.registry.entries {
            let id = entry.info.id
            try FileSystem.makeDirectory(settingsPath(id))
            try write(Data("mine".utf8), to: FileSystem.join(settingsPath(id), "inside"))
            let window = try open(id)
            let message = try XCTUnwrap(notice(in: window), id)
            XCTAssertTrue(message.contains("will not be saved"), "\(id): \(message)")
            XCTAssertFalse(message.contains(".bak"), "\(id): no backup was made, none is claimed: \(message)")
            close(window)
            XCTAssertTrue(FileSystem.isDirectory(settingsPath(id)), id)
            XCTAssertEqual(FileSystem.read(FileSystem.join(settingsPath(id), "inside")), "mine", id)
            XCTAssertFalse(FileSystem.exists(settingsPath(id) + ".bak"), id)
        }
    }

    func testADamagedLinkedSettingsFileMovesAsideBehindItsLink() async throws {
        makeShell()
        let dotfiles = try XCTUnwrap(FileSystem.makeTemporaryDirectory("demo-shell-dotfiles-XXXXXX"))
        let target = FileSystem.join(dotfiles, "password.ini")
        try write(garbage(seed: 77), to: target)
        try FileSystem.makeDirectory(configFolder)
        try FileManager.default.createSymbolicLink(atPath: settingsPath("password"), withDestinationPath: target)
        let window = try open("password")
        XCTAssertEqual(notice(in: window)?.contains(target + ".bak"), true, "the target is what moved aside")
        close(window)
        XCTAssertEqual(
            try FileManager.default.destinationOfSymbolicLink(atPath: settingsPath("password")), target,
            "the link is kept")
        XCTAssertEqual(FileSystem.read(target)?.contains("[Settings]"), true, "and its target written anew")
        XCTAssertEqual(FileManager.default.contents(atPath: target + ".bak"), garbage(seed: 77))
    }

    // MARK: The 2048 game

    /// Plays one move of a new 2048 game and closes it: a good saved game.
    private func saveAGoodGame() throws -> String {
        let window = try open("2048")
        try XCTUnwrap(window.find(Button.self, named: "Start Game")).click()
        MainLoop.drain()
        let board = try XCTUnwrap(window.find(DrawingArea.self, named: "Game board"))
        for key in [Key.left, Key.up, Key.right, Key.down] { board.sendKey(key) }
        MainLoop.drain()
        close(window)
        let saved = try XCTUnwrap(FileSystem.read(settingsPath("2048")))
        XCTAssertTrue(saved.contains("game-4="))
        makeShell()  // the next run reads the file anew
        return saved
    }

    func testATruncatedGameStartsANewOneAndKeepsACopyOfTheOldFile() async throws {
        makeShell()
        let good = try saveAGoodGame()
        // Cut in the middle of the board, as a crash mid-write on another system would.
        let cut = String(good.prefix(upTo: good.range(of: "game-4=")!.upperBound)) + "4:16:0:0:2,0,4"
        try write(Data(cut.utf8), to: settingsPath("2048"))
        let window = try open("2048")
        let message = try XCTUnwrap(notice(in: window))
        XCTAssertTrue(message.contains("could not be resumed"), message)
        XCTAssertTrue(message.contains(settingsPath("2048") + ".bak"), message)
        XCTAssertEqual(FileSystem.read(settingsPath("2048") + ".bak"), cut, "the copy holds the file as it was")
        XCTAssertNil(window.find(Button.self, named: "Continue"), "nothing to resume")
        try XCTUnwrap(window.find(Button.self, named: "Start Game")).click()
        MainLoop.drain()
        XCTAssertTrue(
            try XCTUnwrap(window.find(DrawingArea.self, named: "Game board")).hasFocus, "a new game is playable")
        close(window)
    }

    func testAGameThatCannotBeSavedOnAReadOnlyDiskSaysSoAndKeepsTheLastSave() async throws {
        let disk = try SmallFileSystem()
        defer { disk.unmount() }
        Environment.set("XDG_CONFIG_HOME", disk.path)
        makeShell()
        let good = try saveAGoodGame()
        try disk.makeReadOnly()
        let window = try open("2048")
        XCTAssertNil(WindowNotice.message(in: window), "a read-only file is still read")
        try XCTUnwrap(window.find(Button.self, named: "Continue")).click()
        MainLoop.drain()
        let board = try XCTUnwrap(window.find(DrawingArea.self, named: "Game board"))
        for key in [Key.left, Key.up, Key.right, Key.down, Key.left] { board.sendKey(key) }
        XCTAssertTrue(MainLoop.run(until: { WindowNotice.message(in: window) != nil }), "the failed save is told")
        let message = try XCTUnwrap(notice(in: window))
        XCTAssertTrue(
            message.hasPrefix("The game could not be saved: \(settingsPath("2048")): "),
            "names the game's file: \(message)")
        XCTAssertFalse(message.contains(settingsPath("2048") + "."), "not the temporary one GLib wrote: \(message)")
        XCTAssertTrue(message.hasSuffix(getuid() == 0 ? "Read-only file system" : "Permission denied"), message)
        close(window)
        XCTAssertEqual(FileSystem.read(settingsPath("2048")), good, "the last good save is untouched")
    }

    func testAGameThatCannotBeSavedOnAFullDiskSaysSoAndKeepsTheLastSave() async throws {
        let disk = try SmallFileSystem(size: "64k")
        defer { disk.unmount() }
        Environment.set("XDG_CONFIG_HOME", disk.path)
        makeShell()
        let good = try saveAGoodGame()
        // Fill the disk to the last block.
        let filler = FileSystem.join(disk.path, "filler")
        XCTAssertTrue(FileManager.default.createFile(atPath: filler, contents: nil))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: filler))
        while (try? handle.write(contentsOf: Data(count: 4096))) != nil {}
        try? handle.close()
        let window = try open("2048")
        try XCTUnwrap(window.find(Button.self, named: "Continue")).click()
        MainLoop.drain()
        let board = try XCTUnwrap(window.find(DrawingArea.self, named: "Game board"))
        for key in [Key.left, Key.up, Key.right, Key.down, Key.left] { board.sendKey(key) }
        XCTAssertTrue(MainLoop.run(until: { WindowNotice.message(in: window) != nil }), "the failed save is told")
        XCTAssertEqual(
            notice(in: window), "The game could not be saved: \(settingsPath("2048")): No space left on device")
        close(window)
        XCTAssertEqual(FileSystem.read(settingsPath("2048")), good, "the last good save is untouched")
        XCTAssertFalse(
            FileSystem.contents(ofDirectory: FileSystem.join(disk.path, "demo-shell")).contains { $0 != "2048.ini" },
            "no temporary file is left behind")
    }

    // MARK: The launcher's state

    func testTheLauncherToldOfDamagedStateStillWorksAndKeepsTheOldFile() async throws {
        let bytes = garbage(seed: 99)
        try write(bytes, to: LauncherWindow.settingsPath())
        let shell = makeShell()
        shell.showLauncher()
        let launcher = try XCTUnwrap(shell.launcher)
        XCTAssertTrue(MainLoop.run(until: { launcher.window.isMapped }))
        let message = try XCTUnwrap(notice(in: launcher.window))
        XCTAssertTrue(message.contains(LauncherWindow.settingsPath() + ".bak"), message)
        XCTAssertEqual(FileManager.default.contents(atPath: LauncherWindow.settingsPath() + ".bak"), bytes)
        XCTAssertTrue(launcher.visibleDemoIDs.contains("say-hello"), "the list is there")
        XCTAssertEqual(unnamedControls(in: launcher.window), [])
        try XCTUnwrap(launcher.window.find(Button.self, named: "Dismiss")).click()
        MainLoop.drain()
        XCTAssertNil(WindowNotice.message(in: launcher.window), "dismissed")
        launcher.window.destroy()
        MainLoop.drain()
        XCTAssertEqual(
            Settings(path: LauncherWindow.settingsPath()).integer("divider"), LauncherWindow.defaultDividerPosition,
            "its state is saved anew")
    }

    func testTheLauncherWithAnUnreadableStateFileLeavesItAlone() async throws {
        try FileSystem.makeDirectory(LauncherWindow.settingsPath())
        let shell = makeShell()
        shell.showLauncher()
        let launcher = try XCTUnwrap(shell.launcher)
        XCTAssertTrue(MainLoop.run(until: { launcher.window.isMapped }))
        let message = try XCTUnwrap(notice(in: launcher.window))
        XCTAssertFalse(message.contains(".bak"), message)
        XCTAssertTrue(launcher.visibleDemoIDs.count >= 9)
        launcher.window.destroy()
        MainLoop.drain()
        XCTAssertTrue(FileSystem.isDirectory(LauncherWindow.settingsPath()))
        XCTAssertFalse(FileSystem.exists(LauncherWindow.settingsPath() + ".bak"))
    }
}
