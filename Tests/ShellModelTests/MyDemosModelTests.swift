import DemoBasics
import ShellBasics
import ShellModel
import XCTest

/// The rules of the learner's own demos, without a display or a file:
/// names, ids, modules, the Blank template and copies of a demo.
final class MyDemosModelTests: XCTestCase {
    let builtInIDs: Set<String> = ["say-hello", "calculator", "game-2048"]
    let builtInModules: Set<String> = ["SayHello", "Calculator", "Game2048"]

    func testANameIsCleanedAndBoundedLikeEveryTypedText() {
        XCTAssertEqual(DemoNaming.cleanedName("  My\tCalc\u{202E}ulator\n "), "My Calculator")
        XCTAssertEqual(DemoNaming.cleanedName("../../etc/passwd"), "etc passwd")
        XCTAssertEqual(DemoNaming.cleanedName("...hidden"), "hidden")
        XCTAssertEqual(DemoNaming.cleanedName(". .x"), "x")
        XCTAssertEqual(DemoNaming.cleanedName("a\\b\u{0}c\u{7}"), "a bc")
        XCTAssertEqual(DemoNaming.cleanedName(String(repeating: "宝", count: 100)), String(repeating: "宝", count: 64))
        let heavy = "e" + String(repeating: "\u{301}", count: 5000)
        XCTAssertEqual(DemoNaming.cleanedName(heavy).unicodeScalars.count, 16)
        XCTAssertEqual(DemoNaming.cleanedName(" . / "), "")
        XCTAssertNil(DemoNaming.identity(forName: "\u{200B}\u{202E}", takenIDs: [], takenModules: []))
    }

    func testAnIDIsLowerCaseASCIIAndNeverShadowsATakenOne() {
        XCTAssertEqual(DemoNaming.id(forName: "My Calculator!", taken: builtInIDs), "my-calculator")
        XCTAssertEqual(DemoNaming.id(forName: "Say Hello", taken: builtInIDs), "say-hello-2")
        XCTAssertEqual(DemoNaming.id(forName: "Say Hello", taken: builtInIDs.union(["say-hello-2"])), "say-hello-3")
        XCTAssertEqual(DemoNaming.id(forName: "Café 2", taken: []), "caf-2")
        XCTAssertEqual(DemoNaming.id(forName: "-- x --", taken: []), "x")
        let long = DemoNaming.id(forName: String(repeating: "ab ", count: 40), taken: [])
        XCTAssertLessThanOrEqual(long.count, DemoNaming.maximumIDLength)
        XCTAssertFalse(long.hasSuffix("-"))
        for name in ["My Calculator", "Say Hello", "我的计算器", "x/../y", "2048"] {
            XCTAssertTrue(PluginManifest.isValidID(DemoNaming.id(forName: name, taken: builtInIDs)), name)
        }
    }

    /// Two Chinese names were `my-demo` and `my-demo-2` in `--list`.
    func testANameWithoutASCIILettersGetsAnIDFromAHashOfIt() {
        XCTAssertEqual(
            DemoNaming.id(forName: "我的计算器", taken: []), "demo-0b86bb", "the same name, the same id, on every machine")
        XCTAssertEqual(DemoNaming.id(forName: "你好", taken: []), "demo-86938d", "another name, another id")
        XCTAssertEqual(DemoNaming.id(forName: "2048", taken: []), "demo-4224c3")
        XCTAssertEqual(DemoNaming.id(forName: " 我的计算器 ", taken: []), "demo-0b86bb", "the cleaned name's")
        XCTAssertEqual(DemoNaming.id(forName: "我的计算器", taken: ["demo-0b86bb"]), "demo-0b86bb-2", "then a number")
        let names = ["你好世界", "我的台灯", "我的计算器", "你好", "贪吃蛇", "井字棋", "时钟", "计算器"]
        XCTAssertEqual(Set(names.map { DemoNaming.id(forName: $0, taken: []) }).count, names.count, "told apart")
        let chinese = DemoNaming.identity(forName: "我的计算器", takenIDs: [], takenModules: [])
        XCTAssertEqual(chinese, DemoIdentity(name: "我的计算器", id: "demo-0b86bb", module: "Demo0b86bb"))
    }

    func testAnImportedCopyGetsANameThatTellsItApart() {
        XCTAssertEqual(DemoNaming.freeName("Pocket Lamp", taken: ["Say Hello"]), "Pocket Lamp")
        XCTAssertEqual(DemoNaming.freeName("Say Hello", taken: ["Say Hello"]), "Say Hello 2")
        XCTAssertEqual(
            DemoNaming.freeName("say hello", taken: ["Say Hello", "SAY HELLO 2"]), "say hello 3",
            "case does not tell names apart")
        XCTAssertEqual(DemoNaming.freeName("  .Lamp/x ", taken: ["Lamp x"]), "Lamp x 2", "cleaned first")
        let long = String(repeating: "a", count: DemoNaming.maximumNameLength)
        XCTAssertEqual(
            DemoNaming.freeName(long, taken: [long]).count, DemoNaming.maximumNameLength, "still within bounds")
        XCTAssertTrue(DemoNaming.freeName(long, taken: [long]).hasSuffix(" 2"))
    }

