import DemoKit
@_spi(Testing) import Gtk
@testable import DemoShellCore
import XCTest

/// The launcher by keyboard: Escape clears the search, the list is one Tab
/// stop, typing in the list goes to the search; and a search brought back
/// from the last run says so.
extension LauncherTests {
    private var focusedRow: ListBoxRow? {
        shell.launcher?.window.focusedWidget?.as(ListBoxRow.self)
    }

    func testEscapeInTheSearchClearsIt() async throws {
        makeShell()
        let launcher = try launcher()
        let all = launcher.visibleDemoIDs
        search(launcher, "say hello")
        XCTAssertLessThan(launcher.visibleDemoIDs.count, all.count)
        launcher.searchEntry.grabFocus()
        launcher.window.sendKey(Key.escape)
        MainLoop.drain()
        XCTAssertEqual(launcher.searchEntry.text, "")
        XCTAssertEqual(launcher.visibleDemoIDs, all, "every demo shows again")
        XCTAssertTrue(launcher.searchEntry.hasFocus)
    }

    func testTheListIsOneTabStopAndTypingThereGoesToTheSearch() async throws {
        makeShell()
        let launcher = try launcher()
        XCTAssertTrue(launcher.searchEntry.hasFocus)
        launcher.window.sendKey(Key.down)
        MainLoop.drain()
        let first = try XCTUnwrap(focusedRow, "Down moves from the search into the list")
        launcher.window.sendKey(Key.down)
        MainLoop.drain()
        let second = try XCTUnwrap(focusedRow, "the arrows move within the list")
        XCTAssertFalse(first === second || first.raw == second.raw)

        // Tab leaves the list at once, whatever row has the focus…
        launcher.window.sendKey(Key.tab)
        MainLoop.drain()
        XCTAssertNil(focusedRow, "Tab went to \(launcher.window.focusedWidget?.typeName ?? "nothing")")
        XCTAssertFalse(launcher.window.focusedWidget?.isInside(launcher.list) ?? true)
        // …Shift+Tab comes back to it (to the selected row), and Shift+Tab again leaves for the search.
        launcher.window.sendKey(Key.leftTab, modifiers: .shift)
        MainLoop.drain()
        XCTAssertNotNil(focusedRow, "Shift+Tab comes back into the list")
        launcher.window.sendKey(Key.leftTab, modifiers: .shift)
        MainLoop.drain()
        XCTAssertTrue(launcher.searchEntry.hasFocus, "Shift+Tab from the list goes to the search")

        // Walking the whole window with Tab meets one row at most.
        var rowsMet = 0
        for _ in 0..<40 {
            launcher.window.sendKey(Key.tab)
            MainLoop.drain()
            if focusedRow != nil { rowsMet += 1 }
            if launcher.searchEntry.hasFocus { break }
        }
        XCTAssertEqual(rowsMet, 1, "the list is one Tab stop")

        // Typing with a row focused goes to the search, caret after what was typed.
        launcher.window.sendKey(Key.down)
        launcher.searchEntry.text = ""
        MainLoop.drain()
        launcher.list.select(second)
        second.grabFocus()
        XCTAssertNotNil(focusedRow)
        launcher.window.sendKey(Key.character("g"))
        launcher.window.sendKey(Key.character("a"))
        MainLoop.drain()
        XCTAssertTrue(launcher.searchEntry.hasFocus, "typing moved the focus to the search")
        XCTAssertEqual(launcher.searchEntry.text, "ga")
    }

    func testTheListStartsWithGettingStartedAndSortsByName() async throws {
        makeShell()
        let launcher = try launcher()
        XCTAssertEqual(launcher.visibleDemoIDs.first, "say-hello", "Getting Started comes first")
        let categories = launcher.visibleDemoIDs.compactMap { shell.registry.entry(id: $0)?.info.category }
        XCTAssertEqual(categories.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } },
                       ["Getting Started", "Controls", "Forms", "Games", "Utilities"])
    }

    func testARestoredSearchSaysSoAndCanBeCleared() async throws {
        let path = LauncherWindow.settingsPath()
        try FileManager.default.createDirectory(atPath: FileSystem.dirname(path), withIntermediateDirectories: true)
        try "[Settings]\nsearch=say hello\n".write(toFile: path, atomically: false, encoding: .utf8)
        makeShell()
        let launcher = try launcher()
        XCTAssertEqual(launcher.searchEntry.text, "say hello")
        XCTAssertTrue(launcher.searchNotice.isShown)
        let sentence = "Showing results for “\u{2068}say hello\u{2069}”"
        XCTAssertEqual(launcher.searchNotice.label.text, sentence)
        func showingLabels() -> [String] {
            (launcher.window.accessible?.subtree ?? []).filter { $0.role == "label" && $0.isShowing }.map(\.name)
        }
        XCTAssertTrue(MainLoop.run(until: { showingLabels().contains(sentence) }), "AT-SPI reads the notice")
        let clear = try XCTUnwrap(launcher.window.find(Button.self, named: "Clear Search"))
        XCTAssertTrue(clear.isMapped)
        XCTAssertEqual(unnamedControls(in: launcher.window), [])
        clear.click()
        MainLoop.drain()
        XCTAssertEqual(launcher.searchEntry.text, "")
        XCTAssertFalse(launcher.searchNotice.isShown)
        XCTAssertEqual(launcher.visibleDemoIDs.count, shell.registry.entries.count)
        XCTAssertTrue(launcher.searchEntry.hasFocus)
    }

    func testATypedSearchShowsNoNotice() async throws {
        makeShell()
        let launcher = try launcher()
        search(launcher, "say hello")
        XCTAssertFalse(launcher.searchNotice.isShown, "only a search the user did not type now is announced")
    }
}

