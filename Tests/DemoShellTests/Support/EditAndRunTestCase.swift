import DemoShellKit
import DemoKitTesting
@testable import EditRunModel
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// What every Edit and Run test needs: its own edits folder, Say Hello's
/// Source page with Edit on, edits made and saved, children stopped after.
@MainActor
open class EditAndRunTestCase: LauncherTestCase {
    package var dataHome: String?
    package var savedDataHome: String?

    open override func setUp() async throws {
        try await super.setUp()
        savedDataHome = Environment.value("XDG_DATA_HOME")
        dataHome = FileSystem.makeTemporaryDirectory("demo-shell-edits-XXXXXX")
        Environment.set("XDG_DATA_HOME", dataHome)
    }

    open override func tearDown() async throws {
        if let session = shell?.launcher?.sourcePane.session, let pid = session.childProcessID {
            session.stop()
            XCTAssertTrue(MainLoop.run(until: { session.childProcessID == nil }), "child \(pid) outlived its test")
        }
        // Closed while the test's edits folder is still there: what the
        // launcher saves as it closes goes there, never to the user's.
        shell?.launcher?.window.destroy()
        MainLoop.drain()
        Environment.set("XDG_DATA_HOME", savedDataHome)
        if let dataHome { FileSystem.removeTree(dataHome) }
        try await super.tearDown()
    }

    /// Long enough for a first build with an empty module cache on a busy
    /// 2-core machine; a warm one takes a second or two.
    package let buildTimeLimit = 180.0

    /// The launcher on Say Hello's Source page.
    package func openSayHellosSource() throws -> LauncherWindow {
        makeShell()
        let launcher = try launcher()
        launcher.list.select(try row(launcher, named: "Say Hello"))
        MainLoop.drain()
        try switchTo(launcher, "Source")
        return launcher
    }

    /// The launcher on Say Hello's Source page, `file` shown, Edit on.
    package func openForEditing(_ file: String) throws -> (LauncherWindow, SourceView) {
        let launcher = try openSayHellosSource()
        let pane = launcher.sourcePane
        pane.fileSelector.activeIndex = try XCTUnwrap(pane.files.firstIndex { $0.relativePath == file })
        MainLoop.drain()
        let view = try XCTUnwrap(pane.view)
        XCTAssertFalse(view.isEditable, "read-only until Edit")
        try XCTUnwrap(launcher.window.find(ToggleButton.self, named: "Edit")).click()
        MainLoop.drain()
        XCTAssertTrue(view.isEditable)
        return (launcher, view)
    }

    package var workspace: EditWorkspace { EditWorkspace(demoID: "say-hello") }

    /// Replaces `old` with `new` in the view, as typing would, and waits for the save.
    package func edit(_ view: SourceView, replacing old: String, with new: String, in file: String) throws {
        let text = view.text
        let range = try XCTUnwrap(text.range(of: old), "no “\(old)” in \(file)")
        view.text = text.replacingCharacters(in: range, with: new)
        let edited = view.text
        XCTAssertTrue(
            MainLoop.run(until: { self.workspace.editedText(file) == edited }),
            "the edit was never saved: \(String(describing: self.workspace.editedText(file)?.count)) vs \(edited.count); the view now: \(Self.difference(edited, view.text))"
        )
    }

    /// Where `b` starts to differ from `a`, and what it holds there.
    static func difference(_ a: String, _ b: String) -> String {
        let common = zip(a, b).prefix { $0 == $1 }.count
        return "from character \(common): \(String(b.dropFirst(common).prefix(900)).debugDescription)"
    }

    package func runEdited(_ launcher: LauncherWindow) throws {
        try XCTUnwrap(launcher.window.find(Button.self, named: "Run Edited")).click()
    }

    package func outputText(_ launcher: LauncherWindow) throws -> String {
        try XCTUnwrap(launcher.window.find(TextView.self, named: "Output")).text
    }
}
