package import CGtk

/// A `GtkCssProvider`: style sheet text for widgets.
///
/// ```swift
/// let style = CssProvider()
/// if let problem = style.load(path: host.resourcePath("style.css")) { printError(problem) }
/// let tile = Label("2048")
/// tile.addStyleClass("tile")
/// tile.addStyleProvider(style)
/// ```
@MainActor
public final class CssProvider: Object {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_css_provider_get_type() }

    /// An empty style sheet: `load(_:)` its CSS, then apply it to a widget
    /// (`addStyleProvider`) or to the screen.
    public convenience init() {
        self.init(raw: UnsafeMutableRawPointer(gtk_css_provider_new()), transfer: .full)
    }

    /// Loads CSS text; a syntax error is returned as a message, never thrown away.
    @discardableResult
    public func load(_ css: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        gtk_css_provider_load_from_data(cast(), css, -1, &error)
        return GLibError.take(error)
    }

    /// Loads a CSS file (relative `url()`s resolve against its folder).
    @discardableResult
    public func load(path: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        gtk_css_provider_load_from_path(cast(), path, &error)
        return GLibError.take(error)
    }

    /// Applies the style to every widget on the default screen.
    public func applyToScreen(priority: StylePriority = .application) {
        guard let screen = gdk_screen_get_default() else { return }
        gtk_style_context_add_provider_for_screen(screen, OpaquePointer(raw), priority.rawValue)
    }

    /// Takes the style back off every widget, as a demo's window that closes should.
    public func removeFromScreen() {
        guard let screen = gdk_screen_get_default() else { return }
        gtk_style_context_remove_provider_for_screen(screen, OpaquePointer(raw))
    }
}

package enum GLibError {
    /// The message of `error`, freeing it.
    package static func take(_ error: UnsafeMutablePointer<GError>?) -> String? {
        guard let error else { return nil }
        defer { g_error_free(error) }
        return String(cString: error.pointee.message)
    }
}
