import DemoKit
import SwiftControlsModel

/// The Swift Controls window: a list of two rows, each sliding to a detail
/// page, with a back button (Escape, Alt+Left) in the header bar. Navigation
/// and the sum are `SwiftControlsModel`'s.
@MainActor
final class SwiftControlsView: DemoView {
    let window: Window
    let headerBar: HeaderBar
    let stack = Stack(transition: .slideLeftRight)
    let backButton = Button(iconName: "go-previous-symbolic", name: localized("Back"))
    let list = ListBox()
    /// The label page's one widget, which takes the focus there.
    let greeting = Label(localized("Hello, Swift"))
    private(set) var navigation = SwiftControlsNavigation()
    /// The row that opened the current page, to focus again on the way back.
    private var openedRow: ListBoxRow?

    init(host: DemoHost) {
        let frame = DemoWindow(title: host.info.name, width: 420, height: 480)
        window = frame.window
        headerBar = frame.headerBar

        backButton.tooltip = localized("Back (Alt+Left)")
        backButton.isExcludedFromShowAll = true
        backButton.onClicked { [unowned self] _ in self.goBack() }
        headerBar.packStart(backButton)

        stack.transitionDuration = 200
        stack.addPage(makeListPage(), name: SwiftControlsPage.list.name)
        stack.addPage(makeLabelPage(), name: SwiftControlsPage.label.name)
        stack.addPage(makeButtonPage(), name: SwiftControlsPage.button.name)
        window.add(stack)

        window.onKeyPress(
            listing: ShortcutsGroup(
                title: localized("Navigating"),
                shortcuts: [
                    Shortcut("Escape <Alt>Left", localized("Back to the list"))
                ])
        ) { [unowned self] _, key in
            let back =
                key.keyval == Key.escape && key.modifiers.isEmpty
                || key.keyval == Key.left && key.modifiers == .alt
            guard back, self.navigation.canGoBack else { return .proceed }
            self.goBack()
            return .stop
        }

        window.showAll()
        backButton.hide()
    }

    // MARK: Navigation

    func open(_ page: SwiftControlsPage) {
        guard navigation.open(page) else { return }
        show(page)
    }

    func goBack() {
        guard navigation.goBack() else { return }
        show(navigation.page)
        // Put the keyboard back on the row the user came from.
        openedRow?.grabFocus()
    }

    private func show(_ page: SwiftControlsPage) {
        stack.show(page: page.name, transition: .slideLeftRight)
        let title = page.className.map { Self.title(ofClass: $0) }
        headerBar.subtitle = title
        backButton.isVisible = navigation.canGoBack
        // The focus goes into the page shown, as a screen reader follows it:
        // GTK moves it to a control (Touch Me); the label page's text is a
        // read-only stop of its own, focused here, its selection left empty.
        // Focus left on Back (as it was) said neither "Hello, Swift" nor the title.
        if page == .label {
            greeting.grabFocus()
            greeting.select(from: 0, to: 0)
        } else if navigation.canGoBack, let focus = window.focusedWidget, focus.isInside(list) {
            backButton.grabFocus()
        }
        // The page's title, which the header shows, is said after what has the focus.
        if navigation.canGoBack, let title { stack.announce(title) }
    }

    /// The UIKit class a row stands for (code, kept in Latin letters).
    static func title(ofClass name: String) -> String {
        switch name {
        case "UILabel": localized("UILabel")
        case "UIButton": localized("UIButton")
        default: name
        }
    }

    // MARK: List

    private func makeListPage() -> Widget {
        list.addStyleClass("frame")
        list.accessibleName = localized("Controls")
        list.activatesOnSingleClick = true
        list.makeOneTabStop()
        for page in SwiftControlsPage.details {
            let title = Self.title(ofClass: page.className ?? "")
            let caption = Label(title)
            caption.xAlign = 0
            caption.expandsHorizontally = true
            let chevron = Image(iconName: "go-next-symbolic")
            chevron.addStyleClass("dim-label")

            let box = Box(.horizontal, spacing: 12)
            box.setMargins(top: 14, bottom: 14, start: 18, end: 12)
            box.append(caption, expand: true)
            box.append(chevron)

            let row = ListBoxRow(child: box)
            row.accessibleName = title
            row.isSelectable = false
            list.append(row)
        }
        list.onRowActivated { [unowned self] _, row in
            let details = SwiftControlsPage.details
            guard details.indices.contains(row.index) else { return }
            self.openedRow = row
            self.open(details[row.index])
        }

        let page = Box(.vertical)
        page.setMargins(24)
        page.append(list)
        return page
    }

    // MARK: Detail pages

    private func makeLabelPage() -> Widget {
        let label = greeting
        label.isSelectable = true
        label.setFont("Sans 36")
        label.accessibleDescription = localized("Greeting")
        label.expandsHorizontally = true
        label.expandsVertically = true
        label.wraps = true
        label.justification = .center
        label.applyStyle("label { background-color: #ffffff; color: #000000; padding: 12px; }")
        return label
    }

    private func makeButtonPage() -> Widget {
        let button = Button(label: localized("Touch Me"))
        button.horizontalAlignment = .start
        button.verticalAlignment = .start
        button.setSizeRequest(width: 100, height: 50)
        // The book's frame: x 110, y 120.
        button.setMargins(top: 120, bottom: 24, start: 110, end: 24)
        // The book's red on grey, in a darker shade of the same red (hue and
        // saturation of #c01c28): 4.6:1 on the grey, 5.4:1 hovered, where
        // #c01c28 read at 3.3:1. ContrastTests measures it on screen.
        button.applyStyle(
            """
            button {
              background-image: none; background-color: #c0bfbc; border-color: #9a9996;
              box-shadow: none; text-shadow: none; color: #981620; font-weight: bold;
              padding-left: 4px; padding-right: 4px;
            }
            button:hover { background-color: #cfcecb; color: #981620; }
            button:active { background-color: #5e5c64; color: #ffffff; }
            button:backdrop { background-color: #c0bfbc; color: #981620; }
            """)
        button.onClicked { [unowned self] _ in self.showSum() }

        let page = Box(.vertical)
        page.applyStyle("box { background-color: #ffffff; }")
        page.append(button)
        return page
    }

    func showSum() {
        let sum = MathSum.demo
        let detail =
            sum.resultText.map { localized("Result = {value}").filling(["value": $0]) }
            ?? localized("The result is too large to show.")
        // The heading says what was computed; the body gives the answer.
        let title = localized("Sum of {first} and {second}")
            .filling(["first": String(sum.first), "second": String(sum.second)])
        let dialog = MessageDialog(parent: window, kind: .info, title: title, detail: detail)
        dialog.title = title
        dialog.addButton(localized("_OK"), response: .ok)
        dialog.setDefaultResponse(.ok)
        dialog.onResponse { dialog, _ in dialog.destroy() }
        dialog.present()
    }
}
