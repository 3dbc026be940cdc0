import DemoShellKit
import DemoKitTesting
@testable import EditRunModel
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TextBounds
import TestSupport
import XCTest

/// My Demos in the launcher: New Demo (Ctrl+Shift+N, the
/// primary menu), Save as New Demo on the Source page and Import…, driven
/// by accessible names and real key events, with a data folder of its own.
@MainActor
final class NewDemoTests: MyDemosTestCase {
    private func type(_ text: String, into entry: Entry) {
        entry.grabFocus()
        for character in text { entry.sendKey(Key.character(character)) }
        MainLoop.drain()
    }

    /// Ctrl+Shift+N in the launcher, and the dialog it opens.
    private func openNewDemo(_ launcher: LauncherWindow) throws -> Window {
        launcher.window.present()
        MainLoop.run(until: { launcher.window.isActive }, timeout: 2)
        launcher.window.sendKey(Key.character("N"), modifiers: [.control, .shift])
        let dialog = try XCTUnwrap(waitForWindow(titled: "New Demo"), "Ctrl+Shift+N opens New Demo")
        XCTAssertEqual(dialog.accessibleName, "New Demo")
        XCTAssertTrue(dialog.transientFor === launcher.window)
        return dialog
    }

    private func label(in window: Window, saying text: String) -> Label? {
        window.descendants.compactMap { $0.as(Label.self) }.first { $0.text == text && $0.isMapped }
    }

    /// The demo `id` is selected, its Source page shown, Edit on and the code editable.
    private func assertOpenForEditing(
        _ launcher: LauncherWindow, id: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(launcher.selectedDemoID, id, "its row selected", file: file, line: line)
        XCTAssertEqual(launcher.detailStack.visiblePageName, "source", "on the Source page", file: file, line: line)
        XCTAssertEqual(
            launcher.window.find(ToggleButton.self, named: "Edit")?.isActive, true, "Edit on", file: file, line: line)
        XCTAssertEqual(launcher.sourcePane.view?.isEditable, true, "the code editable", file: file, line: line)
        let own = launcher.sourcePane.files.filter(EditWorkspace.isEditable)
        XCTAssertFalse(own.isEmpty, file: file, line: line)
        XCTAssertTrue(
            own.allSatisfy { $0.path?.hasPrefix(store.root + "/" + id + "/") == true },
            "its own files: \(own.map { $0.path ?? "" })", file: file, line: line)
    }

    func testCtrlShiftNMakesABlankDemoFromAChineseNameAndOpensItForEditing() async throws {
        makeShell(myDemoStore: store)
        let launcher = try launcher()
        let dialog = try openNewDemo(launcher)
        let entry = try XCTUnwrap(dialog.find(Entry.self, named: "Demo Name"))
        XCTAssertTrue(dialog.focusedWidget === entry, "the name is typed at once")
        let create = try XCTUnwrap(dialog.find(Button.self, named: "Create"))
        XCTAssertFalse(create.isSensitive, "no name, no demo")
        let start = try XCTUnwrap(dialog.find(ComboBoxText.self, named: "Starting Point"))
        XCTAssertEqual(start.activeText, "Blank")
        XCTAssertGreaterThan(start.count, 5, "every installed demo is a starting point")

        type("我的台灯", into: entry)
        XCTAssertEqual(entry.text, "我的台灯")
        XCTAssertNotNil(label(in: dialog, saying: "Its id: demo-5fb4d4"), "the ASCII id, shown as it is typed")
        XCTAssertTrue(
            MainLoop.run(until: { entry.accessibleDescription == "Its id: demo-5fb4d4" }), "and told with the field")
        XCTAssertTrue(create.isSensitive)

        entry.sendKey(Key.returnKey)  // Create is the default
        XCTAssertTrue(MainLoop.run(until: { !dialog.isVisible }, timeout: 10), "Create closes the dialog")
        XCTAssertTrue(
            FileSystem.isRegularFile(FileSystem.join(store.root, "demo-5fb4d4", "manifest.plugin")), "the demo's folder"
        )
        XCTAssertEqual(launcher.visibleDemoIDs.first, "demo-5fb4d4", "listed first, at once")
        let row = try row(launcher, named: "我的台灯")
        XCTAssertEqual(row.header?.as(Label.self)?.text, "My Demos")
        assertOpenForEditing(launcher, id: "demo-5fb4d4")
    }

