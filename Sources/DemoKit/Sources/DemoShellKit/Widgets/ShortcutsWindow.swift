import CGtk
import DemoBasics
import Gtk
import ShellBasics

/// One page of the window (the launcher's, a demo's), chosen from its title bar.
public struct ShortcutsSection: Sendable, Equatable {
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
public final class ShortcutsWindow: Window {
    override public class var gtkType: UInt { gtk_shortcuts_window_get_type() }

    /// The window with `sections`, showing `shownSection` first; nil if GTK
    /// refuses the description (it cannot, for well-formed data).
    public static func make(sections: [ShortcutsSection], showing shownSection: String? = nil) -> ShortcutsWindow? {
        let builder = gtk_builder_new()!
        defer { g_object_unref(builder) }
        var error: UnsafeMutablePointer<GError>?
        guard gtk_builder_add_from_string(builder, description(of: sections), gsize.max, &error) != 0 else {
            if let message = GLibError.take(error) {
                writeStandardError("demo-shell: Keyboard Shortcuts: \(message)\n")
            }
            return nil
        }
        guard let object = gtk_builder_get_object(builder, "shortcuts") else { return nil }
        // A toplevel belongs to GTK's list of windows, not to the builder.
        let window = Object.wrap(UnsafeMutableRawPointer(object), as: ShortcutsWindow.self)
        if let shownSection { window.setProperty("section-name", shownSection) }
        return window
    }

    /// What `nameForScreenReaders` names in the window, in the user's language.
    public struct Names {
        /// The window's name and title ("Keyboard Shortcuts").
        public var window: String
        public var searchButton: String
        /// The search field's icons.
        public var searchIcon: String, clearIcon: String
        /// The search's results, a scrolled pane that takes the focus.
        public var searchResults: String
        /// A section's page button: "Page 1", not GTK's "1".
        public var page: @Sendable (Int) -> String
        /// The menu of sections (shown when there are several), by the
        /// section shown: "Shortcuts of Demo Shell".
        public var sections: @Sendable (String) -> String
        /// A group's first shortcut, heard with the group's title: "General: Quit".
        public var firstInGroup: @Sendable (_ group: String, _ shortcut: String) -> String

        public init(
            window: String, searchButton: String, searchIcon: String, clearIcon: String,
            searchResults: String, page: @escaping @Sendable (Int) -> String,
            sections: @escaping @Sendable (String) -> String,
            firstInGroup: @escaping @Sendable (_ group: String, _ shortcut: String) -> String
        ) {
            self.window = window
            self.searchButton = searchButton
            self.searchIcon = searchIcon
            self.clearIcon = clearIcon
            self.searchResults = searchResults
            self.page = page
            self.sections = sections
            self.firstInGroup = firstInGroup
        }
    }

    /// Names for screen readers what GTK leaves unnamed or names for its
    /// own purposes: the window (titled "Shortcuts" by GTK), its search
    /// button (which has the focus when the window opens), the search
    /// field's icons (their icon names otherwise), the results pane, the
    /// page buttons ("1", "2") and each group, whose
    /// title GTK keeps out of the accessibility tree.
    public func nameForScreenReaders(_ names: Names) {
        apply(names, once: true)
        // A section lays its groups out in pages as it is shown: the page
        // buttons are made then.
        on("map") { window in window.idle { [weak window] in window?.apply(names, once: false) } }
        onNotify("section-name") { window in window.idle { [weak window] in window?.apply(names, once: false) } }
    }

    /// `once`: what keeps its name (the search field's icons, named again
    /// by the field itself whenever they change) is named too.
    private func apply(_ names: Names, once: Bool) {
        accessibleName = names.window
        title = names.window
        for widget in descendants {
            switch widget.typeName {
            case "GtkToggleButton" where widget.accessibleName.isEmpty:
                widget.accessibleName = names.searchButton
            case "GtkMenuButton":
                // It shows the section's title, which its name must say too.
                let shown = widget.descendants.compactMap { $0.as(Label.self) }.first?.text ?? ""
                widget.accessibleName = names.sections(shown)
            case "GtkScrolledWindow" where widget.accessibleName.isEmpty:
                widget.accessibleName = names.searchResults
            case "GtkSearchEntry" where once:
                widget.as(Entry.self)?.nameIcons(primary: names.searchIcon, secondary: names.clearIcon)
            case "GtkShortcutsGroup":
                let group = widget.stringProperty("title") ?? ""
                widget.accessibleName = group
                // GTK keeps the group's title out of the tree, not its
                // shortcuts' texts: the first one says the group first.
                if let first = widget.descendants.first(where: { $0.typeName == "GtkShortcutsShortcut" }),
                    let title = first.descendants.compactMap({ $0.as(Label.self) })
                        .first(where: { $0.parent?.typeName != "GtkShortcutLabel" && !$0.text.isEmpty })
                {
                    title.accessibleName = names.firstInGroup(group, title.text)
                }
            case "GtkStackSwitcher" where widget.parent.map { $0.typeName == "GtkBox" } ?? false:
                let buttons = widget.descendants.filter { $0.typeName == "GtkRadioButton" }
                for (index, button) in buttons.enumerated() { button.accessibleName = names.page(index + 1) }
            case "GtkLabel" where widget.parent?.parent?.typeName == "GtkHeaderBar":
                // The header's title, "Shortcuts" while there is one section.
                widget.as(Label.self)?.text = names.window
            default:
                break
            }
        }
    }

    /// The page shown: a section's name.
    public var shownSection: String {
        get { stringProperty("section-name") ?? "" }
        set { setProperty("section-name", newValue) }
    }

    /// The UI description GtkBuilder reads.
    nonisolated static func description(of sections: [ShortcutsSection]) -> String {
        func property(_ name: String, _ value: String) -> String {
            "<property name=\"\(name)\">\(XMLText.escaped(value))</property>"
        }
        var xml = "<interface><object class=\"GtkShortcutsWindow\" id=\"shortcuts\">" + property("modal", "1")
        for section in sections {
            xml +=
                "<child><object class=\"GtkShortcutsSection\">" + property("visible", "1")
                + property("section-name", section.name) + property("title", section.title)
                + property("max-height", "12")
            for group in section.groups where !group.shortcuts.isEmpty {
                xml +=
                    "<child><object class=\"GtkShortcutsGroup\">" + property("visible", "1")
                    + property("title", group.title)
                for shortcut in group.shortcuts {
                    xml +=
                        "<child><object class=\"GtkShortcutsShortcut\">" + property("visible", "1")
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
