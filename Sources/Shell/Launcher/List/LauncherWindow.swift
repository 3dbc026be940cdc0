import TextBounds
import DemoShellKit
import PluginHost
import ShellModel

/// The launcher: a searchable list of demos grouped by category on the left;
/// on the right the selected demo's Info and Source pages, as in gtk3-demo.
///
/// The rules (matching, order, grouping, which files) are `DemoCatalog`'s and
/// `DemoSources`'; this file only builds widgets and wires them to them.
@MainActor
public final class LauncherWindow {
    public let window: Window
    public let searchEntry: SearchEntry
    public let list: ListBox
    public let runButton: Button
    /// Keyboard Shortcuts, Help, About Demo Shell.
    public let primaryMenu: MenuButton
    public let paned: Paned
    /// "info" or "source".
    public let detailStack: Stack
    let listStack: Stack
    let leftPane: Box
    let detailPane = Box(.vertical)
    /// Nil until the frame after the window's first (`InfoPane.build`).
    package private(set) var infoPane: InfoPane?
    let sourcePane: SourcePane
    let runButtons = RowRunButtons()
    /// Demos whose own process crashed, across the top (IsolatedDemos).
    let crashNotices = CrashNotices()
    /// A demo deleted (with Undo) or exported, across the top (the row menu).
    let myDemoNotices = MyDemoNotices()
    /// The rows' menu and what it does.
    private(set) var rowMenu: LauncherRowMenu!
    /// Ctrl+F, F6, Tab and Ctrl+Z.
    private(set) var keyboard: LauncherKeyboard!
    /// Says a search brought back from the last run filters the list; made
    /// the first time a start restores a search.
    private var restoredSearchNotice: RestoredSearchNotice?
    unowned let shell: Shell
    let settings: Settings
    /// Writes the launcher's size, divider, search and selection as they change.
    private var stateSaver: LauncherStateSaver?

    /// The launcher's own settings (the divider). Not a plugin id: ids are lower-case.
    static func settingsPath() -> String {
        FileSystem.join(Environment.userConfigDirectory, "demo-shell", "Launcher.ini")
    }

    static let defaultDividerPosition = 340

    private var catalog = DemoCatalog([])

    /// Every row the list will hold, built a screenful first and the rest at idle.
    private lazy var rowPlan = LauncherRowPlan(list: list) { [unowned self] kind in self.addRow(kind) }
    /// More than a maximized window on a 1080p screen shows.
    static let rowsBuiltAtStart = LauncherRowPlan.builtAtStart

