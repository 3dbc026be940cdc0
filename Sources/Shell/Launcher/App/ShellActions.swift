import DemoShellKit
import PluginHost
import EditRunModel
import ShellModel

/// The shell's actions and their shortcuts, as GNOME applications have them:
/// the application's (`app.quit`, `app.about`, `app.shortcuts`, `app.help`),
/// each window's own (`win.close`, `win.find`), and one table of accelerators
/// set on the application, which GTK applies in every window it manages
/// before the focused widget sees the key.
///
/// It holds no state of its own: each action asks the shell (and its
/// launcher) to act, so the shell's state stays in `Shell`.
@MainActor
final class ShellActions {
    private unowned let shell: Shell

    init(shell: Shell) { self.shell = shell }

    /// Action → keys, in GTK's accelerator syntax. Letters match whatever
    /// the Caps Lock state; Ctrl+Shift+Q is not Ctrl+Q.
    static let accelerators: [(action: String, keys: [String])] = [
        ("app.quit", ["<Primary>q"]),
        ("app.shortcuts", ["<Primary>question"]),
        ("app.help", ["F1"]),
        ("win.close", ["<Primary>w"]),
        ("win.find", ["<Primary>f"]),
        ("win.run-edited", ["<Primary>r"]),
        ("win.stop-edited", ["<Primary>period"]),
        ("win.replace", ["<Primary>h"]),
        ("win.go-to-line", ["<Primary>l"]),
        ("win.new-demo", ["<Primary><Shift>n"]),
        ("win.format", ["<Primary><Shift>i"]),
    ]

    func installApplicationActions() {
        let application = shell.application
        application.addAction("quit") { [unowned self] _ in self.quitFromShortcut() }
        application.addAction("about") { [unowned self] _ in self.shell.showAbout() }
        application.addAction("shortcuts") { [unowned self] _ in self.showShortcuts() }
        application.addAction("help") { [unowned self] _ in self.showHelp() }
        for (action, keys) in Self.accelerators { application.setAccelerators(keys, for: action) }
    }

    /// Ctrl+Q. In a demo's own process (not an edited copy, whose launcher
    /// the person is working in) the launcher quits too, as when the demo's
    /// window was the launcher's; this process quits whatever the launcher does.
    private func quitFromShortcut() {
        if case .child(edited: false, let launcher) = shell.role { LauncherLink(launcher).quit() }
        shell.quit()
    }

    /// New Demo and Import…, then Keyboard Shortcuts, Help, About: the
    /// launcher's primary menu, as GNOME applications have it.
    static func makePrimaryMenu() -> Menu {
        let menu = Menu(), demos = Menu(), section = Menu()
        demos.append(localized("_New Demo…"), action: "win.new-demo", accelerator: "<Primary><Shift>n")
        demos.append(localized("_Import…"), action: "win.import-demo")
        menu.appendSection(demos)
        section.append(localized("_Keyboard Shortcuts"), action: "app.shortcuts", accelerator: "<Primary>question")
        section.append(localized("_Help"), action: "app.help", accelerator: "F1")
        section.append(localized("_About Demo Shell"), action: "app.about")
        menu.appendSection(section)
        return menu
    }

    /// `win.close` and `win.find` on a window the shell manages (the
    /// launcher, a demo's).
    @discardableResult
    func installWindowActions(on window: Window) -> ActionGroup {
        let actions = ActionGroup()
        actions.addAction("close") { [weak window] in window?.close() }
        actions.addAction("find") { [unowned self, weak window] in
            guard let window else { return }
            self.find(from: window)
        }
        window.insertActionGroup(actions, prefix: "win")
        return actions
    }

    /// `win.run-edited` (Ctrl+R) and `win.stop-edited` (Ctrl+., as in Xcode),
    /// the launcher's only: Run Edited and Stop while the Source page is
    /// shown. Demo windows lack them, so there Ctrl+R is theirs. New Demo
    /// (Ctrl+Shift+N) and Import… make demos in the launcher's list.
    func installLauncherActions(on actions: ActionGroup) {
        actions.addAction("new-demo") { [unowned self] in self.shell.myDemoMaker.showNewDemo() }
        actions.addAction("import-demo") { [unowned self] in self.shell.myDemoMaker.showImport() }
        actions.addAction("run-edited") { [unowned self] in
            guard let launcher = self.shell.launcher, launcher.detailStack.visiblePageName == "source",
                launcher.sourcePane.isBuilt
            else { return }
            launcher.sourcePane.editing.runEdited()
        }
        actions.addAction("stop-edited") { [unowned self] in
            guard let launcher = self.shell.launcher, launcher.detailStack.visiblePageName == "source",
                launcher.sourcePane.isBuilt, launcher.sourcePane.editPanel.stopButton.isSensitive
            else { return }
            launcher.sourcePane.editPanel.stopButton.click()
        }
        // Ctrl+Shift+I: Format, on the Source page with Edit on.
        actions.addAction("format") { [unowned self] in
            guard let launcher = self.shell.launcher, launcher.detailStack.visiblePageName == "source",
                launcher.sourcePane.isBuilt
            else { return }
            launcher.sourcePane.editing.formatter.formatShownFile()
        }
        // Ctrl+H and Ctrl+L: the Source page's Replace and Go to Line.
        actions.addAction("replace") { [unowned self] in
            guard let launcher = self.shell.launcher, launcher.detailStack.visiblePageName == "source" else { return }
            launcher.sourcePane.findBar.beginReplace()
        }
        actions.addAction("go-to-line") { [unowned self] in
            guard let launcher = self.shell.launcher, launcher.detailStack.visiblePageName == "source" else { return }
            launcher.sourcePane.findBar.beginGoToLine()
        }
    }

