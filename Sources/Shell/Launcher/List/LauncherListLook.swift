import DemoShellKit
import PluginHost
import ShellModel

/// How the launcher's list looks: its rows' category headers, its empty
/// state and its style. What it holds and shows is `LauncherWindow`'s.
@MainActor
enum LauncherListLook {
    /// The category's title over the first row of each category.
    static func updateHeader(_ row: ListBoxRow, before: ListBoxRow?) {
        let title = (row as? LauncherRow)?.category
        if let before, (before as? LauncherRow)?.category == title {
            row.header = nil
            return
        }
        guard let title else {
            row.header = nil
            return
        }
        if let header = row.header, header.as(Label.self)?.text == title { return }
        let label = Label()
        label.setMarkup("<b>\(Markup.escape(title))</b>")
        label.xAlign = 0
        label.setMargins(top: before == nil ? 8 : 16, bottom: 4, start: 12, end: 12)
        label.addStyleClass("dim-label")
        label.show()
        row.header = label
    }

    /// The row's Run button shows on the hovered or selected row only (it is
    /// always there for screen readers); the Info page's Run button is large.
    /// The Info/Source switcher's buttons are radio buttons whose indicator is
    /// never drawn, yet Adwaita's style for a checked one names an SVG, whose
    /// loading would bring librsvg (and its private memory) into every start.
    private static var styleInstalled = false
    static func installStyle() {
        guard !styleInstalled else { return }
        styleInstalled = true
        let css = CssProvider()
        _ = css.load(
            """
            row.demo-row button.row-run { opacity: 0; }
            row.demo-row:hover button.row-run, row.demo-row:selected button.row-run { opacity: 1; }
            button.launcher-run { padding: 8px 32px; font-weight: bold; }
            textview.launcher-help, textview.launcher-help text { background-color: @theme_bg_color; }
            stackswitcher button radio { -gtk-icon-source: none; }
            """)
        css.applyToScreen(priority: .application)
    }

    /// Shows the "No results" page, built the first time a search finds
    /// nothing (its 64-pixel icon and large title are not measured before);
    /// a screen reader hears it once, as it appears.
    static func showEmptyState(in listStack: Stack) {
        if listStack.page(named: "empty") == nil { listStack.addPage(makeEmptyState(), name: "empty") }
        guard listStack.visiblePageName != "empty" else { return }
        listStack.visiblePageName = "empty"
        listStack.announceWhenShown(localized("No results"))
    }

    private static func makeEmptyState() -> Widget {
        let box = Box(.vertical, spacing: 12)
        box.verticalAlignment = .center
        box.setMargins(48)
        let icon = Image(iconName: "edit-find-symbolic", pixelSize: 64)
        icon.addStyleClass("dim-label")
        let title = Label()
        title.setMarkup("<span size='x-large' weight='bold'>\(Markup.escape(localized("No results")))</span>")
        let hint = Label(localized("Try a different search."))
        hint.addStyleClass("dim-label")
        box.append(icon)
        box.append(title)
        box.append(hint)
        box.showAll()
        return box
    }
}