    init(shell: Shell) {
        self.shell = shell
        settings = Settings(path: Self.settingsPath())
        // Nothing of Edit and Run is made before the Source page is shown.
        sourcePane = SourcePane(paths: shell.paths, settings: settings)
        window = Window(title: localized("Demo Shell"))
        window.setDefaultSize(width: 960, height: 640)

        let header = HeaderBar(title: localized("Demo Shell"))
        runButton = Button(label: localized("_Run"))
        runButton.addStyleClass("suggested-action")
        runButton.tooltip = localized("Open the selected demo")
        header.packStart(runButton)
        // Its menu comes after the first frame (see the end of init); GTK
        // greys a menu button out until it has one.
        primaryMenu = MenuButton(name: localized("Main Menu"))
        primaryMenu.isSensitive = true
        header.packEnd(primaryMenu)
        window.setTitlebar(header)

        searchEntry = SearchEntry(placeholder: localized("Search demos"))
        searchEntry.accessibleName = localized("Search demos")
        searchEntry.nameIcons(primary: localized("Search"), secondary: localized("Clear"))
        searchEntry.bound(
            filter: LauncherState.searchLimit.filter, cutting: LauncherState.searchLimit.cuttingLongCharacters)
        searchEntry.setMargins(top: 12, bottom: 12, start: 12, end: 12)

        list = ListBox()
        list.activatesOnSingleClick = false
        list.accessibleName = localized("Demos")

        let scroller = ScrolledWindow()
        scroller.accessibleName = localized("Demos")  // GTK's scrolled windows take the focus
        scroller.add(list)
        scroller.expandsVertically = true

        // GTK 3 keeps a list box's placeholder out of the accessibility tree:
        // the empty state is a page of its own, where screen readers see it,
        // added when a search first finds nothing (showEmptyState).
        listStack = Stack(transition: .none)
        // Sized by the page shown: the empty state (a 64-pixel icon and a
        // large title) is not measured before the window maps, nor until a
        // search finds nothing (work no start needs).
        listStack.isHomogeneous = false
        scroller.showAll()  // a stack only switches to pages that are shown
        listStack.addPage(scroller, name: "list")

        leftPane = Box(.vertical)
        leftPane.append(searchEntry)
        leftPane.append(Separator(.horizontal))
        leftPane.append(listStack, expand: true)
        leftPane.setSizeRequest(width: 240, height: -1)

        detailStack = Stack(transition: .crossfade)
        detailStack.transitionDuration = 120
        let infoPage = InfoPane.makePage()
        detailStack.addPage(infoPage, name: "info", title: localized("Info"))
        detailStack.addPage(sourcePane.widget, name: "source", title: localized("Source"))
        sourcePane.widget.show()
        let switcher = StackSwitcher(stack: detailStack)
        switcher.horizontalAlignment = .center
        switcher.setMargins(top: 8, bottom: 8, start: 8, end: 8)
        let rightPane = detailPane
        rightPane.append(switcher)
        rightPane.append(Separator(.horizontal))
        rightPane.append(detailStack, expand: true)
        rightPane.setSizeRequest(width: 360, height: -1)

        paned = Paned(.horizontal)
        paned.accessibleName = localized("Divider between the list and the page")  // its handle takes the focus (F8)
        paned.setStart(leftPane, resizes: false, shrinks: false)
        paned.setEnd(rightPane, resizes: true, shrinks: false)
        paned.position = settings.integer("divider").map { max(0, min($0, 4000)) } ?? Self.defaultDividerPosition
        let content = Box(.vertical)
        content.append(crashNotices.area)
        content.append(myDemoNotices.area)
        content.append(paned, expand: true)
        window.add(content)
        LauncherListLook.installStyle()

        sourcePane.onEditsChanged = { [weak self] id in self?.rows.first { $0.demo?.id == id }?.showEditedMark() }
        runButton.onClicked { [unowned self] _ in self.openSelection() }
        list.onRowActivated { [unowned self] _, row in self.open(row) }
        list.onRowSelected { [unowned self] _, _ in self.selectionChanged() }
        detailStack.onNotify("visible-child") { [unowned self] stack in
            // GtkSourceView is loaded the first time its page is shown.
            if stack.visiblePageName == "source", !self.sourcePane.isBuilt {
                self.sourcePane.build()
                self.showSourcesOfSelection()
            }
        }
        // Size, divider, search and selection come back next time.
        stateSaver = LauncherStateSaver(
            window: window, settings: settings, paned: paned, searchEntry: searchEntry, list: list
        ) { [unowned self] in self.selectedDemoID }
        searchEntry.onSearchChanged { [unowned self] _ in self.applySearch() }
        searchEntry.onActivate { [unowned self] _ in
            // Enter may come before GtkSearchEntry's delayed "search-changed":
            // filter on what is typed now, so the demo opened is the one shown.
            self.applySearch()
            self.openSelection()
        }
        // Escape clears the search (and shows every demo again).
        searchEntry.onStopSearch { [unowned self] _ in self.clearSearch() }
        searchEntry.takesTyping(from: list)
        keyboard = LauncherKeyboard(launcher: self)
        rowMenu = LauncherRowMenu(launcher: self)
        list.onKeyPress { [unowned self] _, key in self.keyboard.listKeyPress(key) }
        // A deletion still offered for Undo is final when the launcher closes.
        window.onDestroy { [myDemoNotices] _ in myDemoNotices.lapseNow() }
        searchEntry.onKeyPress { [unowned self] _, key in self.keyboard.searchKeyPress(key) }
        list.setFilter { [unowned self] row in self.isVisible(row) }
        list.setHeaders { row, before in LauncherListLook.updateHeader(row, before: before) }

        reload()
        restoreSearchAndSelection()
        if let warning = settings.loadWarning { WindowNotice.show(warning, in: window) }
        window.showAll()
        StartTrace.markFirstFrame(of: window)
        // The first frame shows the list, the header and the Info page's
        // switcher; what it does not show follows it.
        InfoPane.build(on: infoPage, afterFirstFrameOf: window, resourcesDirectory: shell.paths.resourcesDirectory) {
            [unowned self] pane in
            self.infoPane = pane
            pane.runButton.onClicked { [unowned self] _ in self.openSelection() }
            pane.checkAgainButton.onClicked { [unowned self, unowned pane] _ in
                if let failure = pane.shownFailure { PluginRecheck.checkAgain(failure, in: self) }
            }
            self.selectionChanged()
            self.list.idle { [unowned self] in
                self.primaryMenu.setMenu(ShellActions.makePrimaryMenu())  // shown when opened
                self.runButtons.firstFrameDrawn(rows: self.rows)
            }
        }
        searchEntry.grabFocus()
    }

