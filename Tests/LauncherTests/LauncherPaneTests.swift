import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import TestSupport
import XCTest

/// The launcher's Info and Source panes, driven as a person would: selecting
/// rows, clicking the stack switcher, Ctrl+F and Enter, Copy; and checked as
/// a screen reader sees them (the ATK tree that AT-SPI publishes).
@MainActor
final class LauncherPaneTests: LauncherTestCase {
    private func sourceView(_ launcher: LauncherWindow) throws -> SourceView {
        try XCTUnwrap(launcher.sourcePane.view, "the Source page has a GtkSourceView")
    }

    func testSelectingEachDemoShowsItsInfoAndItsSources() async throws {
        makeShell()
        let launcher = try launcher()
        XCTAssertEqual(launcher.window.size.width, 960)
        XCTAssertEqual(launcher.window.size.height, 640)
        let entries = shell.registry.entries
        XCTAssertGreaterThanOrEqual(entries.count, 4)
        for entry in entries {
            let info = entry.info
            launcher.list.select(try row(launcher, named: info.name))
            MainLoop.drain()
            XCTAssertEqual(try infoPane(launcher).shownID, info.id)
            let texts = try infoPane(launcher).shownTexts
            XCTAssertEqual(texts.first, info.name)
            XCTAssertTrue(texts.contains(info.description))
            XCTAssertTrue(texts.contains(entry.manifest.help), "\(info.id): the Help text is shown")
            XCTAssertTrue(entry.manifest.help.contains("Gtk"), "\(info.id): Help names the GTK widgets")
            XCTAssertTrue(texts.contains { $0.contains(info.category) && $0.contains(info.version) })
            XCTAssertNotNil(
                launcher.window.find(Button.self, named: "Run \(info.name)"), "a Run button on the Info page")
        }

        XCTAssertFalse(launcher.sourcePane.isBuilt, "the Source page is built when first shown")
        XCTAssertFalse(launcher.sourcePane.isEditPanelMade, "nor is Edit and Run's panel made before")
        try switchTo(launcher, "Source")
        XCTAssertTrue(launcher.sourcePane.isEditPanelMade, "the page makes its Edit and Run panel")
        XCTAssertEqual(launcher.detailStack.visiblePageName, "source")
        XCTAssertTrue(launcher.sourcePane.isBuilt)
        XCTAssertTrue(SourceViewLibrary.isLoaded && SourceViewLibrary.isMappedInProcess)
        let view = try sourceView(launcher)
        let selector = try XCTUnwrap(launcher.window.find(ComboBoxText.self, named: "Source file"))
        for entry in entries {
            launcher.list.select(try row(launcher, named: entry.info.name))
            MainLoop.drain()
            // Then every module of this repository the demo imports: TextBounds.
            let importsTextBounds = entry.manifest.sources.contains {
                FileSystem.read(FileSystem.join(packageRoot, "Sources/Demos", entry.manifest.module, $0))?.split(
                    separator: "\n"
                ).contains("import TextBounds") ?? false
            }
            let shared =
                importsTextBounds
                ? FileSystem.contents(ofDirectory: packageRoot + "/Sources/TextBounds")
                    .filter { $0.hasSuffix(".swift") }.sorted().map { "TextBounds/\($0)" } : []
            if entry.info.id == "say-hello" {
                XCTAssertFalse(shared.isEmpty, "Say Hello imports TextBounds and shows it")
            }
            let expected =
                entry.manifest.sources.filter { $0.hasPrefix("Model/") }
                + entry.manifest.sources.filter { !$0.hasPrefix("Model/") } + shared + [
                    "\(entry.manifest.module).plugin"
                ]
            XCTAssertEqual(launcher.sourcePane.files.map(\.relativePath), expected, entry.info.id)
            XCTAssertEqual(selector.count, expected.count)
            XCTAssertEqual(selector.activeText, expected.first, "the model is shown first")
            let model = FileSystem.read(
                FileSystem.join(packageRoot, "Sources/Demos", entry.manifest.module, expected[0]))
            XCTAssertEqual(view.text, model)
            XCTAssertEqual(view.languageID, "swift", "highlighted as Swift")
            XCTAssertTrue(view.showsLineNumbers)
            XCTAssertTrue(view.isMonospace)
            XCTAssertFalse(view.isEditable)
            // A doc comment is really highlighted as a comment, a keyword not.
            let text = try XCTUnwrap(model)
            if let comment = text.range(of: "///") {
                XCTAssertTrue(
                    view.contextClasses(at: text.distance(from: text.startIndex, to: comment.lowerBound) + 4).contains(
                        "comment"))
            }
            // The manifest, with its ini highlighting, through the selector.
            selector.activeIndex = expected.count - 1
            MainLoop.drain()
            XCTAssertEqual(view.languageID, "ini")
            XCTAssertTrue(view.text.contains("Id=\(entry.info.id)"))
        }
    }

