import DemoShellKit
import PluginHost
import ShellModel

/// The demos' open windows in this process, by demo id, and what each
/// listed as its keyboard shortcuts, kept once it closes: the Keyboard
/// Shortcuts window lists every loaded demo's.
@MainActor
final class DemoWindows {
    private var windows: [String: Window] = [:]
    private var shortcuts: [String: [ShortcutsGroup]] = [:]

    /// The open window of demo `id`, if any.
    subscript(id id: String) -> Window? { windows[id] }

    /// Demo `id`'s window is open until it is destroyed.
    func add(_ window: Window, id: String) {
        windows[id] = window
        shortcuts[id] = window.listedShortcuts
        window.onDestroy { [unowned self] _ in self.windows[id] = nil }
    }

    /// What demo `id` lists as its shortcuts: read from its window while it
    /// is open (listed where each key is handled), else what it last listed.
    func shortcuts(ofDemo id: String) -> [ShortcutsGroup] {
        windows[id]?.listedShortcuts ?? shortcuts[id] ?? []
    }

    /// The demo whose window `window` is, or is a dialog over.
    func demoID(of window: Window) -> String? {
        var current: Window? = window
        while let candidate = current {
            if let id = windows.first(where: { $0.value === candidate })?.key { return id }
            current = candidate.transientFor
        }
        return nil
    }
}
