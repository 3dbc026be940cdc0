@_spi(Shell) import DemoKit
@_spi(Testing) import Gtk
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import XCTest

@MainActor
final class TmpShotTests: EditAndRunTestCase {
    func testShot() async throws {
        let model = "Model/SayHelloModel.swift"
        let launcher = try openSayHellosSource()
        launcher.window.resize(width: 1100, height: 760)
        let pane = launcher.sourcePane
        pane.fileSelector.activeIndex = try XCTUnwrap(pane.files.firstIndex { $0.relativePath == model })
        MainLoop.drain()
        try XCTUnwrap(launcher.window.find(ToggleButton.self, named: "Show Values")).click()
        try XCTUnwrap(launcher.window.find(ToggleButton.self, named: "Edit")).click()
        pane.beginRun(of: "say-hello")
        pane.beginValues()
        pane.editPanel.results.isExcludedFromShowAll = false
        pane.editPanel.results.showAll()
        pane.editPanel.resultStack.visiblePageName = "values"
        var seq: UInt64 = 0
        func r(_ line: Int, _ name: String, _ d: String, _ kind: ValueRecord.Kind = .value, count: Int = 1) -> ValueRecord {
            seq += 1
            return ValueRecord(sequence: seq, kind: kind, relativePath: model, line: line, startColumn: 1, endColumn: 2, name: name, description: d, time: Double(seq) / 10, count: count)
        }
        pane.session.onValues?([r(61, "", "", .scopeEntry), r(45, "", "", .scopeEntry), r(46, "", "\"Ada\""), r(62, "trimmed", "\"Ada\""), r(63, "", ".greet(name: \"Ada\")"),
                                r(69, "", "", .scopeEntry), r(70, "result", "\"\""), r(71, "atWordStart", "true"), r(72, "character", "\"a\"", count: 3), r(80, "result", "\"Ada\"", count: 3), r(84, "atWordStart", "false", count: 3)])
        view(pane).moveCursor(toLine: 58)
        MainLoop.run(until: { false }, timeout: 1.0)
        let suffix = Environment.value("SHOT_SUFFIX") ?? "1x"
        _ = launcher.window.snapshot()?.save(to: "/tmp/vv-shot-\(suffix).png")
    }
    private func view(_ pane: SourcePane) -> SourceView { pane.view! }
}