    func testATakenNameIsToldWithTheNameOffered() {
        XCTAssertEqual(DemoNaming.freeName("你好世界", taken: ["你好世界"]), "你好世界 2", "in any language")
        XCTAssertEqual(
            DemoNaming.takenNameNote(typed: " Say Hello", free: "Say Hello 2"),
            "A demo is called “\u{2068}Say Hello\u{2069}” already: this one will be “\u{2068}Say Hello 2\u{2069}”.")
        XCTAssertNil(DemoNaming.takenNameNote(typed: "Lamp ", free: "Lamp"), "a free name is kept")
        XCTAssertNil(DemoNaming.takenNameNote(typed: " ", free: ""), "no name: another message")
    }

    func testAModuleIsUpperCamelCaseAndClashesWithNoKnownModule() {
        XCTAssertEqual(DemoNaming.moduleName(forID: "my-demo-2", taken: []), "MyDemo2")
        XCTAssertEqual(DemoNaming.moduleName(forID: "say-hello", taken: builtInModules), "SayHello2")
        XCTAssertEqual(DemoNaming.moduleName(forID: "text-bounds", taken: []), "TextBounds2")
        XCTAssertEqual(DemoNaming.moduleName(forID: "gtk", taken: []), "Gtk2")
        XCTAssertEqual(DemoNaming.moduleName(forID: "demo-kit", taken: []), "DemoKit2")
        // "SayHelloModel" is Say Hello's model: a demo called so would shadow it.
        XCTAssertEqual(DemoNaming.moduleName(forID: "say-hello-model", taken: builtInModules), "SayHelloModel2")
        XCTAssertEqual(DemoNaming.moduleName(forID: "2048-x", taken: []), "Demo2048X")
    }

    func testTheBlankTemplateHasSayHellosShape() throws {
        let demo = DemoIdentity(name: "My First", id: "my-first", module: "MyFirst")
        let files = DemoTemplate.blank(demo)
        XCTAssertEqual(
            Set(files.keys),
            [
                "manifest.plugin", "Model/MyFirstModel.swift", "Plugin/MyFirstView.swift",
                "Plugin/MyFirstPlugin.swift", "Tests/MyFirstModelTests.swift",
            ])
        let manifest = try XCTUnwrap(files["manifest.plugin"])
        XCTAssertTrue(manifest.contains("\nId=my-first\n"))
        XCTAssertTrue(manifest.contains("\nModule=MyFirst\n"))
        XCTAssertTrue(manifest.contains("\nName=My First\n"))
        XCTAssertTrue(
            manifest.contains(
                "\nSources=Model/MyFirstModel.swift;Plugin/MyFirstView.swift;Plugin/MyFirstPlugin.swift\n"))
        XCTAssertFalse(files["Model/MyFirstModel.swift"]!.contains("import"), "the model imports nothing: no GTK")
        XCTAssertTrue(files["Plugin/MyFirstView.swift"]!.contains("import MyFirstModel"))
        // The manifest names the class; the plugin has no entry function and no pointer.
        XCTAssertTrue(manifest.contains("\nEntry=MyFirstDemo\n"), manifest)
        let plugin = try XCTUnwrap(files["Plugin/MyFirstPlugin.swift"])
        XCTAssertTrue(plugin.contains("final class MyFirstDemo: DemoModule {"), plugin)
        XCTAssertFalse(["@_cdecl", "Unsafe", "DemoPlugin"].contains { plugin.contains($0) }, plugin)
        XCTAssertTrue(files["Tests/MyFirstModelTests.swift"]!.contains("func test"))
        XCTAssertEqual(DemoTemplate.blank(demo), files, "a pure function of the identity")
    }

