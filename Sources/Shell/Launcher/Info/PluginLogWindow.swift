import DemoShellKit
import PluginHost
import ShellModel

/// The Info page's Show Log: a plugin's own log (`PluginLog`), its output
/// and crash reports, in a window of its own beside the launcher, for a
/// launcher started from the desktop, which has no terminal to read them in.
@MainActor
enum PluginLogWindow {
    /// Shows demo `id`'s log (named `name`) over `parent`; the text as it is now.
    @discardableResult
    static func show(id: String, name: String, parent: Window?) -> Window {
        let title = localized("Log of {name}").filling(["name": name])
        let window = Window(title: title)
        window.accessibleName = title
        window.transientFor = parent
        window.setDefaultSize(width: 640, height: 420)
        let text = TextView(isEditable: false)
        text.accessibleName = localized("Log")
        text.isCursorVisible = true
        text.wrapMode = .wordCharacter
        text.isMonospace = true
        text.text = PluginLog.text(id: id) ?? localized("Nothing was logged yet.")
        let scroller = ScrolledWindow()
        scroller.setPolicy(horizontal: .automatic, vertical: .automatic)
        scroller.add(text)
        window.add(scroller)
        window.showAll()
        // The newest lines, where a crash's report is.
        text.idle { text.scrollToEnd() }
        return window
    }
}
