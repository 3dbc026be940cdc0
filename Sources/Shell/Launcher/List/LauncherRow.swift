import DemoShellKit
import EditRunModel
import PluginHost
import ShellModel

/// One row of the launcher's list, carrying what it shows: a demo, or a
/// plugin that cannot be used. The list hands back this very object
/// (`list.selectedRow`, `children`, the filter's and the headers' calls): the
/// binding keeps one wrapper per GObject while the list holds the row.
@MainActor
final class LauncherRow: ListBoxRow {
    enum Kind {
        case demo(DemoInfo)
        case unavailable(PluginFailure)
    }

    /// Title and description: one label of two lines, each ellipsized on
    /// its own, the second dimmed in its markup. Two labels in a box were
    /// three widgets whose styles are matched, and sizes asked, one by one.
    let text = Label()
    /// Set by `init(_:resourcesDirectory:run:)`: a subclass of a binding
    /// class has no designated initializer of its own (it would call the
    /// binding's, whose argument only the binding makes).
    private var madeAs: Kind?
    /// Where a demo row's Run button goes (`RowRunButtons`).
    private var runSlot: Box?
    private var runButton: Button?
    private var run: (@MainActor (_ id: String) -> Void)?

    var kind: Kind { madeAs! }

    /// The demo a demo row shows.
    var demo: DemoInfo? { if case .demo(let info) = kind { info } else { nil } }

    /// The title of the group the row is listed under.
    var category: String {
        switch kind {
        case .demo(let info): info.category
        case .unavailable: localized("Unavailable")
        }
    }

    /// `run`: what a demo row's Run button does with its demo's id.
    convenience init(_ kind: Kind, resourcesDirectory: String, run: @escaping @MainActor (_ id: String) -> Void) {
        self.init()
        madeAs = kind
        self.run = run
        let box = Box(.horizontal, spacing: 12)
        box.setMargins(top: 8, bottom: 8, start: 12, end: 12)
        text.xAlign = 0
        text.ellipsis = .end  // a manifest's long name never widens the window
        let icon: Image
        var content: Widget = text
        switch kind {
        case .demo(let info):
            icon = DemoIcon.image(info.iconName, pixelSize: 24, resourcesDirectory: resourcesDirectory)
            accessibleName = info.name
            addStyleClass("demo-row")  // its title and description: showEditedMark
            runSlot = Box(.horizontal)
            runSlot?.verticalAlignment = .center
        case .unavailable(let failure):
            icon = Image(iconName: "dialog-warning-symbolic", pixelSize: 24)
            text.setMarkup("<b>\(Markup.escape(failure.name))</b>")
            // The reason's first line, selectable (to copy it into a report),
            // ellipsized here and in full on the Info page (a crash's output too).
            let reason = Label(String(failure.reason.split(separator: "\n").first ?? ""))
            reason.xAlign = 0
            reason.addStyleClass("dim-label")
            reason.ellipsis = .end
            reason.isSelectable = true
            reason.canFocus = false
            let lines = Box(.vertical, spacing: 2)
            lines.append(text)
            lines.append(reason)
            content = lines
            isActivatable = false
            // Selectable, so the Info page can show the reason in full.
            accessibleName = localized("{name} (unavailable)").filling(["name": failure.name])
            accessibleDescription = failure.reason
            tooltip = failure.manifestPath
        }
        icon.verticalAlignment = .center
        box.append(icon)
        box.append(content, expand: true)
        if let runSlot { box.append(runSlot) }
        add(box)
        showAll()
        showEditedMark()
    }

    /// "edited" beside a demo's name while it has edits (Edit and Run), in
    /// its row's description too, for screen readers. In the title's own
    /// markup, dimmed: no widget more per row for what few rows show.
    func showEditedMark() {
        guard let info = demo else { return }
        let edited = EditWorkspace(demoID: info.id).hasEdits
        let mark = edited ? "  <span weight=\"normal\" alpha=\"55%\">\(Markup.escape(localized("edited")))</span>" : ""
        // The description (one line: `ManifestText.oneLine`) dimmed as
        // Adwaita's dim-label is (55% opacity).
        text.setMarkup(
            "<b>\(Markup.escape(info.name))</b>" + mark
                + "\n<span alpha=\"55%\">\(Markup.escape(info.description))</span>")
        // The category too: GTK 3 keeps the list's group headers out of the
        // accessibility tree, so a screen reader would never hear "Games".
        let words = ["category": info.category, "description": info.description]
        accessibleDescription =
            edited
            ? localized("Edited. {category}. {description}").filling(words)
            : localized("{category}. {description}").filling(words)
    }

    /// GTK 3 rows offer screen readers no action: this button is how one
    /// opens a demo from AT-SPI (and a mouse from the row). Made once, for a
    /// demo row; nil for any other.
    @discardableResult
    func addRunButton() -> Button? {
        guard runButton == nil, let runSlot, let info = demo else { return runButton }
        let button = Button(
            iconName: "media-playback-start-symbolic",
            name: localized("Run {name}").filling(["name": info.name]))
        button.isFlat = true
        button.canFocus = false
        button.addStyleClass("row-run")
        let id = info.id
        button.onClicked { [run] _ in run?(id) }
        runSlot.append(button)
        button.show()
        runButton = button
        return button
    }

    /// Keeps a Run button's room free until the button comes.
    func keepRoomForRunButton(width: Int, height: Int) {
        runSlot?.setSizeRequest(width: width, height: height)
    }
}

/// When the demo rows get their Run buttons. The buttons show on the hovered
/// or selected row only (they are always there for screen readers), so none
/// is needed in the launcher's first frame: until then only the first row
/// gets its button, to measure it; every other row keeps the button's room
/// free (so that no title's ellipsis moves when the buttons come) and gets
/// its own after that frame, or at once when it is selected. Rows built
/// later get theirs at once.
@MainActor
final class RowRunButtons {
    private var isWaiting = true
    /// A button's size, from the first one made.
    private var size: (width: Int, height: Int)?

    /// Gives a new demo row its button, or its button's room until `firstFrameDrawn`.
    func fill(_ row: LauncherRow) {
        if isWaiting, let size {
            row.keepRoomForRunButton(width: size.width, height: size.height)
            return
        }
        let button = row.addRunButton()
        if isWaiting { size = button?.minimumSize }  // the room the next rows keep
    }

    /// Gives every row its button; from now on rows get theirs at once.
    func firstFrameDrawn(rows: some Sequence<LauncherRow>) {
        isWaiting = false
        for row in rows { row.addRunButton() }
    }
}
