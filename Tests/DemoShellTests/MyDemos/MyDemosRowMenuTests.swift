import DemoShellKit
import DemoKitTesting
@testable import EditRunModel
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import TestSupport
import XCTest

/// A row's context menu, reached by keyboard (Shift+F10,
/// the Menu key), offers Rename… and Delete for a demo of the learner's
/// own and Export… for every demo. Delete takes the row away at once and
/// offers Undo in a bar that screen readers hear; the files go when it
/// lapses or the launcher closes. Export writes the package, never over a
/// folder that exists.
@MainActor
final class MyDemosRowMenuTests: MyDemosTestCase {
    private var listener: AnnouncementListener?

    override func tearDown() async throws {
        listener?.stop()
        listener = nil
        try await super.tearDown()
    }

    /// Selects and focuses the row called `name`, then presses `key` on it.
    private func openMenu(
        _ launcher: LauncherWindow, on name: String, key: UInt32 = Key.named("F10"),
        modifiers: Modifiers = .shift
    ) throws -> Popover {
        let row = try row(launcher, named: name)
        launcher.list.select(row)
        row.grabFocus()
        MainLoop.drain()
        launcher.window.sendKey(key, modifiers: modifiers)
        XCTAssertTrue(MainLoop.run(until: { launcher.rowMenu.popover?.isMapped == true }), "no menu")
        return try XCTUnwrap(launcher.rowMenu.popover)
    }

    private func items(of menu: Popover) -> [String] {
        menu.descendants.compactMap { $0.as(ModelButton.self) }.filter(\.isMapped).map(\.accessibleName)
    }

    private func choose(_ item: String, in menu: Popover) throws {
        try XCTUnwrap(menu.find(ModelButton.self, named: item), "no \(item)").click()
        MainLoop.drain()
    }

    func testShiftF10AndTheMenuKeyOpenTheRowsMenu() async throws {
        try create("Pocket Lamp")
        makeShell(myDemoStore: store)
        let launcher = try launcher()
        let menu = try openMenu(launcher, on: "Pocket Lamp")
        XCTAssertEqual(items(of: menu), ["Rename…", "Delete", "Export…"])
        XCTAssertTrue(
            try XCTUnwrap(menu.find(ModelButton.self, named: "Rename…")).hasFocus, "the first item has the focus")
        launcher.window.sendKey(Key.escape)
        XCTAssertTrue(MainLoop.run(until: { !menu.isVisible }), "Escape closes it")

        let builtIn = try openMenu(launcher, on: "Say Hello", key: Key.named("Menu"), modifiers: [])
        XCTAssertEqual(items(of: builtIn), ["Export…"], "a built-in demo is exported, never renamed or deleted")
    }

    func testARightClickOpensTheMenuOfTheRowClicked() async throws {
        try create("Pocket Lamp")
        makeShell(myDemoStore: store)
        let launcher = try launcher()
        let row = try row(launcher, named: "Say Hello")
        XCTAssertNotEqual(launcher.selectedDemoID, "say-hello")
        row.sendClick(x: 20, y: Double(row.allocatedHeight) / 2, button: 3)
        XCTAssertTrue(MainLoop.run(until: { launcher.rowMenu.popover?.isMapped == true }), "no menu")
        XCTAssertEqual(items(of: try XCTUnwrap(launcher.rowMenu.popover)), ["Export…"], "the menu of the row clicked")
        XCTAssertEqual(launcher.selectedDemoID, "say-hello", "which is selected")
    }

