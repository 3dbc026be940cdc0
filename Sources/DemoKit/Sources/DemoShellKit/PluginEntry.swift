import DemoBasics
import DemoKit
import ShellBasics

extension DemoWindow {
    /// Places each new demo window (the shell's remembered places); set once
    /// by the shell at its start.
    public static func placeNewWindows(with place: (@MainActor (Window) -> Void)?) { placeNewWindow = place }
}

extension DemoModule {
    /// The shell's way in: the view's window, which holds the view until it
    /// is destroyed (a view holds its window, so nothing else could).
    public func makeWindow(host: DemoHost) -> Window {
        let view = makeView(host: host)
        view.window.retain(view)
        return view.window
    }
}

extension Widget {
    /// What this widget and the widgets inside it list as keyboard
    /// shortcuts (`onKeyPress(listing:)`, `listShortcuts`), merged for the
    /// Keyboard Shortcuts window: each group once, each shortcut once.
    public var listedShortcuts: [ShortcutsGroup] { collectedShortcuts }
}