    /// The last run's search and selected demo, when they still make sense.
    private func restoreSearchAndSelection() {
        let search = LauncherState.plausibleSearch(settings.string("search") ?? "")
        if !search.isEmpty {
            searchEntry.text = search
            applySearch()
            if visibleDemoIDs.count < catalog.demos.count { searchNotice.show(search: search) }
        }
        if let id = LauncherState.plausibleDemoID(settings.string("selected")),
            let info = catalog.demos.first(where: { $0.id == id }), let row = row(forDemo: info)
        {
            list.select(row)
            selectionChanged()
        }
    }

    /// Rebuilds the rows from the registry (after a plugin failed to load, say).
    public func reload() {
        let kept = selectedDemoID  // a rescan keeps the user's choice
        defer { if let kept { selectDemo(id: kept) } }
        appliedQuery = nil
        rowPlan.cancel()
        keyboard.releaseListFocus()
        rowMenu.close()  // it points at a row
        for child in list.children { child.destroy() }
        let entries = shell.registry.entries
        catalog = DemoCatalog(
            entries.map(\.info), help: Dictionary(entries.map { ($0.info.id, $0.manifest.help) }) { first, _ in first },
            untranslatedCategories: DemoCatalog.untranslatedCategories(of: entries))
        rowPlan.start(
            catalog.demos.map { .demo($0) }
                + (shell.registry.failures + shell.registry.duplicates).map { .unavailable($0) })
        applySearch()
    }

    /// Selects demo `id` when it is listed.
    func selectDemo(id: String) {
        guard let info = catalog.demos.first(where: { $0.id == id }), let row = row(forDemo: info) else { return }
        list.select(row)
        selectionChanged()
    }

    /// How many rows exist now (the rest are still to be built at idle).
    var builtRowCount: Int { rowPlan.built }

    /// The rows built so far, in order.
    var rows: some Sequence<LauncherRow> { list.children.lazy.compactMap { $0 as? LauncherRow } }

    /// The ids of the demo rows now visible, in order (for tests and automation).
    public var visibleDemoIDs: [String] {
        rowPlan.buildAll()
        return rows.compactMap { row in row.isChildVisible ? row.demo?.id : nil }
    }

    /// The unavailable plugins listed, with their reasons.
    public var unavailableRows: [PluginFailure] {
        rowPlan.buildAll()
        return rows.compactMap { row in
            guard case .unavailable(let failure) = row.kind else { return nil }
            return failure
        }
    }

    /// Whether the "No results" page is showing instead of the list.
    public var showsNoResults: Bool { listStack.visiblePageName == "empty" }

    /// The id of the selected demo, if a demo row is selected.
    public var selectedDemoID: String? {
        (list.selectedRow as? LauncherRow)?.demo?.id
    }

    private func isVisible(_ row: ListBoxRow) -> Bool {
        let query = searchEntry.text
        switch (row as? LauncherRow)?.kind {
        case .demo(let info)?:
            return catalog.matches(info, query: query)
        case .unavailable(let failure)?:
            return DemoCatalog.matches(failure, query: query)
        case nil:
            return true
        }
    }

    private func row(forDemo demo: DemoInfo) -> LauncherRow? {
        rowPlan.build(upToFirst: { if case .demo(let info) = $0 { info.id == demo.id } else { false } })
        return rows.first { $0.isChildVisible && $0.demo?.id == demo.id }
    }

