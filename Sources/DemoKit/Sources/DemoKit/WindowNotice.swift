/// A warning across the top of a window's content: a file that could not be
/// read or saved is told to the person using the demo, not only to stderr,
/// without a dialog in the way. Works on any window, a plugin's included:
/// the first notice moves the window's content into a box under the bar.
@MainActor
public enum WindowNotice {
    /// The widget name of the box that holds the bar and the content.
    static let frameName = "demo-window-notice-frame"

    /// Shows `message` in `window`'s bar (made on first use, reused after);
    /// screen readers hear it. The same message again changes nothing.
    public static func show(_ message: String, in window: Window) {
        let label: Label
        let bar: InfoBar
        if let existing = infoBar(in: window) {
            bar = existing
            label = existing.descendants.lazy.compactMap { $0 as? Label }.first ?? Label()
            if label.text == message && bar.isVisible { return }
        } else {
            label = Label()
            bar = InfoBar(kind: .warning, label: label, dismiss: localized("Dismiss"))
            bar.onClose { bar in bar.hide() }
            let frame = Box(.vertical)
            frame.name = frameName
            if let content = window.children.first {
                window.remove(content)
                frame.append(bar)
                frame.append(content, expand: true)
            } else {
                frame.append(bar)
            }
            window.add(frame)
        }
        label.text = message
        bar.accessibleName = localized("Warning")
        bar.showAll()
        bar.parent?.show()
        bar.announce(message)
    }

    /// The message shown now, if a bar is showing one (for tests and for
    /// demos that clear it once the problem is gone).
    public static func message(in window: Window) -> String? {
        guard let bar = infoBar(in: window), bar.isVisible else { return nil }
        return bar.descendants.lazy.compactMap { $0 as? Label }.first?.text
    }

    private static func infoBar(in window: Window) -> InfoBar? {
        guard let frame = window.children.first as? Box, frame.name == frameName else { return nil }
        return frame.children.first as? InfoBar
    }
}
