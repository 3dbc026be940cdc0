import DemoKit

/// The launcher: a searchable list of demos grouped by category.
///
/// The rules (matching, order, grouping) are `DemoCatalog`'s; this file only
/// builds widgets and wires them to it.
@MainActor
public final class LauncherWindow {
    public let window: Window
    public let searchEntry: SearchEntry
    public let list: ListBox
    public let runButton: Button
    private unowned let shell: Shell

    private enum RowKind {
        case demo(DemoInfo)
        case unavailable(PluginFailure)
    }

    /// Row identity → what it shows; rows are looked up by their pointer.
    private var rowKinds: [UnsafeMutableRawPointer: RowKind] = [:]
    private var catalog = DemoCatalog([])

    init(shell: Shell) {
        self.shell = shell
        window = Window(title: localized("Demo Shell"))
        window.setDefaultSize(width: 560, height: 620)

        let header = HeaderBar(title: localized("Demo Shell"))
        runButton = Button(label: localized("_Run"))
        runButton.addStyleClass("suggested-action")
        runButton.tooltip = localized("Open the selected demo")
        header.packStart(runButton)
        let about = Button(iconName: "help-about-symbolic", name: localized("About Demo Shell"))
        header.packEnd(about)
        window.setTitlebar(header)

        searchEntry = SearchEntry(placeholder: localized("Search demos"))
        searchEntry.accessibleName = localized("Search demos")
        searchEntry.setMargins(top: 12, bottom: 12, start: 12, end: 12)

        list = ListBox()
        list.activatesOnSingleClick = false
        list.accessibleName = localized("Demos")
        list.setPlaceholder(Self.makeEmptyState())

        let scroller = ScrolledWindow()
        scroller.add(list)
        scroller.expandsVertically = true

        let content = Box(.vertical)
        content.append(searchEntry)
        content.append(Separator(.horizontal))
        content.append(scroller, expand: true)
        window.add(content)

        runButton.onClicked { [unowned self] _ in self.openSelection() }
        about.onClicked { [unowned self] _ in self.shell.showAbout() }
        list.onRowActivated { [unowned self] _, row in self.open(row) }
        list.onRowSelected { [unowned self] _, _ in self.updateRunButton() }
        searchEntry.onSearchChanged { [unowned self] _ in self.applySearch() }
        searchEntry.onActivate { [unowned self] _ in
            // Enter may come before GtkSearchEntry's delayed "search-changed":
            // filter on what is typed now, so the demo opened is the one shown.
            self.applySearch()
            self.openSelection()
        }
        searchEntry.onKeyPress { [unowned self] _, key in
            guard key.keyval == Key.down, let row = self.list.selectedRow ?? self.firstVisibleRow() else { return .proceed }
            self.list.select(row)
            row.grabFocus()
            return .stop
        }
        list.setFilter { [unowned self] row in self.isVisible(row) }
        list.setHeaders { [unowned self] row, before in self.updateHeader(row, before: before) }

        reload()
        window.showAll()
        searchEntry.grabFocus()
    }

    /// Rebuilds the rows from the registry (after a plugin failed to load, say).
    public func reload() {
        for child in list.children { child.destroy() }
        rowKinds = [:]
        catalog = DemoCatalog(shell.registry.entries.map(\.info))
        for demo in catalog.demos { addRow(.demo(demo)) }
        for failure in shell.registry.failures + shell.registry.duplicates { addRow(.unavailable(failure)) }
        list.showAll()
        applySearch()
    }

    public func focusSearch() {
        window.present()
        searchEntry.grabFocus()
        searchEntry.selectAll()
    }

    /// The ids of the demo rows now visible, in order (for tests and automation).
    public var visibleDemoIDs: [String] {
        list.children.compactMap { child -> String? in
            guard child.isChildVisible, case .demo(let info)? = rowKinds[child.raw] else { return nil }
            return info.id
        }
    }

    /// The unavailable plugins listed, with their reasons.
    public var unavailableRows: [PluginFailure] {
        list.children.compactMap { child in
            guard case .unavailable(let failure)? = rowKinds[child.raw] else { return nil }
            return failure
        }
    }