    /// The first demo row the search leaves visible (building rows until one is).
    func firstVisibleRow() -> LauncherRow? {
        let built = rows.first { $0.isChildVisible && $0.demo != nil }
        guard built == nil, !rowPlan.isComplete else { return built }
        rowPlan.buildAll()
        return firstVisibleRow()
    }

    /// The query the list was last filtered with.
    private var appliedQuery: String?

    func applySearch() {
        // The same query again (GtkSearchEntry's delayed "search-changed"
        // after Enter, or after a restored search): keep the selection.
        if let appliedQuery, appliedQuery == searchEntry.text, let selected = list.selectedRow, selected.isChildVisible
        {
            selectionChanged()
            return
        }
        appliedQuery = searchEntry.text
        restoredSearchNotice?.searchChanged(to: searchEntry.text)
        // A search looks through every demo, not only the rows built so far.
        if !searchEntry.text.isEmpty { rowPlan.buildAll() }
        list.invalidateFilter()
        list.invalidateHeaders()
        let anyVisible = list.children.contains { $0.isChildVisible }
        if anyVisible { listStack.visiblePageName = "list" } else { LauncherListLook.showEmptyState(in: listStack) }
        // Keep the selection while it is among the best matches; otherwise
        // select the best (a name match before a match in the help text).
        let query = searchEntry.text
        let best = catalog.bestMatch(for: query)
        if let selected = list.selectedRow, selected.isChildVisible {
            guard let info = (selected as? LauncherRow)?.demo, let best,
                catalog.relevance(info, query: query) ?? 3 > catalog.relevance(best, query: query) ?? 3
            else {
                selectionChanged()
                return
            }
        }
        list.select(best.flatMap(row(forDemo:)) ?? firstVisibleRow())
        selectionChanged()
    }

    /// Shows the selected row in both panes.
    private func selectionChanged() {
        runButton.isSensitive = selectedDemoID != nil
        let row = list.selectedRow as? LauncherRow
        row?.addRunButton()  // a selected row shows its button
        let selected = row.flatMap { $0.isChildVisible ? $0.kind : nil }
        switch selected {
        case .demo(let info)?:
            if let entry = shell.registry.entry(id: info.id) { infoPane?.show(entry) } else { infoPane?.showNothing() }
        case .unavailable(let failure)?:
            infoPane?.show(failure)
        case nil:
            infoPane?.showNothing()
        }
        showSourcesOfSelection()
    }

    /// The selected demo's files, in the Source page (once it is built).
    private func showSourcesOfSelection() {
        guard sourcePane.isBuilt else { return }
        let selected = (list.selectedRow as? LauncherRow).flatMap { $0.isChildVisible ? $0.kind : nil }
        let shown = LauncherRowSources(selected, registry: shell.registry, paths: shell.paths)
        sourcePane.show(shown.files, demo: shown.demo)
    }

    private func openSelection() {
        guard let row = list.selectedRow ?? firstVisibleRow() else { return }
        open(row)
    }

    private func open(_ row: ListBoxRow) {
        guard let info = (row as? LauncherRow)?.demo else { return }
        shell.openDemo(id: info.id)
    }

    /// A row for `kind`, with its Run button and menu keys.
    private func addRow(_ kind: LauncherRow.Kind) {
        let row = LauncherRow(kind, resourcesDirectory: shell.paths.resourcesDirectory) { [unowned self] id in
            self.shell.openDemo(id: id)
        }
        list.append(row)
        if row.demo != nil {
            runButtons.fill(row)
            rowMenu.watchMenuKeys(of: row)
        }
    }

    /// The restored search's notice, made the first time it is asked for.
    var searchNotice: RestoredSearchNotice {
        if let restoredSearchNotice { return restoredSearchNotice }
        let notice = RestoredSearchNotice(in: leftPane) { [unowned self] in
            self.clearSearch()
            self.searchEntry.grabFocus()
        }
        restoredSearchNotice = notice
        return notice
    }

    /// Every demo listed again.
    func clearSearch() {
        guard !searchEntry.text.isEmpty else { return }
        searchEntry.text = ""
        applySearch()
    }

    /// The Source page with Edit on (a demo just made).
    func showSourceWithEditOn() {
        detailStack.visiblePageName = "source"
        sourcePane.editPanel.editToggle.isActive = true
    }
}
