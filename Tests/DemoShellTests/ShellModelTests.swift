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

    func testSavingIntoAnUnwritablePlaceReportsAndKeepsTheOldFile() async throws {
        let dir = try folder()
        let path = FileSystem.join(dir, "demo.ini")
        let settings = Settings(path: path)
        settings.set("one", for: "k")
        XCTAssertNil(settings.save())
        // A directory where the temporary file would go makes the write fail.
        let blocked = Settings(path: FileSystem.join(path, "inside.ini"))
        blocked.set("two", for: "k")
        XCTAssertNotNil(blocked.save())
        XCTAssertEqual(Settings(path: path).string("k"), "one")
    }

    func testPluginSettingsLiveUnderXDGConfigHome() async throws {
        let dir = try folder()
        let saved = Environment.value("XDG_CONFIG_HOME")
        defer { Environment.set("XDG_CONFIG_HOME", saved) }
        Environment.set("XDG_CONFIG_HOME", dir)
        XCTAssertEqual(Settings(pluginID: "say-hello").path, dir + "/demo-shell/say-hello.ini")
    }
}
