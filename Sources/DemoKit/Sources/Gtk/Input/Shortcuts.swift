/// A keyboard shortcut as the Keyboard Shortcuts window lists it.
public struct Shortcut: Sendable, Equatable {
    /// GTK's accelerator syntax: "<Primary>z"; several, separated by spaces
    /// ("Left Right Up Down"); a range, "0...9".
    public var accelerator: String
    /// What it does, for people ("Undo").
    public var title: String

    public init(_ accelerator: String, _ title: String) {
        self.accelerator = accelerator
        self.title = title
    }
}

/// Shortcuts under one heading.
public struct ShortcutsGroup: Sendable, Equatable {
    public var title: String
    public var shortcuts: [Shortcut]

    public init(title: String, shortcuts: [Shortcut]) {
        self.title = title
        self.shortcuts = shortcuts
    }
}