    func testSourceSearchCtrlFEnterAndCopy() async throws {
        makeShell()
        let launcher = try launcher()
        launcher.list.select(try row(launcher, named: "Say Hello"))
        try switchTo(launcher, "Source")
        let view = try sourceView(launcher)
        XCTAssertEqual(launcher.sourcePane.shownFile?.relativePath, "Model/SayHelloModel.swift")
        let text = view.text
        let needle = "maximumNameLength"
        let occurrences = text.components(separatedBy: needle).count - 1
        XCTAssertGreaterThanOrEqual(occurrences, 2, "the fixture identifier appears more than once")

        // Typed keys reach the entry's input method only in the active window.
        launcher.window.present()
        MainLoop.run(until: { launcher.window.isActive }, timeout: 2)
        view.grabFocus()
        launcher.window.sendKey(Key.character("f"), modifiers: .control)
        MainLoop.drain()
        let entry = try XCTUnwrap(launcher.window.find(SearchEntry.self, named: "Find in file"))
        XCTAssertTrue(entry.hasFocus, "Ctrl+F on the Source page searches the file")
        XCTAssertFalse(launcher.searchEntry.hasFocus)
        XCTAssertTrue(launcher.sourcePane.findBar.isSearching)
        XCTAssertTrue(entry.isMapped, "the bar is there at once")

        var changed = false
        let id = entry.onSearchChanged { _ in changed = true }
        for character in needle { entry.sendKey(Key.character(character)) }
        XCTAssertTrue(MainLoop.run(until: { changed }), "search-changed never came")
        entry.disconnect(id)
        XCTAssertEqual(view.searchText, needle)
        XCTAssertEqual(view.selectedText, needle, "the first match is selected as you type")
        let first = try XCTUnwrap(view.selectedRange)
        XCTAssertTrue(MainLoop.run(until: { view.searchMatchCount != nil }), "the matches are counted")
        XCTAssertEqual(view.searchMatchCount, occurrences)
        XCTAssertTrue(
            MainLoop.run(until: { launcher.sourcePane.findBar.matchLabel.text == "1 of \(occurrences)" }),
            "match label: \(launcher.sourcePane.findBar.matchLabel.text)")

        entry.sendKey(Key.returnKey)
        MainLoop.drain()
        let second = try XCTUnwrap(view.selectedRange)
        XCTAssertEqual(view.selectedText, needle)
        XCTAssertGreaterThan(second.lowerBound, first.lowerBound, "Enter goes to the next match")
        XCTAssertEqual(launcher.sourcePane.findBar.matchLabel.text, "2 of \(occurrences)")
        entry.sendKey(Key.returnKey, modifiers: .shift)
        MainLoop.drain()
        XCTAssertEqual(view.selectedRange, first, "Shift+Enter goes back")

        entry.text = "no-such-identifier-here"
        XCTAssertTrue(MainLoop.run(until: { launcher.sourcePane.findBar.matchLabel.text == "No matches" }))

        entry.sendKey(Key.escape)
        MainLoop.drain()
        XCTAssertFalse(launcher.sourcePane.findBar.isSearching, "Escape closes the search")
        XCTAssertTrue(view.hasFocus)
        XCTAssertEqual(view.searchText, "", "its highlighting is gone")

        // Copy puts the whole file on the clipboard.
        Clipboard.standard.setText("something else")
        let copy = try XCTUnwrap(launcher.window.find(Button.self, named: "Copy File"))
        copy.click()
        let copied: String? = await withCheckedContinuation { done in
            Clipboard.standard.requestText { done.resume(returning: $0) }
        }
        XCTAssertEqual(copied, text)
    }

    func testCtrlFInTheListStillSearchesDemos() async throws {
        makeShell()
        let launcher = try launcher()
        try switchTo(launcher, "Source")
        launcher.list.selectedRow?.grabFocus()
        launcher.window.sendKey(Key.character("f"), modifiers: .control)
        MainLoop.drain()
        XCTAssertTrue(launcher.searchEntry.hasFocus, "focus on the list: Ctrl+F searches demos")
        XCTAssertFalse(launcher.sourcePane.findBar.isSearching)
    }

    func testAPluginWithoutSourcesAndAnUnavailableOne() async throws {
        let folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory())
        try FileSystem.writeAtomically(
            """
            [Plugin]
            Id=plain
            Module=SayHello
            Entry=SayHelloDemo
            Name=Plain Plugin
            Description=Ships no code
            Category=Other
            ABI=1
            """, to: FileSystem.join(folder, "plain.plugin"))
        XCTAssertEqual(
            symlink(
                FileSystem.join(buildProductsDirectory, "libSayHello.so"), FileSystem.join(folder, "libSayHello.so")), 0
        )
        try FileSystem.writeAtomically(
            "[Plugin]\nId=half\nName=Half Plugin\nABI=1\n", to: FileSystem.join(folder, "half.plugin"))
        makeShell(extraPluginFolder: folder)
        let launcher = try launcher()
        try switchTo(launcher, "Source")

