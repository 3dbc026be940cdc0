import DemoShellKit
@_spi(Testing) import Gtk
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// Say Hello's kept edits made in the old plugin shape (its view as it was then,
/// with the learner's own change): the Source page shows them in the new
/// shape, the originals kept aside, and Run Edited builds and runs them; a
/// shape not known is left as it is, the status line saying what to change.
@MainActor
final class OldShapeEditsTests: EditAndRunTestCase {
    let file = "Plugin/SayHelloView.swift"

    private func keepOldEdit(_ change: (String) -> String = { $0 }) throws -> (shipped: String, edited: String) {
        let shipped = try XCTUnwrap(FileSystem.read(FileSystem.join(packageRoot, "Sources/Demos/SayHello", file)))
        let edited = change(
            shipped.replacingOccurrences(of: "final class SayHelloView: DemoView {", with: "final class SayHelloView {")
                .replacingOccurrences(
                    of: "        window.showAll()\n        entry.grabFocus()",
                    with: "        window.retain(self)\n        window.showAll()\n        entry.grabFocus()"
                )
                .replacingOccurrences(of: "width: 440", with: "width: 480"))
        try workspace.save(edited, for: file, original: shipped)
        return (shipped, edited)
    }

    func testOldKeptEditsAreShownInTheNewShapeAndRun() async throws {
        let (shipped, edited) = try keepOldEdit()
        let launcher = try openSayHellosSource()
        let pane = launcher.sourcePane
        pane.fileSelector.activeIndex = try XCTUnwrap(pane.files.firstIndex { $0.relativePath == file })
        MainLoop.drain()
        let updated = shipped.replacingOccurrences(of: "width: 440", with: "width: 480")
        XCTAssertEqual(workspace.editedText(file), updated, "the learner's change kept, in the new shape")
        XCTAssertEqual(try XCTUnwrap(pane.view).text, updated, "shown as it is now")
        XCTAssertEqual(
            FileSystem.read(FileSystem.join(workspace.root, "before-sdk-2", file)), edited, "the original kept aside")
        try runEdited(launcher)
        let session = pane.session
        XCTAssertTrue(
            MainLoop.run(until: { session.childProcessID != nil }, timeout: buildTimeLimit),
            "never ran; status: \(pane.editPanel.status.text); output: \((try? outputText(launcher)) ?? "")")
    }

    func testAShapeNotKnownIsLeftAndTheStatusSaysWhatToChange() async throws {
        // The view keeps its window under another name: not a DemoView the update can make.
        let (_, edited) = try keepOldEdit { $0.replacingOccurrences(of: "window", with: "mainWindow") }
        let launcher = try openSayHellosSource()
        XCTAssertEqual(workspace.editedText(file), edited, "left as it was")
        XCTAssertFalse(FileSystem.exists(FileSystem.join(workspace.root, "before-sdk-2")))
        let status = launcher.sourcePane.editPanel.status.text
        XCTAssertTrue(status.contains("This demo was written for an older Demo Shell"), status)
        XCTAssertTrue(status.contains("\u{2068}Plugin/SayHelloView.swift\u{2069}"), status)
    }
}