    /// A screen reader (or a test) picking a Source file
    /// through AT-SPI, the list's menu item's "click" while its menu is not
    /// shown, made GTK write `Gdk-CRITICAL gdk_window_get_window_type`
    /// each time (the test fails on any critical); so did New Demo's
    /// Starting Point, picked so before each Create.
    func testPickingASourceFileThroughATSPIWarnsNothing() async throws {
        let client = try buildATSPIClient()
        makeShell(myDemoStore: store)
        let launcher = try launcher()
        let dialog = try openNewDemo(launcher)
        type("Ghost", into: try XCTUnwrap(dialog.find(Entry.self, named: "Demo Name")))
        let start = try XCTUnwrap(dialog.find(ComboBoxText.self, named: "Starting Point"))
        XCTAssertEqual(
            try act(with: client, on: "Say Hello", role: "menu item"), "acted click", "a starting point picked")
        XCTAssertTrue(MainLoop.run(until: { start.activeText == "Say Hello" }))
        XCTAssertEqual(try act(with: client, on: "Blank", role: "menu item"), "acted click", "and another")
        XCTAssertTrue(MainLoop.run(until: { start.activeText == "Blank" }))
        XCTAssertEqual(try act(with: client, on: "Create", role: "push button"), "acted click")
        XCTAssertTrue(MainLoop.run(until: { !dialog.isVisible }, timeout: 10), "Create closes the dialog")
        assertOpenForEditing(launcher, id: "ghost")
        let selector = try XCTUnwrap(launcher.sourcePane.fileSelector)
        for file in ["Plugin/GhostView.swift", "Model/GhostModel.swift", "Plugin/GhostPlugin.swift"] {
            XCTAssertEqual(try act(with: client, on: file, role: "menu item"), "acted click", file)
            XCTAssertTrue(
                MainLoop.run(until: { selector.activeText == file }), "\(file) is shown: \(selector.activeText ?? "")")
            XCTAssertEqual(launcher.sourcePane.files[selector.activeIndex].relativePath, file)
        }
    }

    /// Types `name` into a New Demo dialog and presses Enter (Blank).
    private func makeBlankDemo(_ name: String, in launcher: LauncherWindow) throws {
        let dialog = try openNewDemo(launcher)
        type(name, into: try XCTUnwrap(dialog.find(Entry.self, named: "Demo Name")))
        dialog.sendKey(Key.returnKey)
        XCTAssertTrue(MainLoop.run(until: { !dialog.isVisible }, timeout: 10), "Create closes the dialog")
    }

    /// New Demo took a name a listed demo has (two "Say
    /// Hello", two "你好世界"), and a search found the learner's first.
    /// It offers the next free name, as Import does, before Create.
    func testANameAnotherDemoHasBecomesTheNextFreeOne() async throws {
        let client = try buildATSPIClient()
        makeShell(myDemoStore: store)
        let launcher = try launcher()
        var dialog = try openNewDemo(launcher)
        var entry = try XCTUnwrap(dialog.find(Entry.self, named: "Demo Name"))
        type("Say Hello", into: entry)
        let note =
            "A demo is called “\u{2068}Say Hello\u{2069}” already: this one will be “\u{2068}Say Hello 2\u{2069}”.\nIts id: say-hello-2"
        XCTAssertNotNil(label(in: dialog, saying: note), "told before Create")
        let heard = try listWindows(with: client, depth: 40)
        XCTAssertTrue(
            heard.contains(TextLimit.removingIsolates(note) + " [label]"), "heard without its isolates:\n\(heard)")
        XCTAssertTrue(
            MainLoop.run(until: { entry.accessibleDescription == TextLimit.removingIsolates(note) }),
            "told with the field once typing pauses")
        entry.sendKey(Key.returnKey)
        XCTAssertTrue(MainLoop.run(until: { !dialog.isVisible }, timeout: 10))
        XCTAssertEqual(store.demo(id: "say-hello-2")?.manifest.info.name, "Say Hello 2")
        XCTAssertEqual(launcher.list.children.filter { $0.accessibleName == "Say Hello" }.count, 1, "one Say Hello")

        for expected in ["你好世界", "你好世界 2"] {
            dialog = try openNewDemo(launcher)
            entry = try XCTUnwrap(dialog.find(Entry.self, named: "Demo Name"))
            type("你好世界", into: entry)
            entry.sendKey(Key.returnKey)
            XCTAssertTrue(MainLoop.run(until: { !dialog.isVisible }, timeout: 10))
            XCTAssertNoThrow(try row(launcher, named: expected), "in any language")
        }
        XCTAssertEqual(Set(store.list().demos.map(\.manifest.info.name)), ["Say Hello 2", "你好世界", "你好世界 2"])
    }

