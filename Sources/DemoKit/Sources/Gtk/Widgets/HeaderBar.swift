internal import CGtk

/// A `GtkHeaderBar`: the title bar with buttons, as GNOME apps have.
///
/// ```swift
/// let frame = DemoWindow(title: host.info.name, width: 400, height: 300)
/// let back = Button(iconName: "go-previous-symbolic", name: localized("Back"))
/// frame.headerBar.packStart(back)
/// frame.headerBar.subtitle = localized("Level 2")
/// ```
@MainActor
public final class HeaderBar: Container {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_header_bar_get_type() }

    /// A header bar titled `title`, with the window's close button unless
    /// `showsCloseButton` is false.
    public convenience init(title: String? = nil, showsCloseButton: Bool = true) {
        self.init(raw: UnsafeMutableRawPointer(gtk_header_bar_new()), transfer: .floating)
        if let title { self.title = title }
        gtk_header_bar_set_show_close_button(cast(), showsCloseButton.gboolean)
    }

    /// The title in the middle of the bar; `DemoWindow` sets it to the window's.
    public var title: String {
        get { gtk_header_bar_get_title(cast()).map { String(cString: $0) } ?? "" }
        set { gtk_header_bar_set_title(cast(), newValue) }
    }

    /// A smaller line under the title (a file's folder, a count), or nil for none.
    public var subtitle: String? {
        get { gtk_header_bar_get_subtitle(cast()).map { String(cString: $0) } }
        set { gtk_header_bar_set_subtitle(cast(), newValue) }
    }

    /// Replaces the title with a widget (a stack switcher, say).
    public func setCustomTitle(_ widget: Widget?) { gtk_header_bar_set_custom_title(cast(), widget?.widget) }

    /// Adds `child` at the start of the bar (the left in left-to-right
    /// languages), as a Back button goes.
    public func packStart(_ child: Widget) { gtk_header_bar_pack_start(cast(), child.widget) }
    /// Adds `child` at the end of the bar, as a demo's menu button goes (GNOME
    /// puts the main menu last).
    public func packEnd(_ child: Widget) { gtk_header_bar_pack_end(cast(), child.widget) }
}

extension Window {
    /// F10 opens the window's primary menu, as in every GNOME application:
    /// the last menu button of its title bar (GNOME packs the primary menu at
    /// the end). GTK 3 without a menu bar only moves the focus into the title
    /// bar on F10 (its first button), and a screen reader hears a button the
    /// person did not ask for. A window whose title bar has no menu button
    /// keeps GTK's behaviour.
    /// As the window goes, the focus is let go and the menu closed:
    /// destroyed with the focus on an item of its open menu (Down, then
    /// Ctrl+W), GTK handed the focus on to widgets already gone, with criticals.
    public func opensPrimaryMenuOnF10() {
        onKeyPress { window, key in
            guard key.keyval == Key.named("F10"), key.modifiers.isEmpty,
                let menu = window.primaryMenuButton
            else { return .proceed }
            menu.isActive = !menu.isActive
            return .stop
        }
        onDestroy { window in
            window.clearFocus()
            guard let menu = window.primaryMenuButton, menu.isActive else { return }
            menu.isActive = false
        }
    }

    /// The title bar's last shown, sensitive menu button, if any.
    var primaryMenuButton: MenuButton? {
        guard let titlebar = gtk_window_get_titlebar(cast()) else { return nil }
        return Object.wrap(UnsafeMutableRawPointer(titlebar), as: Widget.self).descendants
            .compactMap { $0.as(MenuButton.self) }.last { $0.isVisible && $0.isSensitive }
    }
}
