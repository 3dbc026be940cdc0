import DemoKit
import DemoShellCore
import XCTest

/// The shell's GTK-free rules: command line, catalog search, manifests.
final class ShellModelTests: XCTestCase {
    func testCommandLine() {
        XCTAssertEqual(parseCommandLine([]), .run(demoID: nil, autoquit: false))
        XCTAssertEqual(parseCommandLine(["--list"]), .list)
        XCTAssertEqual(parseCommandLine(["--run=say-hello"]), .run(demoID: "say-hello", autoquit: false))
        XCTAssertEqual(parseCommandLine(["--run", "say-hello", "--autoquit"]), .run(demoID: "say-hello", autoquit: true))
        XCTAssertEqual(parseCommandLine(["--autoquit"]), .run(demoID: nil, autoquit: true))
        XCTAssertEqual(parseCommandLine(["--version"]), .version)
        XCTAssertEqual(parseCommandLine(["--help"]), .help)
        guard case .usageError(let message) = parseCommandLine(["--nope"]) else { return XCTFail() }
        XCTAssertTrue(message.contains("--nope"))
        guard case .usageError = parseCommandLine(["--run"]) else { return XCTFail("--run needs an id") }
        guard case .usageError = parseCommandLine(["--run="]) else { return XCTFail("--run= needs an id") }
        guard case .usageError = parseCommandLine(["--run", "--list"]) else { return XCTFail("an option is no id") }
        guard case .usageError = parseCommandLine(["stray"]) else { return XCTFail("stray argument") }
    }

    private let demos = [
        DemoInfo(id: "say-hello", name: "Say Hello", description: "Type your name and get a greeting",
                 category: "Getting Started", iconName: "x", version: "1"),
        DemoInfo(id: "labels", name: "Labels", description: "Fonts, colours and alignment",
                 category: "Controls", iconName: "x", version: "1"),
        DemoInfo(id: "buttons", name: "Buttons", description: "Button types",
                 category: "Controls", iconName: "x", version: "1"),
        DemoInfo(id: "zh", name: "打招呼", description: "输入姓名", category: "入门", iconName: "x", version: "1"),
    ]

    func testCatalogGroupsByCategoryAndSortsByName() {
        let sections = DemoCatalog(demos).sections(matching: "")
        XCTAssertEqual(sections.map(\.title), ["Controls", "Getting Started", "入门"])
        XCTAssertEqual(sections[0].demos.map(\.id), ["buttons", "labels"])
    }

    func testCatalogSearchIsCaseInsensitiveOverNameDescriptionAndCategory() {
        let catalog = DemoCatalog(demos)
        func ids(_ query: String) -> [String] { catalog.sections(matching: query).flatMap(\.demos).map(\.id) }
        XCTAssertEqual(ids("LABELS"), ["labels"])
        XCTAssertEqual(ids("greeting"), ["say-hello"])
        XCTAssertEqual(ids("controls"), ["buttons", "labels"])
        XCTAssertEqual(ids("button types"), ["buttons"], "every word must match")
        XCTAssertEqual(ids("  姓名 "), ["zh"])
        XCTAssertEqual(ids("nothing-like-this"), [])
    }

    func testManifestParsing() {
        func parse(_ keys: [String: String]) -> Result<PluginManifest, PluginManifest.Problem> {
            PluginManifest.parse(value: { keys[$0] }, localizedValue: { keys[$0] })
        }
        let good = ["Id": "say-hello", "Module": "SayHello", "Name": " Say Hello ", "ABI": "1"]
        guard case .success(let manifest) = parse(good) else { return XCTFail() }
        XCTAssertEqual(manifest.info.name, "Say Hello", "trimmed")
        XCTAssertEqual(manifest.libraryFileName, "libSayHello.so")
        XCTAssertEqual(manifest.info.category, "Other", "a default category")
        var bad = good; bad["Id"] = "Say Hello!"
        XCTAssertEqual(parse(bad), .failure(.invalidID("Say Hello!")))
        bad = good; bad["Module"] = "../../usr/lib/Evil"
        XCTAssertEqual(parse(bad), .failure(.invalidModule("../../usr/lib/Evil")))
        bad = good; bad["ABI"] = "2"
        XCTAssertEqual(parse(bad), .failure(.abiMismatch(found: "2", expected: DemoKit.abiVersion)))
        bad = good; bad["ABI"] = nil
        XCTAssertEqual(parse(bad), .failure(.missingKey("ABI")))
        bad = good; bad["Name"] = "   "
        XCTAssertEqual(parse(bad), .failure(.missingKey("Name")))
    }

    func testPlaceholderFilling() {
        XCTAssertEqual("Hello, {name}!".filling(["name": "Ada"]), "Hello, Ada!")
        XCTAssertEqual("{a}{b}{a}".filling(["a": "1", "b": "2"]), "121")
        XCTAssertEqual("{unknown} stays".filling([:]), "{unknown} stays")
        XCTAssertEqual("open { brace".filling(["x": "y"]), "open { brace")
        XCTAssertEqual("{name}".filling(["name": "{name}"]), "{name}", "values are not expanded again")
    }
}

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
        XCTAssertFalse(FileSystem.contents(ofDirectory: FileSystem.dirname(path)).contains { $0 != "demo.ini" },
                       "no temporary file is left behind")
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
        try FileSystem.makeDirectory(path) // a directory where the file should be
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
        // The file asked for is named, not GLib's temporary demo.ini.XXXXXX (issue 17 §7).
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

/// A tiny tmpfs of its own (as root, which CI is), so a test can fill it or
/// make it read-only for real; without root, a plain folder whose mode is
/// changed (root ignores modes, hence the mount).
final class SmallFileSystem {
    let path: String
    private let mounted: Bool

    init(size: String = "1m") throws {
        path = try XCTUnwrap(FileSystem.makeTemporaryDirectory("demo-shell-fs-XXXXXX"))
        mounted = getuid() == 0 && Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", path])
        if !mounted && size != "1m" { throw XCTSkip("a full disk needs root (a tmpfs mount)") }
    }

    func makeReadOnly() throws {
        if mounted {
            XCTAssertTrue(Self.run("/bin/mount", ["-o", "remount,ro", path]))
        } else {
            XCTAssertEqual(chmod(path, 0o555), 0)
        }
    }

    func unmount() {
        if mounted { _ = Self.run("/bin/umount", [path]) } else { chmod(path, 0o755) }
    }

    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
