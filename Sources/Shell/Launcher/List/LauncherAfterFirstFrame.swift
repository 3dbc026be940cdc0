@_spi(Shell) import DemoKit
import PluginHost
import ShellModel

/// What the launcher builds once its first frame is drawn, or when first
/// needed: the rows' Run buttons, the primary menu's popover, the "No
/// results" page, the restored-search notice. None shows in a first frame
/// (a row's button only on the hovered or selected row, the menu when
/// opened); built before the window mapped, they only delayed it.
extension LauncherWindow {
    /// Called in the idle after the first frame (see `InfoPane.build`).
    func buildAfterFirstFrame() {
        primaryMenu.setMenu(Self.makePrimaryMenu())
        runButtons.fillAll()
    }

    /// Keyboard Shortcuts, Help, About: the primary menu, as GNOME applications have it.
    static func makePrimaryMenu() -> Menu {
        let menu = Menu(), section = Menu()
        section.append(localized("_Keyboard Shortcuts"), action: "app.shortcuts", accelerator: "<Primary>question")
        section.append(localized("_Help"), action: "app.help", accelerator: "F1")
        section.append(localized("_About Demo Shell"), action: "app.about")
        menu.appendSection(section)
        return menu
    }

    /// GTK 3 rows offer screen readers no action: this button is how one
    /// opens a demo from AT-SPI (and a mouse from the row).
    func makeRunButton(for info: DemoInfo) -> Button {
        let button = Button(iconName: "media-playback-start-symbolic",
                            name: localized("Run {name}").filling(["name": info.name]))
        button.isFlat = true
        button.canFocus = false
        button.addStyleClass("row-run")
        let id = info.id
        button.onClicked { [unowned self] _ in self.shell.openDemo(id: id) }
        return button
    }

    /// Shows the "No results" page, built the first time a search finds
    /// nothing; a screen reader hears it once, as it appears.
    func showEmptyState() {
        if listStack.page(named: "empty") == nil { listStack.addPage(Self.makeEmptyState(), name: "empty") }
        guard listStack.visiblePageName != "empty" else { return }
        listStack.visiblePageName = "empty"
        listStack.announceWhenShown(localized("No results"))
    }

    /// The restored search's notice, under the search field, made the first
    /// time a start brings a search back.
    func makeSearchNotice() -> RestoredSearchNotice {
        let notice = RestoredSearchNotice()
        leftPane.insert(notice.widget, at: 1)
        notice.clearButton.onClicked { [unowned self] _ in
            self.searchEntry.text = ""
            self.applySearch()
            self.searchEntry.grabFocus()
        }
        return notice
    }
}

/// The rows' Run buttons. Until the first frame only the first row gets
/// its button; every other row keeps the button's size free in its slot
/// (so that no title's ellipsis moves when the buttons come) and gets its
/// own after that frame, or at once when it is selected. Rows built later
/// get theirs at once.
@MainActor
final class RowRunButtons {
    private var isWaiting = true
    /// A button's size, from the first one made.
    private var size: (width: Int, height: Int)?
    private var waiting: [ObjectIdentifier: (slot: Box, make: () -> Button)] = [:]

    /// Puts the button `make` builds into `slot`, in `row`, or keeps its
    /// size free there until `fillAll`.
    func fill(_ slot: Box, of row: ListBoxRow, with make: @escaping @MainActor () -> Button) {
        if isWaiting, let size {
            slot.setSizeRequest(width: size.width, height: size.height)
            waiting[ObjectIdentifier(row)] = (slot, make)
            return
        }
        let button = place(make(), in: slot)
        if isWaiting { size = button.minimumSize } // the room the next rows keep
    }

    /// Gives `row` its button now, if it still waits for one.
    func fillNow(_ row: ListBoxRow) {
        guard let (slot, make) = waiting.removeValue(forKey: ObjectIdentifier(row)) else { return }
        place(make(), in: slot)
    }

    /// Gives every waiting row its button; from now on rows get theirs at once.
    func fillAll() {
        isWaiting = false
        for (slot, make) in waiting.values { place(make(), in: slot) }
        waiting = [:]
    }

    /// The rows were destroyed (`LauncherWindow.reload`).
    func forgetRows() { waiting = [:] }

    @discardableResult
    private func place(_ button: Button, in slot: Box) -> Button {
        slot.append(button)
        button.show()
        return button
    }
}
