import DemoShellKit
import EditRunModel
import Launcher
import PluginHost
import ShellModel
import DemoKitTesting
import Glibc

/// `demo-shell-memory-cycles --new-demo`: a demo of the learner's own from
/// birth to deletion in one launcher, in a private `$XDG_DATA_HOME`. New
/// Demo (Ctrl+Shift+N, a name, Enter: Blank, opened on its Source page with
/// Edit on), Edit off, opened from its Info page's Run (built by
/// `MyDemoBuilds`, run in a process of its own), its process ended, then
/// Delete from its row's menu (Shift+F10) and the Undo offer left to lapse.
/// Then its folder, its builds and edits, its row and every child process
/// must be gone. Its memory is valgrind's to judge (`make leaks`).
@MainActor
enum NewDemoLife {
    static let option = "--new-demo"
    static let demoName = "Leak Lamp"

    static func run() -> Int32 {
        let name = "new-demo"
        guard let driver = LauncherDriver.start(name, myDemos: true), let store = driver.shell.registry.myDemoStore
        else { return 1 }
        defer { driver.finish() }
        let launcher = driver.launcher
        func fail(_ what: String) -> Int32 {
            print("\(name): \(what)")
            print("\(name): FAILED")
            return 1
        }

        // New Demo.
        launcher.window.present()
        _ = MainLoop.run(until: { launcher.window.isActive }, timeout: 5)
        launcher.window.sendKey(Key.character("N"), modifiers: [.control, .shift])
        var dialog: Window?
        guard
            MainLoop.run(
                until: {
                    dialog = Window.all.first { $0.title == "New Demo" && $0.isVisible }
                    return dialog != nil
                }, timeout: 60), let dialog, let entry = dialog.find(Entry.self, named: "Demo Name")
        else {
            return fail("Ctrl+Shift+N opened no New Demo dialog")
        }
        entry.grabFocus()
        for character in demoName { entry.sendKey(Key.character(character)) }
        MainLoop.drain()
        dialog.sendKey(Key.returnKey)
        guard MainLoop.run(until: { !dialog.isVisible && launcher.selectedDemoID != nil }, timeout: 60),
            let id = launcher.selectedDemoID, store.demo(id: id) != nil
        else {
            return fail("Create made no demo")
        }
        let folder = FileSystem.join(store.root, id)
        let editOn = launcher.window.find(ToggleButton.self, named: "Edit")?.isActive == true
        guard driver.endEditing() else { return fail("Edit off left children: \(LauncherDriver.describeChildren())") }

        // Open it: built, then run in a process of its own.
        guard driver.show(page: "Info"), driver.click("Run \(demoName)"),
            MainLoop.run(until: { driver.shell.isolatedDemos.processID(of: id) != nil }, timeout: 600),
            let child = driver.shell.isolatedDemos.processID(of: id)
        else {
            return fail("its Run started no process (\(driver.shell.lastOpenFailure?.reason ?? "no failure told"))")
        }
        let built = FileSystem.exists(MyDemoBuilds.workspace(id: id).root)
        MainLoop.spin(seconds: 2)  // its window comes
        let ran = driver.shell.isolatedDemos.processID(of: id) == child
        driver.shell.isolatedDemos.stopAll()
        guard
            MainLoop.run(
                until: { driver.shell.isolatedDemos.runningIDs.isEmpty && LauncherDriver.isGone(child) }, timeout: 30)
        else {
            return fail("its process \(child) outlived its stop")
        }

        // Delete, and Undo's offer lapses.
        guard driver.select(named: demoName),
            let row = launcher.list.selectedRow
        else { return fail("no row of \(demoName)") }
        row.grabFocus()
        MainLoop.drain()
        launcher.window.sendKey(Key.named("F10"), modifiers: .shift)
        guard MainLoop.run(until: { LauncherReadings(launcher).rowMenu?.isMapped == true }, timeout: 30),
            let delete = LauncherReadings(launcher).rowMenu?.find(ModelButton.self, named: "Delete")
        else { return fail("no row menu with Delete") }
        delete.click()
        MainLoop.drain()
        let lapsed = MainLoop.run(until: { FileSystem.contents(ofDirectory: store.root).isEmpty }, timeout: 60)
        let listed = launcher.list.children.contains { $0.as(ListBoxRow.self)?.accessibleName == demoName }
        let leftovers = [EditWorkspace(demoID: id).root, MyDemoBuilds.workspace(id: id).root].filter(FileSystem.exists)
        let children = LauncherDriver.children()
        print(
            "\(name): \(demoName) (\(id)) made, \(editOn ? "opened for editing" : "NOT opened for editing"), "
                + "\(built && ran ? "built and run in process \(child)" : "NOT built and run"), deleted: "
                + "\(lapsed && !FileSystem.exists(folder) ? "its folder gone once Undo lapsed" : "its folder KEPT"), "
                + "\(listed ? "still listed" : "unlisted"), leftovers \(leftovers.count), child processes \(children.count)"
        )
        let ok =
            editOn && built && ran && lapsed && !FileSystem.exists(folder) && !listed && leftovers.isEmpty
            && children.isEmpty
        print("\(name): \(ok ? "ok" : "FAILED")")
        return ok ? 0 : 1
    }
}