    func testRenameChangesTheNameInTheRowOnly() async throws {
        try create("Pocket Lamp")
        makeShell(myDemoStore: store)
        let launcher = try launcher()
        try choose("Rename…", in: try openMenu(launcher, on: "Pocket Lamp"))
        let field = try XCTUnwrap(launcher.rowMenu.popover?.find(Entry.self, named: "New Name"), "no name field")
        XCTAssertEqual(field.text, "Pocket Lamp")
        XCTAssertTrue(field.hasFocus)
        field.text = String(repeating: "x", count: 200)
        XCTAssertEqual(field.text.count, DemoNaming.maximumNameLength, "bounded as every field")
        field.text = "Desk Lamp"
        field.sendKey(Key.returnKey)
        MainLoop.drain()
        XCTAssertNoThrow(try row(launcher, named: "Desk Lamp"), "the row shows the new name")
        XCTAssertFalse(launcher.list.children.contains { $0.accessibleName == "Pocket Lamp" })
        XCTAssertEqual(launcher.selectedDemoID, "pocket-lamp", "the same demo, still selected")
        let renamed = try XCTUnwrap(store.demo(id: "pocket-lamp"))
        XCTAssertEqual(renamed.manifest.info.name, "Desk Lamp")
        XCTAssertEqual(renamed.manifest.module, "PocketLamp", "the name only")
    }

    /// Rename took a name another demo has (two "Say Hello"
    /// in the list, the learner's found second), and an empty name left
    /// Rename on, doing nothing without a word.
    func testRenameOffersTheNextFreeNameAndSaysANameIsNeeded() async throws {
        let client = try buildATSPIClient()
        try create("Pocket Lamp")
        try create("你好世界")
        makeShell(myDemoStore: store)
        let launcher = try launcher()
        try choose("Rename…", in: try openMenu(launcher, on: "Pocket Lamp"))
        let popover = try XCTUnwrap(launcher.rowMenu.popover)
        let field = try XCTUnwrap(popover.find(Entry.self, named: "New Name"))
        let rename = try XCTUnwrap(popover.find(Button.self, named: "Rename"))
        field.text = ""
        var heard = try listWindows(with: client, depth: 40)
        XCTAssertNotNil(
            heard.range(of: "A demo needs a name\\. \\[label\\][^\\n]* showing", options: .regularExpression),
            "said, as New Demo says it:\n\(heard)")
        XCTAssertTrue(heard.contains("New Name [text]") && heard.contains("A demo needs a name."), heard)
        XCTAssertFalse(rename.isSensitive, "Rename is off")
        XCTAssertTrue(
            heard.range(of: "Rename \\[push button\\][^\\n]* sensitive", options: .regularExpression) == nil,
            "and heard as off:\n\(heard)")
        field.sendKey(Key.returnKey)
        MainLoop.drain()
        XCTAssertEqual(store.demo(id: "pocket-lamp")?.manifest.info.name, "Pocket Lamp", "nothing renamed")

        field.text = "say hello"
        XCTAssertEqual(
            field.accessibleDescription, "A demo is called “say hello” already: this one will be “say hello 2”.")
        heard = try listWindows(with: client, depth: 40)
        XCTAssertTrue(
            heard.contains("A demo is called “say hello” already: this one will be “say hello 2”. [label]"), heard)
        XCTAssertTrue(rename.isSensitive)
        rename.click()
        MainLoop.drain()
        XCTAssertEqual(store.demo(id: "pocket-lamp")?.manifest.info.name, "say hello 2", "a name of its own")
        XCTAssertEqual(
            launcher.list.children.filter { $0.accessibleName.lowercased() == "say hello" }.count, 1, "one Say Hello")

        try choose("Rename…", in: try openMenu(launcher, on: "say hello 2"))
        let again = try XCTUnwrap(launcher.rowMenu.popover?.find(Entry.self, named: "New Name"))
        again.text = "你好世界"
        again.sendKey(Key.returnKey)
        MainLoop.drain()
        XCTAssertEqual(store.demo(id: "pocket-lamp")?.manifest.info.name, "你好世界 2", "in any language")
        try choose("Rename…", in: try openMenu(launcher, on: "你好世界 2"))
        let own = try XCTUnwrap(launcher.rowMenu.popover?.find(Entry.self, named: "New Name"))
        own.text = "你好世界 2"
        XCTAssertEqual(own.accessibleDescription, "", "its own name is its own")
        own.sendKey(Key.returnKey)
        MainLoop.drain()
        XCTAssertEqual(store.demo(id: "pocket-lamp")?.manifest.info.name, "你好世界 2")
    }

