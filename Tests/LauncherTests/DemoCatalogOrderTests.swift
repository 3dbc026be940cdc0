import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import TestSupport
import XCTest

/// The launcher's order as data: "Getting Started" first, then categories and
/// names as the user's language sorts them: by pinyin in Chinese.
final class DemoCatalogOrderTests: XCTestCase {
    private func demo(_ id: String, _ name: String, _ category: String) -> DemoInfo {
        DemoInfo(id: id, name: name, description: "", category: category, iconName: "x", version: "1")
    }

    func testGettingStartedComesFirstInEveryLanguage() {
        let english = DemoCatalog([
            demo("b", "Buttons", "Controls"), demo("s", "Say Hello", "Getting Started"),
            demo("a", "2048", "Games"),
        ])
        XCTAssertEqual(english.demos.map(\.id), ["s", "b", "a"])
        let chinese = DemoCatalog(
            [demo("b", "按钮", "控件"), demo("s", "打招呼", "入门"), demo("a", "2048", "游戏")],
            untranslatedCategories: ["b": "Controls", "s": "Getting Started", "a": "Games"],
            localeName: "zh_CN.UTF-8")
        XCTAssertEqual(chinese.demos.first?.id, "s", "入门 is Getting Started")
    }

    func testMyDemosComeBeforeGettingStartedOnceThereIsOne() {
        let english = DemoCatalog([
            demo("s", "Say Hello", "Getting Started"), demo("b", "Buttons", "Controls"),
            demo("m", "Zebra Lamp", "My Demos"),
        ])
        XCTAssertEqual(english.demos.map(\.id), ["m", "s", "b"])
        let chinese = DemoCatalog(
            [demo("s", "打招呼", "入门"), demo("m", "灯", "我的演示"), demo("a", "2048", "游戏")],
            untranslatedCategories: ["s": "Getting Started", "m": "My Demos", "a": "Games"],
            localeName: "zh_CN.UTF-8")
        XCTAssertEqual(chinese.sections(matching: "").map(\.title), ["我的演示", "入门", "游戏"], "by the untranslated name")
    }

    func testChineseSortsByPinyin() {
        // Code-point order would be 入 表 实 控 游 (U+5165 U+8868 U+5B9E U+63A7 U+6E38).
        let demos = [
            demo("1", "游戏一", "游戏"), demo("2", "标签", "控件"), demo("3", "按钮", "控件"),
            demo("4", "密码生成器", "实用工具"), demo("5", "计算器", "实用工具"), demo("6", "故事生成器", "表单"),
        ]
        let catalog = DemoCatalog(demos, localeName: "zh_CN.UTF-8")
        XCTAssertEqual(
            catalog.sections(matching: "").map(\.title), ["表单", "控件", "实用工具", "游戏"],
            "biaodan, kongjian, shiyong gongju, youxi (needs the zh_CN.UTF-8 locale)")
        XCTAssertEqual(
            catalog.demos.map(\.name), ["故事生成器", "按钮", "标签", "计算器", "密码生成器", "游戏一"],
            "anniu before biaoqian, jisuanqi before mima")
    }

    func testCollationKeysBehave() {
        XCTAssertLessThan(
            Collation.key("apple", localeName: "C.UTF-8"), Collation.key("Banana", localeName: "C.UTF-8"),
            "case is ignored")
        XCTAssertLessThan(
            Collation.key("按钮", localeName: "zh_CN.UTF-8"), Collation.key("表单", localeName: "zh_CN.UTF-8"))
        XCTAssertEqual(Collation.key("a\u{0}b", localeName: "C.UTF-8"), Collation.key("ab", localeName: "C.UTF-8"))
        XCTAssertLessThan(
            Collation.key("a", localeName: "no_SUCH.locale"), Collation.key("b", localeName: "no_SUCH.locale"))
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
        let ids = String(decoding: data, as: UTF8.self).split(separator: "\n").map {
            String($0.split(separator: "\t")[0])
        }
        // 入门 打招呼; 表单 故事生成器; 控件 按钮 标签 Swift 控件; 实用工具 计算器 密码生成器; 游戏 2048 猜数字.
        XCTAssertEqual(
            ids,
            [
                "say-hello", "story", "buttons", "labels", "swift-controls", "calculator", "password",
                "2048", "guess-number",
            ])
    }
}