    /// Ctrl+F: in the launcher, the list or the file shown on the Source
    /// page; in a demo, the launcher's search (when there is a launcher).
    private func find(from window: Window) {
        if let launcher = shell.launcher, launcher.window === window {
            launcher.keyboard.findShortcut()
        } else if shell.launcherWanted {
            shell.showLauncher()
            shell.launcher?.keyboard.focusSearch()
        }
    }

    /// F1: a demo's help is its Info page (its Help text); from a demo's
    /// window the launcher comes forward on it.
    func showHelp() {
        let demoID = shell.application.activeWindow.flatMap { self.shell.demoWindows.demoID(of: $0) }
        guard demoID != nil || shell.launcher != nil else { return }
        shell.showLauncher()
        guard let launcher = shell.launcher else { return }
        if let demoID { launcher.selectDemo(id: demoID) }
        launcher.detailStack.visiblePageName = "info"
        launcher.window.present()
    }

    /// Ctrl+? (and the primary menu): the shell's shortcuts, then those of
    /// every demo loaded (as its window lists them), the active demo's shown
    /// first (also from a dialog over its window). The window is built once
    /// for its content and hidden when it closes (`KeptWindows`).
    func showShortcuts() {
        let active = shell.application.activeWindow
        let demoID = active.flatMap { self.shell.demoWindows.demoID(of: $0) }
        var sections = [ShortcutsSection(name: "shell", title: localized("Demo Shell"), groups: Self.shellShortcuts)]
        for id in shell.registry.loadedIDs {
            let groups = shell.demoWindows.shortcuts(ofDemo: id)
            guard !groups.isEmpty, let info = shell.registry.entry(id: id)?.info else { continue }
            sections.append(ShortcutsSection(name: id, title: info.name, groups: groups))
        }
        guard let window = shell.keptWindows.shortcutsWindow(for: sections) else { return }
        window.shownSection = demoID.flatMap { id in sections.contains { $0.name == id } ? id : nil } ?? "shell"
        window.transientFor = active
        window.application = shell.application
        window.present()
    }

    static var shellShortcuts: [ShortcutsGroup] {
        [
            ShortcutsGroup(
                title: localized("General"),
                shortcuts: [
                    Shortcut("<Primary>question", localized("Keyboard shortcuts")),
                    Shortcut("F1", localized("Help: the demo’s Info page")),
                    Shortcut("<Primary>w", localized("Close the window")),
                    Shortcut("<Primary>q", localized("Quit")),
                    Shortcut("<Primary>f", localized("Search the demos, or the file shown")),
                ]),
            ShortcutsGroup(
                title: localized("Launcher"),
                shortcuts: [
                    Shortcut("Return", localized("Open the selected demo")),
                    Shortcut("Up Down", localized("Choose a demo")),
                    Shortcut("Escape", localized("Clear the search")),
                    Shortcut("Tab <Shift>Tab", localized("Between the search, the list (one stop) and the page")),
                    Shortcut("<Primary><Shift>n", localized("New demo of your own")),
                    Shortcut("Menu <Shift>F10", localized("The selected demo’s menu: Rename, Delete, Export")),
                    Shortcut("F10", localized("The main menu")),
                    Shortcut("F6 <Shift>F6", localized("Between the list, the page, and Problems and Output")),
                    Shortcut("<Primary>z", localized("Undo the deletion of a demo of your own")),
                ]),
            ShortcutsGroup(
                title: localized("Source Page"),
                shortcuts: [
                    Shortcut("<Alt>e", localized("Edit the demo’s code")),
                    Shortcut("<Primary>r", localized("Run the edited demo")),
                    Shortcut("<Primary>period", localized("Stop the edited demo")),
                    Shortcut("<Primary>h", localized("Replace in the file shown (Edit on)")),
                    Shortcut("<Primary>l", localized("Go to a line of the file shown")),
                    Shortcut(
                        "<Primary>space",
                        localized("Complete the name at the cursor; Enter or Tab writes the item chosen (Edit on)")),
                    Shortcut(
                        "<Primary><Shift>space",
                        localized("Quick Help: the declaration and doc comment of the name at the cursor (Edit on)")),
                    Shortcut(
                        "F12",
                        localized(
                            "Go to the declaration of the name at the cursor, as Ctrl+click on a name does (Edit on)")),
                    Shortcut("<Alt>Left", localized("Back from a declaration to the code")),
                    Shortcut("<Primary><Shift>i", localized("Format the file shown with swift-format (Edit on)")),
                    Shortcut("<Primary>Tab <Primary><Shift>Tab", localized("Leave the code (where Tab indents)")),
                    Shortcut(
                        "<Primary>F1", localized("The focused control’s tooltip: a line’s last values (Show Values)")),
                    Shortcut("<Primary>z", localized("Undo")),
                    Shortcut("<Primary><Shift>z", localized("Redo")),
                ]),
            ShortcutsGroup(
                title: localized("Find in the File"),
                shortcuts: [
                    Shortcut("Return KP_Enter", localized("Next match")),
                    Shortcut("<Shift>Return <Shift>KP_Enter", localized("Previous match")),
                    Shortcut("Escape", localized("Close Find")),
                ]),
        ]
    }
}
