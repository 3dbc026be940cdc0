import DemoShellKit
import PluginHost
import ShellModel

/// What the Source page shows instead of a file: a large icon and a
/// sentence (the demo ships no source, a file cannot be read, GtkSourceView
/// is missing), selectable, in a page of its own.
@MainActor
final class SourceMessage {
    let page: Box
    private let icon: Image
    private let label: Label

    init() {
        page = Box(.vertical, spacing: 12)
        page.verticalAlignment = .center
        page.setMargins(36)
        icon = Image(iconName: "text-x-generic-symbolic", pixelSize: 64)
        icon.addStyleClass("dim-label")
        label = Label()
        label.wraps = true
        label.justification = .center
        label.isSelectable = true
        label.canFocus = false
        page.append(icon)
        page.append(label)
    }

    var text: String { label.text }

    func show(_ text: String, icon name: String) {
        label.text = text
        icon.setIcon(name)
        icon.pixelSize = 64
    }
}
