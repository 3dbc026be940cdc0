import DemoShellKit
import PluginHost
import ShellModel

/// An edited copy's window (Edit and Run) told apart from the shipped
/// demo's. "(edited)" in the title alone is cut first when the header bar
/// is full ("2048…" between Hint and Autoplay), so the header bar is also
/// coloured as GNOME colours a development build's (Adwaita's `.devel`),
/// which no width cuts; a screen reader hears the title whole, and the
/// window's description says why it is marked.
@MainActor
enum EditedWindowMark {
    static let styleClass = "devel"

    static func apply(to window: Window) {
        window.title = localized("{title} (edited)").filling(["title": window.title])
        window.addStyleClass(styleClass)
        window.accessibleDescription = localized("An edited copy, built from your changes to the demo’s code")
    }
}
