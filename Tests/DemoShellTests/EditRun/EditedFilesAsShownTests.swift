import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// How the Source page shows edits: after a restart the file
/// list marks edited files and shows an edited one first; a file in the
/// edits folder that is not UTF-8 opens with a warning naming it and is
/// never saved back changed without the learner changing it; a shared file
/// says in place that it stays read-only while Edit is on.
@MainActor
final class EditedFilesAsShownTests: EditAndRunTestCase {
    let viewFile = "Plugin/SayHelloView.swift"

    func testAfterARestartTheListMarksEditedFilesAndShowsOneFirst() async throws {
        let shipped = try XCTUnwrap(FileSystem.read(FileSystem.join(packageRoot, "Sources/Demos/SayHello", viewFile)))
        try FileSystem.writeAtomically(shipped + "// edited before the restart\n", to: workspace.editedPath(viewFile))
        let pane = try openSayHellosSource().sourcePane
        XCTAssertEqual(pane.files.first?.relativePath, "Model/SayHelloModel.swift", "the list starts with the model")
        XCTAssertEqual(pane.shownFile?.relativePath, viewFile, "the edited file is shown first")
        XCTAssertEqual(pane.fileSelector.activeText, "\(viewFile) (edited)")
        XCTAssertTrue(try XCTUnwrap(pane.view).text.hasSuffix("// edited before the restart\n"))
        pane.fileSelector.activeIndex = 0
        MainLoop.drain()
        XCTAssertEqual(pane.fileSelector.activeText, "Model/SayHelloModel.swift", "an unedited file is not marked")
    }

    func testAFileThatIsNotUTF8OpensWithAWarningAndIsNotSavedBack() async throws {
        let path = workspace.editedPath(viewFile)
        let bytes = Array("import DemoKit\n// caf".utf8) + [0xE9, 0xFF] + Array(" au lait\n".utf8)
        try FileSystem.writeAtomically("", to: path)
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let launcher = try openSayHellosSource()
        let pane = launcher.sourcePane
        let view = try XCTUnwrap(pane.view)
        XCTAssertEqual(pane.shownFile?.relativePath, viewFile)
        XCTAssertTrue(view.text.contains("\u{FFFD}"), view.text)
        let warning = try XCTUnwrap(pane.notices.message(.notUTF8), "no warning")
        XCTAssertTrue(warning.contains(path) && warning.contains("UTF-8"), warning)
        XCTAssertNotNil(
            try XCTUnwrap(pane.notices.bar(.notUTF8)).descendants.compactMap { $0.as(Label.self) }.first {
                $0.text == warning
            })

        // Edit on, another file shown and back, a flush, the window closed:
        // nothing changed it, so the bytes stay as they were.
        try XCTUnwrap(launcher.window.find(ToggleButton.self, named: "Edit")).click()
        pane.fileSelector.activeIndex = 0
        MainLoop.drain()
        XCTAssertNil(pane.notices.message(.notUTF8), "the warning is the file's")
        pane.fileSelector.activeIndex = try XCTUnwrap(pane.files.firstIndex { $0.relativePath == viewFile })
        MainLoop.drain()
        XCTAssertNotNil(pane.notices.message(.notUTF8))
        pane.edits.saveNow()
        launcher.window.close()
        XCTAssertTrue(MainLoop.run(until: { self.shell.launcher == nil }))
        XCTAssertEqual(FileSystem.readBytes(path), bytes, "never saved back changed")
    }

    func testASharedFileSaysInPlaceThatItIsReadOnlyWhileEditIsOn() async throws {
        let (launcher, view) = try openForEditing(viewFile)
        let pane = launcher.sourcePane
        XCTAssertNil(pane.notices.message(.readOnly))
        let shared = try XCTUnwrap(
            pane.files.firstIndex { $0.relativePath.hasPrefix("TextBounds/") }, "Say Hello shows TextBounds")
        pane.fileSelector.activeIndex = shared
        MainLoop.drain()
        XCTAssertFalse(view.isEditable)
        let note = try XCTUnwrap(pane.notices.message(.readOnly), "nothing says why keys do nothing")
        XCTAssertTrue(note.contains(pane.files[shared].relativePath) && note.contains("read-only"), note)
        let bar = try XCTUnwrap(pane.notices.bar(.readOnly))
        XCTAssertTrue(bar.isVisible && bar.isInside(launcher.window))
        try XCTUnwrap(launcher.window.find(ToggleButton.self, named: "Edit")).click()  // Edit off: nothing to explain
        MainLoop.drain()
        XCTAssertNil(pane.notices.message(.readOnly))
    }
}
