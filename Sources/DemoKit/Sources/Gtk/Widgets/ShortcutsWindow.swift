@_spi(Shell) import DemoBasics
import CGtk

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

/// One page of the window (the launcher's, a demo's), chosen from its title bar.
@_spi(Shell) public struct ShortcutsSection: Sendable, Equatable {
    public var name: String
    public var title: String
    public var groups: [ShortcutsGroup]

    public init(name: String, title: String, groups: [ShortcutsGroup]) {
        self.name = name
        self.title = title
        self.groups = groups
    }
}

/// GNOME's Keyboard Shortcuts window (`GtkShortcutsWindow`, Ctrl+?), built
/// from data: GTK 3 builds its sections only from a UI description, so this
/// writes one (every text escaped) and lets GtkBuilder read it.
@MainActor
@_spi(Shell) public final class ShortcutsWindow: Window {
    override public class var gtkType: GType { gtk_shortcuts_window_get_type() }

    /// The window with `sections`, showing `shownSection` first; nil if GTK
    /// refuses the description (it cannot, for well-formed data).
    public static func make(sections: [ShortcutsSection], showing shownSection: String? = nil) -> ShortcutsWindow? {
        let builder = gtk_builder_new()!
        defer { g_object_unref(builder) }
        var error: UnsafeMutablePointer<GError>?
        guard gtk_builder_add_from_string(builder, description(of: sections), gsize.max, &error) != 0 else {
            if let message = GLibError.take(error) { writeStandardError("demo-shell: Keyboard Shortcuts: \(message)\n") }
            return nil
        }
        guard let object = gtk_builder_get_object(builder, "shortcuts") else { return nil }
        // A toplevel belongs to GTK's list of windows, not to the builder.
        let window = Object.wrap(UnsafeMutableRawPointer(object), as: ShortcutsWindow.self)
        if let shownSection { window.setProperty("section-name", shownSection) }
        return window
    }

    /// Names the window and its search button for screen readers: GTK
    /// leaves both unnamed, and the button has the focus when the window opens.
    public func nameForScreenReaders(_ name: String, searchButton: String) {
        accessibleName = name
        for widget in descendants where widget.typeName == "GtkToggleButton" && widget.accessibleName.isEmpty {
            widget.accessibleName = searchButton
        }
    }

    /// The page shown: a section's name.
    public var shownSection: String {
        get { stringProperty("section-name") ?? "" }
        set { setProperty("section-name", newValue) }
    }

    /// The UI description GtkBuilder reads.
    nonisolated static func description(of sections: [ShortcutsSection]) -> String {
        func escaped(_ text: String) -> String {
            var out = ""
            for character in text.unicodeScalars {
                switch character {
                case "&": out += "&amp;"
                case "<": out += "&lt;"
                case ">": out += "&gt;"
                case "\"": out += "&quot;"
                default: out.unicodeScalars.append(character)
                }
            }
            return out
        }
        func property(_ name: String, _ value: String) -> String {
            "<property name=\"\(name)\">\(escaped(value))</property>"
        }
        var xml = "<interface><object class=\"GtkShortcutsWindow\" id=\"shortcuts\">" + property("modal", "1")
        for section in sections {
            xml += "<child><object class=\"GtkShortcutsSection\">" + property("visible", "1")
                + property("section-name", section.name) + property("title", section.title) + property("max-height", "12")
            for group in section.groups where !group.shortcuts.isEmpty {
                xml += "<child><object class=\"GtkShortcutsGroup\">" + property("visible", "1") + property("title", group.title)
                for shortcut in group.shortcuts {
                    xml += "<child><object class=\"GtkShortcutsShortcut\">" + property("visible", "1")
                        + property("accelerator", shortcut.accelerator) + property("title", shortcut.title)
                        + "</object></child>"
                }
                xml += "</object></child>"
            }
            xml += "</object></child>"
        }
        return xml + "</object></interface>"
    }
}