    /// The id of the selected demo, if a demo row is selected.
    public var selectedDemoID: String? {
        guard let row = list.selectedRow, case .demo(let info)? = rowKinds[row.raw] else { return nil }
        return info.id
    }

    // MARK: Rows

    private func addRow(_ kind: RowKind) {
        let row = ListBoxRow()
        let box = Box(.horizontal, spacing: 12)
        box.setMargins(top: 8, bottom: 8, start: 12, end: 12)
        let text = Box(.vertical, spacing: 2)
        let title = Label()
        title.xAlign = 0
        let subtitle = Label()
        subtitle.xAlign = 0
        subtitle.addStyleClass("dim-label")
        let icon: Image
        switch kind {
        case .demo(let info):
            icon = DemoIcon.image(info.iconName, pixelSize: 24, resourcesDirectory: shell.paths.resourcesDirectory)
            title.setMarkup("<b>\(Markup.escape(info.name))</b>")
            subtitle.text = info.description
            subtitle.ellipsis = .end
            row.accessibleName = info.name
            row.accessibleDescription = info.description
        case .unavailable(let failure):
            icon = Image(iconName: "dialog-warning-symbolic", pixelSize: 24)
            title.setMarkup("<b>\(Markup.escape(failure.name))</b>")
            subtitle.text = failure.reason
            subtitle.wraps = true
            subtitle.isSelectable = true
            subtitle.canFocus = false
            row.isActivatable = false
            row.isSelectable = false
            row.accessibleName = localized("{name} (unavailable)").filling(["name": failure.name])
            row.accessibleDescription = failure.reason
            row.tooltip = failure.manifestPath
        }
        icon.verticalAlignment = .center
        text.append(title)
        text.append(subtitle)
        box.append(icon)
        box.append(text, expand: true)
        row.add(box)
        list.append(row)
        rowKinds[row.raw] = kind
    }

    private func category(of row: ListBoxRow) -> String? {
        switch rowKinds[row.raw] {
        case .demo(let info)?: info.category
        case .unavailable?: localized("Unavailable")
        case nil: nil
        }
    }

    private func updateHeader(_ row: ListBoxRow, before: ListBoxRow?) {
        let title = category(of: row)
        if let before, category(of: before) == title { row.header = nil; return }
        guard let title else { row.header = nil; return }
        if let header = row.header, Object.wrap(header.raw, as: Label.self).text == title { return }
        let label = Label()
        label.setMarkup("<b>\(Markup.escape(title))</b>")
        label.xAlign = 0
        label.setMargins(top: before == nil ? 8 : 16, bottom: 4, start: 12, end: 12)
        label.addStyleClass("dim-label")
        label.show()
        row.header = label
    }

    private func isVisible(_ row: ListBoxRow) -> Bool {
        let query = searchEntry.text
        switch rowKinds[row.raw] {
        case .demo(let info)?:
            return DemoCatalog.matches(info, query: query)
        case .unavailable(let failure)?:
            let info = DemoInfo(id: failure.id ?? "", name: failure.name, description: failure.reason,
                                category: localized("Unavailable"), iconName: "", version: "")
            return DemoCatalog.matches(info, query: query)
        case nil:
            return true
        }
    }

    private func firstVisibleRow() -> ListBoxRow? {
        list.children.lazy.compactMap { child -> ListBoxRow? in
            guard child.isChildVisible, case .demo? = self.rowKinds[child.raw] else { return nil }
            return Object.wrap(child.raw, as: ListBoxRow.self)
        }.first
    }

    private func applySearch() {
        list.invalidateFilter()
        list.invalidateHeaders()
        if let selected = list.selectedRow, selected.isChildVisible {
            updateRunButton()
            return
        }
        list.select(firstVisibleRow())
        updateRunButton()
    }

    private func updateRunButton() {
        runButton.isSensitive = selectedDemoID != nil
    }

    private func openSelection() {
        guard let row = list.selectedRow ?? firstVisibleRow() else { return }
        open(row)
    }

    private func open(_ row: ListBoxRow) {
        guard case .demo(let info)? = rowKinds[row.raw] else { return }
        shell.openDemo(id: info.id)
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