    func testDeleteTakesTheRowAtOnceAndUndoBringsItBack() async throws {
        let demo = try create("Pocket Lamp")
        makeShell(myDemoStore: store)
        let launcher = try launcher()
        let menu = try openMenu(launcher, on: "Pocket Lamp")
        listener = try listenForAnnouncements()
        let heard = try XCTUnwrap(listener).announcements(through: launcher.window) { try choose("Delete", in: menu) }
        XCTAssertEqual(heard.map(\.text), ["“Pocket Lamp” deleted."], "a screen reader hears it")
        XCTAssertFalse(launcher.visibleDemoIDs.contains("pocket-lamp"), "gone from the list at once")
        XCTAssertEqual(launcher.myDemoNotices.deletedMessage, "“\u{2068}Pocket Lamp\u{2069}” deleted.")
        XCTAssertFalse(FileSystem.exists(demo.folder))
        XCTAssertTrue(store.takenIDs.contains("pocket-lamp"), "kept aside while Undo is offered")

        let undo = try XCTUnwrap(launcher.myDemoNotices.area.find(Button.self, named: "Undo"), "no Undo")
        XCTAssertTrue(undo.isMapped)
        undo.click()
        MainLoop.drain()
        XCTAssertTrue(launcher.visibleDemoIDs.contains("pocket-lamp"), "Undo brings it back")
        XCTAssertEqual(launcher.selectedDemoID, "pocket-lamp")
        XCTAssertNil(launcher.myDemoNotices.deletedMessage, "the bar goes")
        XCTAssertTrue(FileSystem.isRegularFile(demo.manifestPath))

        // By keyboard: Ctrl+Z in the list undoes it as well.
        try choose("Delete", in: try openMenu(launcher, on: "Pocket Lamp"))
        XCTAssertFalse(launcher.visibleDemoIDs.contains("pocket-lamp"))
        XCTAssertTrue(try XCTUnwrap(launcher.window.focusedWidget).isInside(launcher.list), "the list keeps the focus")
        launcher.window.sendKey(Key.character("z"), modifiers: .control)
        MainLoop.drain()
        XCTAssertTrue(launcher.visibleDemoIDs.contains("pocket-lamp"), "Ctrl+Z brings it back")
        XCTAssertNil(launcher.myDemoNotices.deletedMessage)
    }

    func testADemoDamagedByHandCanStillBeDeletedFromItsMenu() async throws {
        let spare = try create("Spare Lamp")
        try FileSystem.writeAtomically("[Plugin\nnot a manifest", to: spare.manifestPath)
        makeShell(myDemoStore: store)
        let launcher = try launcher()
        XCTAssertTrue(launcher.unavailableRows.contains { $0.id == "spare-lamp" })
        let row = try XCTUnwrap(
            launcher.list.children.compactMap { $0 as? LauncherRow }
                .first { $0.accessibleName == "spare-lamp (unavailable)" })
        launcher.list.select(row)
        row.grabFocus()
        MainLoop.drain()
        launcher.window.sendKey(Key.named("F10"), modifiers: .shift)
        XCTAssertTrue(MainLoop.run(until: { launcher.rowMenu.popover?.isMapped == true }), "no menu")
        let menu = try XCTUnwrap(launcher.rowMenu.popover)
        XCTAssertEqual(items(of: menu), ["Delete"], "nothing else can be done with it")
        try choose("Delete", in: menu)
        XCTAssertFalse(launcher.unavailableRows.contains { $0.id == "spare-lamp" }, "gone from the list at once")
        XCTAssertFalse(FileSystem.exists(spare.folder))
        try XCTUnwrap(launcher.myDemoNotices.area.find(Button.self, named: "Undo")).click()
        MainLoop.drain()
        XCTAssertTrue(launcher.unavailableRows.contains { $0.id == "spare-lamp" }, "Undo brings it back as it was")
    }

