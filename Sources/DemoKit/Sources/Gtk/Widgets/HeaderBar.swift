import CGtk

/// A `GtkHeaderBar`: the title bar with buttons, as GNOME apps have.
@MainActor
public final class HeaderBar: Container {
    override public class var gtkType: GType { gtk_header_bar_get_type() }

    public convenience init(title: String? = nil, showsCloseButton: Bool = true) {
        self.init(raw: UnsafeMutableRawPointer(gtk_header_bar_new()), transfer: .floating)
        if let title { self.title = title }
        gtk_header_bar_set_show_close_button(cast(), showsCloseButton.gboolean)
    }

    public var title: String {
        get { gtk_header_bar_get_title(cast()).map { String(cString: $0) } ?? "" }
        set { gtk_header_bar_set_title(cast(), newValue) }
    }

    public var subtitle: String? {
        get { gtk_header_bar_get_subtitle(cast()).map { String(cString: $0) } }
        set { gtk_header_bar_set_subtitle(cast(), newValue) }
    }

    /// Replaces the title with a widget (a stack switcher, say).
    public func setCustomTitle(_ widget: Widget?) { gtk_header_bar_set_custom_title(cast(), widget?.widget) }

    public func packStart(_ child: Widget) { gtk_header_bar_pack_start(cast(), child.widget) }
    public func packEnd(_ child: Widget) { gtk_header_bar_pack_end(cast(), child.widget) }
}