    /// A learner reading Chinese saw Blank's description and
    /// help in English, where every built-in demo's are translated.
    func testTheBlankTemplatesOwnWordsAreTranslated() throws {
        let manifest = try XCTUnwrap(
            DemoTemplate.blank(DemoIdentity(name: "灯", id: "demo-1", module: "Demo1"))["manifest.plugin"])
        var values: [String: String] = [:]
        for line in manifest.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { values[parts[0]] = parts[1] }
        }
        XCTAssertEqual(values["Description"], "My own demo")
        XCTAssertEqual(values["Description[zh_CN]"], "我自己的演示")
        XCTAssertEqual(values["Category[zh_CN]"], "我的演示", "as the launcher's heading says")
        XCTAssertEqual(values["Help[zh_CN]"], "一个窗口，里面有一个标签和一个按钮。改一改，把它变成你自己的。")
        XCTAssertNil(values["Name[zh_CN]"], "the learner's name is theirs, in any language")
        let chinese = try PluginManifest.parse(
            value: { values[$0] }, localizedValue: { values[$0 + "[zh_CN]"] ?? values[$0] }
        ).get()
        XCTAssertEqual(chinese.info.name, "灯")
        XCTAssertEqual(chinese.info.description, "我自己的演示")
    }

    func testACopyIsRenamedToItsNewModule() throws {
        let sayHello = [
            "manifest.plugin":
                "[Plugin]\nId=say-hello\nModule=SayHello\nEntry=SayHelloDemo\nName=Say Hello\nName[zh_CN]=打招呼\nCategory=Getting Started\n"
                + "Category[zh_CN]=入门\nABI=1\nSources=Model/SayHelloModel.swift;Plugin/SayHelloView.swift\n",
            "Model/SayHelloModel.swift": "public struct SayHelloModel {}\n",
            "Plugin/SayHelloView.swift":
                "import DemoKit\nimport SayHelloModel\nlet m = SayHelloModel()\nlet s = \"SayHellothere\"\nlet t = SayHellos\n",
        ]
        let demo = DemoIdentity(name: "My Hello", id: "my-hello", module: "MyHello")
        let copy = DemoTemplate.copy(of: sayHello, oldModule: "SayHello", as: demo)
        XCTAssertEqual(Set(copy.keys), ["manifest.plugin", "Model/MyHelloModel.swift", "Plugin/MyHelloView.swift"])
        let view = try XCTUnwrap(copy["Plugin/MyHelloView.swift"])
        XCTAssertTrue(view.contains("import MyHelloModel\n"), view)
        XCTAssertTrue(view.contains("let m = MyHelloModel()"), view)
        XCTAssertTrue(view.contains("\"SayHellothere\""), "a lower-case continuation is another word")
        XCTAssertTrue(view.contains("let t = SayHellos"), view)
        let manifest = try XCTUnwrap(copy["manifest.plugin"])
        // The Entry class is renamed as the code's is (SayHelloDemo → MyHelloDemo).
        XCTAssertEqual(
            manifest,
            "[Plugin]\nId=my-hello\nModule=MyHello\nEntry=MyHelloDemo\nName=My Hello\nCategory=My Demos\nABI=1\n"
                + "Sources=Model/MyHelloModel.swift;Plugin/MyHelloView.swift\n")
    }

    /// Module names are renamed where they are code, never in
    /// comments or string literals (an interpolation is code again).
    func testARenameLeavesCommentsAndStringsAlone() {
        let text = ##"""
            import TipCalculatorModel
            // The TipCalculator's window, and TipCalculatorView below.
            /* TipCalculator /* nested TipCalculator */ still TipCalculator */
            let title = "TipCalculator \(TipCalculatorModel.name) and \("TipCalculator")"
            let raw = #"TipCalculator \#(TipCalculatorModel.x) "TipCalculator" "#
            let long = """
                TipCalculator's help: \(f(TipCalculatorModel.y))
                """
            #if TipCalculatorFlag
            final class TipCalculatorView {}  // TipCalculator
            #endif
            """##
        let renamed = DemoTemplate.renamingIdentifiers(in: text, from: "TipCalculator", to: "TipCalculator3")
        XCTAssertEqual(
            renamed,
            ##"""
            import TipCalculator3Model
            // The TipCalculator's window, and TipCalculatorView below.
            /* TipCalculator /* nested TipCalculator */ still TipCalculator */
            let title = "TipCalculator \(TipCalculator3Model.name) and \("TipCalculator")"
            let raw = #"TipCalculator \#(TipCalculator3Model.x) "TipCalculator" "#
            let long = """
                TipCalculator's help: \(f(TipCalculator3Model.y))
                """
            #if TipCalculator3Flag
            final class TipCalculator3View {}  // TipCalculator
            #endif
            """##)
    }

    func testRenamingChangesTheNameOnly() {
        let text = "[Plugin]\nId=my-hello\nName=Old\nName[zh_CN]=旧\nModule=MyHello\n"
        XCTAssertEqual(DemoTemplate.renaming(text, to: " New"), "[Plugin]\nId=my-hello\nName=\\sNew\nModule=MyHello\n")
    }

    func testTheCommandLineExportsAndImports() {
        XCTAssertEqual(
            parseCommandLine(["--export=say-hello", "/tmp/out"]), .exportDemo(id: "say-hello", directory: "/tmp/out"))
        XCTAssertEqual(parseCommandLine(["--import=/tmp/out/say-hello"]), .importDemo(directory: "/tmp/out/say-hello"))
        for wrong in [
            ["--export=say-hello"], ["--export=", "/tmp"], ["--export=a", "--list"], ["--import="],
            ["--import=a", "--import=b"], ["--import=a", "--run=say-hello"], ["--export=a", "/x", "--autoquit"],
        ] {
            guard case .usageError = parseCommandLine(wrong) else { return XCTFail("\(wrong) is a usage error") }
        }
        let help = helpText(program: "demo-shell")
        XCTAssertTrue(help.contains("--export=ID DIR"))
        XCTAssertTrue(help.contains("--import=DIR"))
    }
}
