import DemoShellKit
import PluginHost
import ShellModel
import TextBounds

/// The launcher's Info page: what the selected demo shows, in its author's
/// words (`Help`), with a prominent Run button; or why a plugin is unavailable.
@MainActor
package final class InfoPane {
    let widget: Box
    let runButton: Button
    private let icon: Image
    private let title: Label
    private let summary: Label
    private let details = InfoDetails()
    /// A text view, as gtk3-demo's Info page: it lays out only what is shown,
    /// where a long wrapped label re-measures its paragraphs many times over,
    /// which made it the start-up's largest cost.
    let help: TextView
    /// The help's own scrolled window, below the heading, filling the page:
    /// a wrapping GtkTextView asks for the width it was last given, so
    /// outside one a launcher once widened could never be made narrow again.
    let helpScroller: ScrolledWindow
    private let problem: Label
    private let location: Label
    /// Unavailable's Check Again: reads the plugin and checks it anew, once
    /// its author fixed it (`PluginRecheck`).
    let checkAgainButton: Button
    /// Show Log: the demo's own log (`PluginLog`: what its process printed,
    /// its crash reports), shown while it has one.
    let logButton: Button
    private var shownName = ""
    /// The failure shown, which Check Again checks.
    private(set) var shownFailure: PluginFailure?

    /// What is shown, for tests.
    private(set) var shownID: String?
    /// Where pictures named by manifests' `Icon` are (`Resources/`).
    private let resourcesDirectory: String

    init(resourcesDirectory: String) {
        self.resourcesDirectory = resourcesDirectory
        widget = Box(.vertical, spacing: 18)
        let column = Box(.vertical, spacing: 18)
        column.setMargins(top: 30, bottom: 0, start: 36, end: 36)

        let heading = Box(.horizontal, spacing: 24)
        icon = Image(iconName: "application-x-executable-symbolic", pixelSize: 96)
        icon.addStyleClass("dim-label")
        icon.verticalAlignment = .start
        let text = Box(.vertical, spacing: 6)
        text.verticalAlignment = .center
        title = Label()
        title.xAlign = 0
        title.wraps = true
        title.isSelectable = true
        title.canFocus = false
        summary = Label()
        summary.xAlign = 0
        summary.wraps = true
        summary.addStyleClass("dim-label")
        text.append(title)
        text.append(summary)
        text.append(details.widget)
        heading.append(icon)
        heading.append(text, expand: true)

        runButton = Button(label: localized("_Run"))
        runButton.addStyleClass("suggested-action")
        runButton.addStyleClass("launcher-run")
        runButton.horizontalAlignment = .start

        help = TextView(isEditable: false)
        // A Tab stop (the keyboard scrolls it and selects in it), so it shows
        // where the focus is as read-only text does: a caret, drawn only
        // while it has the focus; the arrows move it, and the view follows.
        help.isCursorVisible = true
        help.wrapMode = .word
        help.accessibleName = localized("About this demo")
        help.addStyleClass("launcher-help")
        help.expandsHorizontally = true
        helpScroller = ScrolledWindow()
        helpScroller.setPolicy(horizontal: .automatic, vertical: .automatic)
        helpScroller.add(help)
        helpScroller.setMargins(top: 0, bottom: 12, start: 36, end: 24)
        help.bottomMargin = 18

        problem = Label()
        problem.xAlign = 0
        problem.wraps = true
        problem.isSelectable = true
        problem.canFocus = false
        problem.addStyleClass("error")
        location = Label()
        location.xAlign = 0
        location.wraps = true
        location.isSelectable = true
        location.canFocus = false
        location.addStyleClass("dim-label")

        checkAgainButton = Button(label: localized("Check _Again"))
        checkAgainButton.accessibleName = localized("Check Again")
        checkAgainButton.tooltip = localized("Read this plugin’s manifest again and check its library anew")
        checkAgainButton.horizontalAlignment = .start
        logButton = Button(label: localized("Show _Log"))
        logButton.accessibleName = localized("Show Log")
        logButton.tooltip = localized("What this demo’s process printed, and why it crashed")
        logButton.horizontalAlignment = .start

        column.append(heading)
        column.append(runButton)
        column.append(problem)
        column.append(location)
        column.append(checkAgainButton)
        column.append(logButton)
        widget.append(column)
        widget.append(helpScroller, expand: true)
        widget.showAll()
        // What each page hides stays hidden when the launcher shows all.
        for part in [summary, details.widget, runButton, helpScroller, problem, location, checkAgainButton, logButton]
            as [Widget]
        {
            part.isExcludedFromShowAll = true
        }
        showNothing()
        logButton.onClicked { [unowned self] _ in
            if let id = shownID { PluginLogWindow.show(id: id, name: shownName, parent: widget.window) }
        }
    }

    /// Builds the Info page's content into `page` in the frame after
    /// `window`'s first, then hands it to `ready`. The content (a title in a
    /// size of its own, wrapped lines, the help's text view) was a large part
    /// of the launcher's work before its window could map; the first frame
    /// shows the list, the header and this page's
    /// switcher, and the content follows a frame later.
    static func build(
        on page: Box, afterFirstFrameOf window: Window, resourcesDirectory: String,
        ready: @escaping @MainActor (InfoPane) -> Void
    ) {
        window.addTickCallback { [weak window] _ in
            // Ticks come before a frame's layout and paint; the idle after them.
            window?.idle {
                let pane = InfoPane(resourcesDirectory: resourcesDirectory)
                page.append(pane.widget, expand: true)
                ready(pane)
            }
            return false
        }
    }

    /// An empty page for the stack until `build` fills it (shown, so that
    /// the stack shows it first).
    static func makePage() -> Box {
        let page = Box(.vertical)
        page.show()
        return page
    }

    /// A demo that can run.
    func show(_ entry: PluginEntry) {
        let info = entry.info
        shownID = info.id
        // The demo's own icon in its colours; the symbolic states are dimmed.
        icon.removeStyleClass("dim-label")
        let iconProblem = DemoIcon.show(info.iconName, in: icon, pixelSize: 96, resourcesDirectory: resourcesDirectory)
        setTitle(info.name)
        summary.text = info.description
        summary.isVisible = !info.description.isEmpty
        details.show(category: info.category, version: info.version)
        details.widget.isVisible = true
        runButton.isVisible = true
        runButton.accessibleName = localized("Run {name}").filling(["name": info.name])
        help.text = entry.manifest.help.isEmpty ? localized("This demo has no description yet.") : entry.manifest.help
        help.placeCursorAtStart()  // where reading starts, in view when the focus comes
        helpScroller.isVisible = true
        // A picture that cannot be shown is the author's to fix: said here.
        problem.text = iconProblem ?? ""
        problem.isVisible = iconProblem != nil
        location.isVisible = false
        checkAgainButton.isVisible = false
        shownFailure = nil
        shownName = info.name
        logButton.isVisible = FileSystem.exists(PluginLog.path(id: info.id))
    }

    /// A plugin that cannot be used: its reason, where its manifest is.
    func show(_ failure: PluginFailure) {
        shownID = failure.id
        icon.addStyleClass("dim-label")
        icon.setIcon("dialog-warning-symbolic")
        icon.pixelSize = 96
        setTitle(failure.name)
        summary.text = localized("This plugin cannot be used.")
        summary.isVisible = true
        details.widget.isVisible = false
        runButton.isVisible = false
        helpScroller.isVisible = false
        problem.text = failure.reason
        problem.isVisible = true
        location.text = localized("Manifest: {path}").filling(["path": TextLimit.isolated(failure.manifestPath)])
        location.isVisible = true
        checkAgainButton.isVisible = true
        shownFailure = failure
        logButton.isVisible = false
    }

    /// Nothing selected (a search without results).
    func showNothing() {
        shownID = nil
        icon.addStyleClass("dim-label")
        icon.setIcon("view-app-grid-symbolic")
        icon.pixelSize = 96
        setTitle(localized("No demo selected"))
        summary.text = localized("Choose a demo in the list to read about it and its code.")
        summary.isVisible = true
        details.widget.isVisible = false
        runButton.isVisible = false
        helpScroller.isVisible = false
        problem.isVisible = false
        location.isVisible = false
        checkAgainButton.isVisible = false
        shownFailure = nil
        logButton.isVisible = false
    }

    /// The texts shown, in order (for tests and the accessibility check).
    var shownTexts: [String] {
        let labels =
            [title, summary].filter(\.isVisible).map(\.text) + (details.widget.isVisible ? [details.text] : [])
        return labels + (helpScroller.isVisible ? [help.text] : [])
            + [problem, location].filter(\.isVisible).map(\.text)
    }

    private func setTitle(_ text: String) {
        title.setMarkup("<span size='xx-large' weight='bold'>\(Markup.escape(text))</span>")
    }
}