/// The launcher's order as data: "Getting Started" first, then categories and
/// names as the user's language sorts them: by pinyin in Chinese.
final class DemoCatalogOrderTests: XCTestCase {
    private func demo(_ id: String, _ name: String, _ category: String) -> DemoInfo {
        DemoInfo(id: id, name: name, description: "", category: category, iconName: "x", version: "1")
    }

    func testGettingStartedComesFirstInEveryLanguage() {
        let english = DemoCatalog([demo("b", "Buttons", "Controls"), demo("s", "Say Hello", "Getting Started"),
                                   demo("a", "2048", "Games")])
        XCTAssertEqual(english.demos.map(\.id), ["s", "b", "a"])
        let chinese = DemoCatalog([demo("b", "按钮", "控件"), demo("s", "打招呼", "入门"), demo("a", "2048", "游戏")],
                                  untranslatedCategories: ["b": "Controls", "s": "Getting Started", "a": "Games"],
                                  localeName: "zh_CN.UTF-8")
        XCTAssertEqual(chinese.demos.first?.id, "s", "入门 is Getting Started")
    }

    func testChineseSortsByPinyin() {
        // Code-point order would be 入 表 实 控 游 (U+5165 U+8868 U+5B9E U+63A7 U+6E38).
        let demos = [demo("1", "游戏一", "游戏"), demo("2", "标签", "控件"), demo("3", "按钮", "控件"),
                     demo("4", "密码生成器", "实用工具"), demo("5", "计算器", "实用工具"), demo("6", "故事生成器", "表单")]
        let catalog = DemoCatalog(demos, localeName: "zh_CN.UTF-8")
        XCTAssertEqual(catalog.sections(matching: "").map(\.title), ["表单", "控件", "实用工具", "游戏"],
                       "biaodan, kongjian, shiyong gongju, youxi (needs the zh_CN.UTF-8 locale)")
        XCTAssertEqual(catalog.demos.map(\.name), ["故事生成器", "按钮", "标签", "计算器", "密码生成器", "游戏一"],
                       "anniu before biaoqian, jisuanqi before mima")
    }

    func testCollationKeysBehave() {
        XCTAssertLessThan(Collation.key("apple", localeName: "C.UTF-8"), Collation.key("Banana", localeName: "C.UTF-8"),
                          "case is ignored")
        XCTAssertLessThan(Collation.key("按钮", localeName: "zh_CN.UTF-8"), Collation.key("表单", localeName: "zh_CN.UTF-8"))
        XCTAssertEqual(Collation.key("a\u{0}b", localeName: "C.UTF-8"), Collation.key("ab", localeName: "C.UTF-8"))
        XCTAssertLessThan(Collation.key("a", localeName: "no_SUCH.locale"), Collation.key("b", localeName: "no_SUCH.locale"))
    }

    func testListPrintsTheLaunchersOrderInChinese() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: buildProductsDirectory + "/demo-shell")
        process.arguments = ["--list"]
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "zh_CN.UTF-8"
        environment["LANGUAGE"] = ""
        environment["LC_ALL"] = ""
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let ids = String(decoding: data, as: UTF8.self).split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        // 入门 打招呼; 表单 故事生成器; 控件 按钮 标签 Swift 控件; 实用工具 计算器 密码生成器; 游戏 2048 猜数字.
        XCTAssertEqual(ids, ["say-hello", "story", "buttons", "labels", "swift-controls", "calculator", "password",
                             "2048", "guess-number"])
    }
}
