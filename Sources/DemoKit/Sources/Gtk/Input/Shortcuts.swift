/// A keyboard shortcut as the Keyboard Shortcuts window lists it.
public struct Shortcut: Sendable, Equatable {
    /// GTK's accelerator syntax: "<Primary>z"; several, separated by spaces
    /// ("Left Right Up Down"); a range, "0...9".
    public var accelerator: String
    /// What it does, for people ("Undo").
    public var title: String

    /// A shortcut: the keys in GTK's accelerator syntax, then what they do ("<Primary>z", "Undo").
    public init(_ accelerator: String, _ title: String) {
        self.accelerator = accelerator
        self.title = title
    }
}

/// Shortcuts under one heading.
public struct ShortcutsGroup: Sendable, Equatable {
    /// The heading, for people ("Playing").
    public var title: String
    /// The shortcuts under the heading, in the order listed.
    public var shortcuts: [Shortcut]

    /// A group of `shortcuts` under `title`, as `onKeyPress(listing:)` and
    /// `listShortcuts(_:)` take it.
    public init(title: String, shortcuts: [Shortcut]) {
        self.title = title
        self.shortcuts = shortcuts
    }
}