        launcher.list.select(try row(launcher, named: "Plain Plugin"))
        MainLoop.drain()
        XCTAssertEqual(launcher.sourcePane.shownMessage, "This demo ships no source code.")
        XCTAssertTrue(try infoPane(launcher).shownTexts.contains("This demo has no description yet."))
        XCTAssertFalse(try XCTUnwrap(launcher.window.find(Button.self, named: "Copy File")).isSensitive)

        launcher.list.select(try row(launcher, named: "Half Plugin (unavailable)"))
        MainLoop.drain()
        XCTAssertNil(launcher.selectedDemoID)
        XCTAssertFalse(launcher.runButton.isSensitive)
        let texts = try infoPane(launcher).shownTexts
        XCTAssertEqual(texts.first, "Half Plugin")
        XCTAssertTrue(texts.contains("The manifest has no Module key."), "the reason, in full: \(texts)")
        XCTAssertEqual(launcher.sourcePane.files.map(\.relativePath), ["half.plugin"], "its broken manifest is shown")
        XCTAssertTrue(try sourceView(launcher).text.contains("Id=half"))
    }

    func testNoResultsReachesTheAccessibilityTree() async throws {
        makeShell()
        let launcher = try launcher()
        func showingLabels() -> [String] {
            (launcher.window.accessible?.subtree ?? []).filter { $0.role == "label" && $0.isShowing }.map(\.name)
        }
        XCTAssertFalse(showingLabels().contains("No results"))
        search(launcher, "zzzz-nothing")
        XCTAssertTrue(launcher.showsNoResults)
        // Showing once laid out (the next frame), as a screen reader then finds it.
        XCTAssertTrue(MainLoop.run(until: { showingLabels().contains("No results") }), "AT-SPI sees the empty state")
        XCTAssertTrue(try infoPane(launcher).shownTexts.contains("No demo selected"))
        search(launcher, "")
        XCTAssertTrue(MainLoop.run(until: { !showingLabels().contains("No results") }))

        // The check can fail: a list box's placeholder never reaches ATK in GTK 3.
        let window = Window(title: "Placeholder")
        let list = ListBox()
        let placeholder = Label("Nothing here")
        placeholder.show()
        list.setPlaceholder(placeholder)
        window.add(list)
        show(window)
        XCTAssertTrue(MainLoop.run(until: { placeholder.isMapped && placeholder.allocatedWidth > 1 }))
        XCTAssertFalse((window.accessible?.subtree ?? []).contains { $0.name == "Nothing here" })
    }

    func testRowsCanBeRunFromTheAccessibilityTree() async throws {
        makeShell()
        let launcher = try launcher()
        let element = try XCTUnwrap(
            (launcher.list.accessible?.subtree ?? []).first { $0.name == "Run Say Hello" },
            "each row offers a Run button to screen readers")
        XCTAssertEqual(element.role, "push button")
        XCTAssertTrue(element.actions.contains("click"))
        XCTAssertTrue(element.perform("click"))
        XCTAssertNotNil(waitForWindow(titled: "Say Hello"), "performing the action opens the demo")
    }

    func testSearchFindsHelpTextIgnoringSpaces() async throws {
        makeShell()
        let launcher = try launcher()
        search(launcher, "header bar")
        XCTAssertEqual(Set(launcher.visibleDemoIDs), ["labels", "swift-controls"], "their Help names GtkHeaderBar")
        search(launcher, "gtkstack")
        XCTAssertTrue(Set(launcher.visibleDemoIDs).isSuperset(of: ["labels", "buttons", "swift-controls"]))
    }

    func testDividerPositionIsRemembered() async throws {
        let config = try XCTUnwrap(FileSystem.makeTemporaryDirectory())
        let saved = Environment.value("XDG_CONFIG_HOME")
        Environment.set("XDG_CONFIG_HOME", config)
        defer { Environment.set("XDG_CONFIG_HOME", saved) }
        makeShell()
        var launcher = try launcher()
        XCTAssertEqual(launcher.paned.position, LauncherWindow.defaultDividerPosition)
        launcher.paned.position = 420
        launcher.window.destroy()
        MainLoop.drain()
        XCTAssertNil(shell.launcher)
        shell.showLauncher()
        launcher = try self.launcher()
        XCTAssertEqual(launcher.paned.position, 420)
    }

    func testTheLaunchersPanesNameEveryControl() async throws {
        makeShell()
        let launcher = try launcher()
        try switchTo(launcher, "Source")
        try sourceView(launcher).grabFocus()
        launcher.window.sendKey(Key.character("f"), modifiers: .control)
        MainLoop.drain()
        XCTAssertTrue(launcher.sourcePane.findBar.isSearching)
        XCTAssertEqual(unnamedControls(in: launcher.window), [], "every control of both panes has an accessible name")
        try switchTo(launcher, "Info")
        XCTAssertEqual(unnamedControls(in: launcher.window), [])
    }
}
