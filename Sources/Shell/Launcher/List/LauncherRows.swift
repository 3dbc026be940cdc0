@_spi(Shell) import DemoKit
import PluginHost
import ShellModel

/// The launcher's rows, their category headers, its empty state and style.
extension LauncherWindow {
    func addRow(_ kind: RowKind) {
        let row = ListBoxRow()
        let box = Box(.horizontal, spacing: 12)
        box.setMargins(top: 8, bottom: 8, start: 12, end: 12)
        // Title and description: one label of two lines, each ellipsized on
        // its own, the second dimmed in its markup. Two labels in a box were
        // three widgets whose styles are matched, and sizes asked, one by one.
        let text = Label()
        text.xAlign = 0
        text.ellipsis = .end // a manifest's long name never widens the window
        let icon: Image
        var content: Widget = text
        var runSlot: Box?
        switch kind {
        case .demo(let info):
            icon = DemoIcon.image(info.iconName, pixelSize: 24, resourcesDirectory: shell.paths.resourcesDirectory)
            row.accessibleName = info.name
            row.addStyleClass("demo-row") // its title and description: showEditedMark
            editedMarks[info.id] = (text, row, info)
            // Where the row's Run button goes (RowRunButtons).
            runSlot = Box(.horizontal)
            runSlot?.verticalAlignment = .center
        case .unavailable(let failure):
            icon = Image(iconName: "dialog-warning-symbolic", pixelSize: 24)
            text.setMarkup("<b>\(Markup.escape(failure.name))</b>")
            // The reason, selectable (to copy it into a report), ellipsized
            // here and in full on the Info page.
            let reason = Label(failure.reason)
            reason.xAlign = 0
            reason.addStyleClass("dim-label")
            reason.ellipsis = .end
            reason.isSelectable = true
            reason.canFocus = false
            let lines = Box(.vertical, spacing: 2)
            lines.append(text)
            lines.append(reason)
            content = lines
            row.isActivatable = false
            // Selectable, so the Info page can show the reason in full.
            row.accessibleName = localized("{name} (unavailable)").filling(["name": failure.name])
            row.accessibleDescription = failure.reason
            row.tooltip = failure.manifestPath
        }
        icon.verticalAlignment = .center
        box.append(icon)
        box.append(content, expand: true)
        if let runSlot { box.append(runSlot) }
        row.add(box)
        row.showAll()
        list.append(row)
        rowKinds[ObjectIdentifier(row)] = kind
        if case .demo(let info) = kind, let runSlot {
            showEditedMark(id: info.id)
            runButtons.fill(runSlot, of: row) { [unowned self] in self.makeRunButton(for: info) }
        }
    }

    /// "edited" beside a demo's name while it has edits (Edit and Run), in
    /// its row's description too, for screen readers. In the title's own
    /// markup, dimmed: no widget more per row for what few rows show.
    func showEditedMark(id: String) {
        guard let (text, row, info) = editedMarks[id] else { return }
        let edited = EditWorkspace(demoID: id).hasEdits
        let mark = edited ? "  <span weight=\"normal\" alpha=\"55%\">\(Markup.escape(localized("edited")))</span>" : ""
        // The description (one line: `ManifestText.oneLine`) dimmed as
        // Adwaita's dim-label is (55% opacity).
        text.setMarkup("<b>\(Markup.escape(info.name))</b>" + mark
                       + "\n<span alpha=\"55%\">\(Markup.escape(info.description))</span>")
        row.accessibleDescription = edited ? localized("Edited. {description}").filling(["description": info.description]) : info.description
    }

    private func category(of row: ListBoxRow) -> String? {
        switch rowKinds[ObjectIdentifier(row)] {
        case .demo(let info)?: info.category
        case .unavailable?: localized("Unavailable")
        case nil: nil
        }
    }

    func updateHeader(_ row: ListBoxRow, before: ListBoxRow?) {
        let title = category(of: row)
        if let before, category(of: before) == title { row.header = nil; return }
        guard let title else { row.header = nil; return }
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
        _ = css.load("""
            row.demo-row button.row-run { opacity: 0; }
            row.demo-row:hover button.row-run, row.demo-row:selected button.row-run { opacity: 1; }
            button.launcher-run { padding: 8px 32px; font-weight: bold; }
            textview.launcher-help, textview.launcher-help text { background-color: @theme_bg_color; }
            stackswitcher button radio { -gtk-icon-source: none; }
            """)
        css.applyToScreen(priority: .application)
    }

    static func makeEmptyState() -> Widget {
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
