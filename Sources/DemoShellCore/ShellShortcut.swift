import DemoKit

/// The shell's keyboard shortcuts, as data (GTK-free; see ShellShortcutTests).
public enum ShellShortcut: Equatable, Sendable {
    case quit, closeWindow, search, about

    /// The shortcut for a key press, if any: Ctrl+Q, Ctrl+W, Ctrl+F, F1.
    /// Letters match in either case, so Caps Lock does not disable them.
    public init?(key: UInt32, modifiers: Modifiers) {
        if key == Key.f1 && modifiers.isEmpty { self = .about; return }
        guard modifiers == .control, let character = KeyEvent(keyval: key).character else { return nil }
        switch character.lowercased() {
        case "q": self = .quit
        case "w": self = .closeWindow
        case "f": self = .search
        default: return nil
        }
    }
}