    /// New Demo "Ghost", an edit, Delete, its files gone, then
    /// New Demo "Ghost" again showed the old edit, "changed on disk by
    /// another program"; its settings (the window's size) were the old ones.
    func testANewDemoUnderADeletedOnesIDStartsFromItsTemplate() async throws {
        MyDemoNotices.lapseMilliseconds = 50  // rather than wait ten seconds
        defer { MyDemoNotices.lapseMilliseconds = 10_000 }
        let client = try buildATSPIClient()
        makeShell(myDemoStore: store)
        let launcher = try launcher()
        try makeBlankDemo("Ghost", in: launcher)
        let pane = launcher.sourcePane, model = "Model/GhostModel.swift"
        let selector = try XCTUnwrap(pane.fileSelector)
        selector.activeIndex = try XCTUnwrap(pane.files.firstIndex { $0.relativePath == model })
        MainLoop.drain()
        let view = try XCTUnwrap(pane.view)
        XCTAssertTrue(view.text.contains("\"Pressed once\""))
        view.text = view.text.replacingOccurrences(of: "\"Pressed once\"", with: "\"Pressed GHOST once\"")
        XCTAssertTrue(
            MainLoop.run(
                until: { EditWorkspace(demoID: "ghost").editedText(model)?.contains("GHOST") == true }, timeout: 10),
            "the edit is saved")
        let kept = [Settings.path(pluginID: "ghost"), Settings.path(pluginID: "ghost.edited")]
        for path in kept {
            try FileSystem.writeAtomically("[Settings]\nwindow-width=900\nwindow-height=700\n", to: path)
        }
        let builds = MyDemoBuilds.workspace(id: "ghost").buildDirectory
        try FileSystem.writeAtomically("a build", to: FileSystem.join(builds, "KEY", "libGhost.so"))

        launcher.rowMenu.actions.deleteDemo(id: "ghost")
        XCTAssertTrue(
            MainLoop.run(until: { FileSystem.contents(ofDirectory: self.store.root).isEmpty }, timeout: 10),
            "its files are gone once Undo lapses")
        try makeBlankDemo("Ghost", in: launcher)
        assertOpenForEditing(launcher, id: "ghost")
        selector.activeIndex = try XCTUnwrap(pane.files.firstIndex { $0.relativePath == model })
        MainLoop.drain()
        XCTAssertTrue(try XCTUnwrap(pane.view).text.contains("\"Pressed once\""), "the template's text")
        XCTAssertFalse(try XCTUnwrap(pane.view).text.contains("GHOST"), "nothing of the deleted demo's edit")
        let heard = try listWindows(with: client, depth: 40)
        XCTAssertTrue(heard.contains("\(model) [menu item]"), "its file, as a screen reader hears it:\n\(heard)")
        XCTAssertFalse(heard.contains("(changed on disk)") || heard.contains("\(model) (edited)"), heard)
        XCTAssertNil(EditWorkspace(demoID: "ghost").editedText(model), "no edit of it kept")
        for path in kept { XCTAssertFalse(FileSystem.exists(path), "no settings of it kept: \(path)") }
        XCTAssertFalse(FileSystem.exists(builds), "no build of it kept")
    }

    /// The id is told with the field once typing pauses, not after
    /// each letter; the code the new demo opens on names the demo and the file.
    func testTheIdIsToldOnceTypingPausesAndTheCodeNamesTheNewDemo() async throws {
        makeShell(myDemoStore: store)
        let launcher = try launcher()
        let dialog = try openNewDemo(launcher)
        let entry = try XCTUnwrap(dialog.find(Entry.self, named: "Demo Name"))
        let first = entry.accessibleDescription
        XCTAssertEqual(first, "A demo needs a name.", "told as the dialog opens")
        entry.grabFocus()
        for (letter, id) in [("m", "m"), ("i", "mi")] {
            entry.sendKey(Key.character(Character(letter)))
            MainLoop.drain()
            XCTAssertNotNil(label(in: dialog, saying: "Its id: \(id)"), "shown as it is typed")
            XCTAssertEqual(entry.accessibleDescription, first, "not told after each letter")
        }
        XCTAssertTrue(MainLoop.run(until: { entry.accessibleDescription == "Its id: mi" }), "told once typing pauses")

        entry.sendKey(Key.returnKey)
        XCTAssertTrue(MainLoop.run(until: { !dialog.isVisible }, timeout: 10), "Create closes the dialog")
        var focused: AccessibleElement?
        XCTAssertTrue(
            MainLoop.run(until: {
                focused = launcher.window.accessible?.subtree.first(where: \.isFocused)
                return focused?.role == "text"
            }), "the code has the focus")
        let name = focused?.name ?? ""
        XCTAssertTrue(
            name.hasPrefix("mi — ") && name.hasSuffix(".swift"), "the code names the demo and the file: \(name)")
    }

