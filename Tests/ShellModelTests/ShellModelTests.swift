import DemoBasics
import ShellModel
import XCTest

/// The shell's GTK-free rules: command line, catalog search, manifests.
final class ShellModelTests: XCTestCase {
    func testCommandLine() {
        XCTAssertEqual(parseCommandLine([]), .run(demoID: nil, autoquit: false))
        XCTAssertEqual(parseCommandLine(["--list"]), .list)
        XCTAssertEqual(parseCommandLine(["--run=say-hello"]), .run(demoID: "say-hello", autoquit: false))
        XCTAssertEqual(
            parseCommandLine(["--run", "say-hello", "--autoquit"]), .run(demoID: "say-hello", autoquit: true))
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

    /// As GTK programs do, and no option silently dropped.
    func testCommandLineAsGTKProgramsAndNoSilentChoice() {
        XCTAssertEqual(parseCommandLine(["-v"]), .version)
        XCTAssertEqual(parseCommandLine(["--help-gtk"]), .toolkitHelp)
        XCTAssertEqual(parseCommandLine(["--help-all"]), .allHelp)
        XCTAssertEqual(parseCommandLine(["--"]), .run(demoID: nil, autoquit: false))
        XCTAssertEqual(parseCommandLine(["--run=labels", "--"]), .run(demoID: "labels", autoquit: false))
        guard case .usageError(let afterEnd) = parseCommandLine(["--", "--list"]) else {
            return XCTFail("-- ends the options")
        }
        XCTAssertEqual(afterEnd, "Unexpected argument --list.")
        guard case .usageError(let twice) = parseCommandLine(["--run=a", "--run=b"]) else {
            return XCTFail("--run twice took one of them")
        }
        XCTAssertTrue(twice.contains("only once"), twice)
        guard case .usageError = parseCommandLine(["--run", "a", "--run=a"]) else { return XCTFail("--run twice") }
        for arguments in [["--list", "--run=nope"], ["--run=nope", "--list"], ["--list", "--autoquit"]] {
            guard case .usageError(let message) = parseCommandLine(arguments) else {
                return XCTFail("\(arguments) is no list and no run")
            }
            XCTAssertTrue(message.contains("--list cannot be combined"), message)
        }
        XCTAssertNil(toolkitOptionMissingValue(["--display=:1", "--display", ":1", "--class", "C", "--list"]))
        XCTAssertNil(toolkitOptionMissingValue(["--", "--display"]), "after --, no option")
        guard case .usageError(let noValue) = toolkitOptionMissingValue(["--list", "--display"]) else {
            return XCTFail("--display without a display")
        }
        XCTAssertEqual(noValue, "The option --display needs a value, as in --display=VALUE.")
        guard case .usageError = toolkitOptionMissingValue(["--gtk-module", "--list"]) else {
            return XCTFail("an option is no value")
        }
        let help = helpText(program: "demo-shell")
        for option in [
            "-v, --version", "--help-gtk", "--help-all", "--display=DISPLAY", "--list takes no other option",
        ] {
            XCTAssertTrue(help.contains(option), "--help names \(option)")
        }
    }

    private let demos = [
        DemoInfo(
            id: "say-hello", name: "Say Hello", description: "Type your name and get a greeting",
            category: "Getting Started", iconName: "x", version: "1"),
        DemoInfo(
            id: "labels", name: "Labels", description: "Fonts, colours and alignment",
            category: "Controls", iconName: "x", version: "1"),
        DemoInfo(
            id: "buttons", name: "Buttons", description: "Button types",
            category: "Controls", iconName: "x", version: "1"),
        DemoInfo(id: "zh", name: "打招呼", description: "输入姓名", category: "入门", iconName: "x", version: "1"),
    ]

    func testCatalogGroupsByCategoryAndSortsByName() {
        let sections = DemoCatalog(demos).sections(matching: "")
        XCTAssertEqual(sections.map(\.title), ["Getting Started", "Controls", "入门"], "Getting Started first")
        XCTAssertEqual(sections[1].demos.map(\.id), ["buttons", "labels"])
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
        var bad = good
        bad["Id"] = "Say Hello!"
        XCTAssertEqual(parse(bad), .failure(.invalidID("Say Hello!")))
        bad = good
        bad["Module"] = "../../usr/lib/Evil"
        XCTAssertEqual(parse(bad), .failure(.invalidModule("../../usr/lib/Evil")))
        bad = good
        bad["ABI"] = "2"
        XCTAssertEqual(parse(bad), .failure(.abiMismatch(found: "2", expected: SDKContract.manifestVersion)))
        bad = good
        bad["ABI"] = nil
        XCTAssertEqual(parse(bad), .failure(.missingKey("ABI")))
        bad = good
        bad["Name"] = "   "
        XCTAssertEqual(parse(bad), .failure(.missingKey("Name")))
        XCTAssertNil(manifest.textDomain, "no TextDomain: the shell's catalog")
        var own = good
        own["TextDomain"] = " hello-1.0 "
        XCTAssertEqual(try parse(own).get().textDomain, "hello-1.0")
        for domain in ["../evil", "demo-shell", ".hidden", "a b"] {
            bad = good
            bad["TextDomain"] = domain
            XCTAssertEqual(parse(bad), .failure(.invalidTextDomain(domain)), domain)
        }
    }

    /// `Entry` names the plugin's class, looked up by name in its
    /// module; a name the runtime's lookup could read as anything else is
    /// refused as the manifest is read.
    func testManifestEntry() {
        func parse(_ keys: [String: String]) -> Result<PluginManifest, PluginManifest.Problem> {
            PluginManifest.parse(value: { keys[$0] }, localizedValue: { keys[$0] })
        }
        let good = [
            "Id": "say-hello", "Module": "SayHello", "Name": "Say Hello", "ABI": "1", "Entry": " SayHelloDemo ",
        ]
        XCTAssertEqual(try parse(good).get().entry, "SayHelloDemo")
        XCTAssertEqual(try parse(good).get().entryTypeName, "SayHello.SayHelloDemo")
        var keys = good
        keys["Entry"] = "Other.Demo_2"
        XCTAssertEqual(try parse(keys).get().entryTypeName, "Other.Demo_2", "a module of its own")
        keys = good
        keys["Module"] = "libFoo.so"
        XCTAssertEqual(try parse(keys).get().entryTypeName, "Foo.SayHelloDemo", "libFoo.so is module Foo")
        keys = good
        keys["Entry"] = nil
        XCTAssertNil(try parse(keys).get().entryTypeName, "none: the check says so")
        for entry in [
            "Say Hello", "1Demo", "A.B.C", ".Demo", "Demo.", "$s8SayHello0aB4DemoCN", "Démo", "Demo\u{202E}",
            String(repeating: "D", count: 129),
        ] {
            keys = good
            keys["Entry"] = entry
            XCTAssertEqual(parse(keys), .failure(.invalidEntry(entry)), entry)
        }
        XCTAssertEqual(
            PluginManifest.Problem.invalidEntry("A B\u{202E}").description,
            "The Entry “\u{2068}A B\u{2069}” must name a Swift class, as in Entry=SayHelloDemo.")
    }

    func testPlaceholderFilling() {
        XCTAssertEqual("Hello, {name}!".filling(["name": "Ada"]), "Hello, Ada!")
        XCTAssertEqual("{a}{b}{a}".filling(["a": "1", "b": "2"]), "121")
        XCTAssertEqual("{unknown} stays".filling([:]), "{unknown} stays")
        XCTAssertEqual("open { brace".filling(["x": "y"]), "open { brace")
        XCTAssertEqual("{name}".filling(["name": "{name}"]), "{name}", "values are not expanded again")
    }
}