    func testALapsedDeletionOrAClosedLauncherRemovesTheFilesAndTheEdits() async throws {
        let pocket = try create("Pocket Lamp"), spare = try create("Spare Lamp")
        for id in [pocket.id, spare.id] {
            try EditWorkspace(demoID: id).save("// edited\n", for: "Plugin/EditedView.swift", original: nil)
        }
        makeShell(myDemoStore: store)
        let launcher = try launcher()
        try choose("Delete", in: try openMenu(launcher, on: "Pocket Lamp"))
        XCTAssertTrue(
            FileSystem.contents(ofDirectory: store.root).contains(".deleted-pocket-lamp"), "kept while Undo is offered")
        XCTAssertTrue(EditWorkspace(demoID: "pocket-lamp").hasEdits)
        launcher.myDemoNotices.lapseNow()  // its ten seconds are over
        XCTAssertNil(launcher.myDemoNotices.deletedMessage)
        XCTAssertFalse(
            FileSystem.contents(ofDirectory: store.root).contains { $0.contains("pocket-lamp") }, "its files are gone")
        XCTAssertFalse(FileSystem.exists(EditWorkspace(demoID: "pocket-lamp").root), "and its edits")
        XCTAssertFalse(store.takenIDs.contains("pocket-lamp"), "its id is free again")

        try choose("Delete", in: try openMenu(launcher, on: "Spare Lamp"))
        XCTAssertNotNil(launcher.myDemoNotices.deletedMessage)
        XCTAssertEqual(MyDemoNotices.lapseMilliseconds, 10_000, "Undo is offered for 10 s")
        launcher.window.destroy()  // the launcher closes while Undo is offered
        MainLoop.drain()
        XCTAssertEqual(FileSystem.contents(ofDirectory: store.root), [], "nothing is left")
        XCTAssertFalse(FileSystem.exists(EditWorkspace(demoID: "spare-lamp").root))
    }

    func testTheOfferOfUndoLapsesByItself() async throws {
        try create("Pocket Lamp")
        makeShell(myDemoStore: store)
        let launcher = try launcher()
        MyDemoNotices.lapseMilliseconds = 50  // rather than wait ten seconds
        defer { MyDemoNotices.lapseMilliseconds = 10_000 }
        try choose("Delete", in: try openMenu(launcher, on: "Pocket Lamp"))
        // (The bar may have lapsed already on a loaded machine: only its end is asserted.)
        XCTAssertFalse(launcher.visibleDemoIDs.contains("pocket-lamp"))
        XCTAssertTrue(
            MainLoop.run(until: { launcher.myDemoNotices.deletedMessage == nil }, timeout: 10), "it never lapsed")
        XCTAssertEqual(FileSystem.contents(ofDirectory: store.root), [], "its files went when it lapsed")
    }

    func testExportWritesThePackageAndNeverOverAFolderThatExists() async throws {
        try create("Pocket Lamp")
        let folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory("demo-shell-export-XXXXXX"))
        defer { FileSystem.removeTree(folder) }
        makeShell(myDemoStore: store)
        let launcher = try launcher()
        func export() throws {
            try choose("Export…", in: try openMenu(launcher, on: "Pocket Lamp"))
            try chooseFolder(folder, inChooserNamed: "Export “Pocket Lamp” To")
            MainLoop.drain()
        }
        try export()
        let target = FileSystem.join(folder, "pocket-lamp")
        XCTAssertTrue(FileSystem.isRegularFile(FileSystem.join(target, "Package.swift")), "the package is written")
        XCTAssertTrue(FileSystem.isRegularFile(FileSystem.join(target, "Plugin/PocketLampView.swift")))
        XCTAssertEqual(launcher.myDemoNotices.exportedMessage, "Exported to \u{2068}\(target)\u{2069}.")

        let package = try XCTUnwrap(FileSystem.read(FileSystem.join(target, "Package.swift")))
        try FileSystem.writeAtomically(package + "// mine\n", to: FileSystem.join(target, "Package.swift"))
        try export()
        let dialog = try XCTUnwrap(waitForWindow(titled: "“Pocket Lamp” cannot be exported"), "no message")
        let texts = dialog.descendants.compactMap { $0.as(Label.self)?.text }.joined(separator: "\n")
        XCTAssertTrue(texts.contains("already exists"), texts)
        XCTAssertEqual(
            FileSystem.read(FileSystem.join(target, "Package.swift")), package + "// mine\n", "never written over")
        dialog.destroy()
    }
}