    func testAStartingPointIsCopiedWithItsEdits() async throws {
        let edits = EditWorkspace(demoID: "say-hello")
        let shipped = try XCTUnwrap(FileSystem.read(packageRoot + "/Sources/Demos/SayHello/Plugin/SayHelloView.swift"))
        try edits.save(shipped + "// my edit\n", for: "Plugin/SayHelloView.swift", original: shipped)
        makeShell(myDemoStore: store)
        let launcher = try launcher()
        let dialog = try openNewDemo(launcher)
        let start = try XCTUnwrap(dialog.find(ComboBoxText.self, named: "Starting Point"))
        for index in 0..<start.count where start.activeText != "Say Hello" { start.activeIndex = index }
        XCTAssertEqual(start.activeText, "Say Hello")
        type("Greeter", into: try XCTUnwrap(dialog.find(Entry.self, named: "Demo Name")))
        try XCTUnwrap(dialog.find(Button.self, named: "Create")).click()
        XCTAssertTrue(MainLoop.run(until: { !dialog.isVisible }, timeout: 10))
        let view = FileSystem.read(FileSystem.join(store.root, "greeter", "Plugin/GreeterView.swift"))
        XCTAssertEqual(view?.hasSuffix("// my edit\n"), true, "the copy includes the edit")
        assertOpenForEditing(launcher, id: "greeter")
    }

    func testACreateThatCannotWriteIsToldInTheDialogAndKeepsTheName() async throws {
        // A file where the store's folder should be: no one, root included, can make it.
        try FileSystem.writeAtomically("x", to: FileSystem.join(dataHome, "blocked"))
        store = MyDemoStore(root: FileSystem.join(dataHome, "blocked", "demos"))
        makeShell(myDemoStore: store)
        let launcher = try launcher()
        let dialog = try openNewDemo(launcher)
        let entry = try XCTUnwrap(dialog.find(Entry.self, named: "Demo Name"))
        type("Pocket Lamp", into: entry)
        XCTAssertNotNil(label(in: dialog, saying: "Its id: pocket-lamp"))
        try XCTUnwrap(dialog.find(Button.self, named: "Create")).click()
        MainLoop.drain()
        XCTAssertTrue(dialog.isVisible, "the dialog stays")
        XCTAssertEqual(entry.text, "Pocket Lamp", "with what was typed")
        let problem = dialog.descendants.compactMap { $0.as(Label.self) }.first {
            $0.isMapped && $0.text.contains("Nothing was changed")
        }
        XCTAssertNotNil(problem, "the problem is shown: \(dialog.descendants.compactMap { $0.as(Label.self)?.text })")
        XCTAssertFalse(launcher.visibleDemoIDs.contains("pocket-lamp"))
        dialog.sendKey(Key.escape)
        XCTAssertTrue(MainLoop.run(until: { !dialog.isVisible }), "Escape closes it")
    }

    func testSaveAsNewDemoMakesASecondDemoAndLeavesTheOriginalsEdit() async throws {
        makeShell(myDemoStore: store)
        let launcher = try launcher()
        launcher.list.select(try row(launcher, named: "Say Hello"))
        MainLoop.drain()
        try switchTo(launcher, "Source")
        let pane = launcher.sourcePane
        pane.fileSelector.activeIndex = try XCTUnwrap(
            pane.files.firstIndex { $0.relativePath == "Plugin/SayHelloView.swift" })
        MainLoop.drain()
        try XCTUnwrap(launcher.window.find(ToggleButton.self, named: "Edit")).click()
        let view = try XCTUnwrap(pane.view)
        view.grabFocus()
        for character in "// mine\n" { view.sendKey(character == "\n" ? Key.returnKey : Key.character(character)) }
        MainLoop.drain()
        let edited = view.text
        XCTAssertTrue(edited.contains("// mine"))

        try XCTUnwrap(launcher.window.find(Button.self, named: "Save as New Demo")).click()
        let dialog = try XCTUnwrap(waitForWindow(titled: "Save as New Demo"))
        XCTAssertNil(dialog.find(ComboBoxText.self, named: "Starting Point"), "it starts from the demo shown")
        let entry = try XCTUnwrap(dialog.find(Entry.self, named: "Demo Name"))
        XCTAssertEqual(entry.text, "Say Hello 2", "named after it, as Import names a copy, selected to type over")
        XCTAssertNotNil(label(in: dialog, saying: "Its id: say-hello-2"))
        type("My Greeter", into: entry)
        XCTAssertNotNil(label(in: dialog, saying: "Its id: my-greeter"))
        entry.sendKey(Key.returnKey)
        XCTAssertTrue(MainLoop.run(until: { !dialog.isVisible }, timeout: 10), "Save closes the dialog")

        let copy = FileSystem.read(FileSystem.join(store.root, "my-greeter", "Plugin/MyGreeterView.swift"))
        XCTAssertEqual(copy?.contains("// mine"), true, "the new demo has the edit")
        XCTAssertEqual(copy?.contains("MyGreeterView"), true, "under its own names")
        XCTAssertEqual(
            EditWorkspace(demoID: "say-hello").editedText("Plugin/SayHelloView.swift"), edited,
            "the original's edit stays as it was")
        XCTAssertEqual(Array(launcher.visibleDemoIDs.prefix(1)), ["my-greeter"])
        assertOpenForEditing(launcher, id: "my-greeter")
    }

    /// Opens the primary menu and picks Import…, then `folder` in the chooser.
    private func importFolder(_ folder: String, in launcher: LauncherWindow) throws {
        XCTAssertTrue(
            MainLoop.run(until: { launcher.primaryMenu.popover != nil }), "the menu comes after the first frame")
        let popover = try XCTUnwrap(launcher.primaryMenu.popover)
        if !popover.isMapped { launcher.primaryMenu.click() }
        XCTAssertTrue(MainLoop.run(until: { popover.isMapped }), "the menu opens")
        try XCTUnwrap(popover.find(Button.self, named: "Import…"), "Import… in the primary menu").click()
        try chooseFolder(folder, inChooserNamed: "Import a Demo")
        MainLoop.drain()
    }

    func testImportListsAGoodFolderAndTellsWhatABadOneLacks() async throws {
        let sdk = try EditSDK.locate(paths: ShellPaths.current()).get()
        let elsewhere = MyDemoStore(root: FileSystem.join(dataHome, "elsewhere"))
        let package = try elsewhere.create(name: "Pocket Lamp", from: .blank, takenIDs: [], takenModules: [], sdk: sdk)
            .get()
        makeShell(myDemoStore: store)
        let launcher = try launcher()

        try importFolder(package.folder, in: launcher)
        var dialog = try XCTUnwrap(waitForWindow(titled: "Import as New Demo"), "a name is asked first")
        var entry = try XCTUnwrap(dialog.find(Entry.self, named: "Demo Name"))
        XCTAssertEqual(entry.text, "Pocket Lamp", "its own name while no demo has it")
        XCTAssertTrue(dialog.descendants.contains { $0.as(Label.self)?.text == "Its id: pocket-lamp" })
        try XCTUnwrap(dialog.find(Button.self, named: "Import")).click()
        MainLoop.drain()
        XCTAssertTrue(
            FileSystem.isRegularFile(FileSystem.join(store.root, "pocket-lamp", "manifest.plugin")), "copied in")
        XCTAssertEqual(launcher.visibleDemoIDs.first, "pocket-lamp", "listed at once")
        XCTAssertEqual(launcher.selectedDemoID, "pocket-lamp", "and selected")

        // The same package again: a name that tells the copy apart, which the learner may change.
        try importFolder(package.folder, in: launcher)
        dialog = try XCTUnwrap(waitForWindow(titled: "Import as New Demo"))
        entry = try XCTUnwrap(dialog.find(Entry.self, named: "Demo Name"))
        XCTAssertEqual(entry.text, "Pocket Lamp 2")
        entry.text = "Desk Lamp"
        XCTAssertTrue(dialog.descendants.contains { $0.as(Label.self)?.text == "Its id: desk-lamp" })
        try XCTUnwrap(dialog.find(Button.self, named: "Import")).click()
        MainLoop.drain()
        XCTAssertEqual(launcher.selectedDemoID, "desk-lamp")
        XCTAssertNoThrow(try row(launcher, named: "Desk Lamp"), "listed under the name given")

        let empty = FileSystem.join(dataHome, "empty")
        try FileSystem.makeDirectory(empty)
        try importFolder(empty, in: launcher)
        let refusal = try XCTUnwrap(waitForWindow(titled: "The folder cannot be imported")?.as(MessageDialog.self))
        XCTAssertTrue(refusal.detail.contains("manifest.plugin"), "names what is missing: \(refusal.detail)")
        XCTAssertTrue(
            refusal.detail.contains("\u{2068}" + empty + "\u{2069}"), "the folder, isolated: \(refusal.detail)")
        refusal.destroy()
        XCTAssertEqual(Set(store.ids), ["pocket-lamp", "desk-lamp"], "nothing else made")
    }
}
