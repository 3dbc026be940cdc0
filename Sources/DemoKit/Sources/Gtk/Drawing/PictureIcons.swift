internal import CGtk

extension Window {
    /// The sizes, in logical pixels, at which a window's icon is given to
    /// the window manager: what title bars, task bars and switchers draw
    /// (docks and GNOME Shell take the desktop entry's icon instead). GTK
    /// keeps every size in memory and sends them all to the X server at
    /// 8 bytes a pixel: sizes nothing draws would cost every demo's start
    /// time and private memory. The application's icon
    /// has a PNG at each of these sizes at 1× and 2×, so no start renders
    /// its SVG (librsvg).
    static let iconSizes = [16, 32, 64]

    /// Uses a picture file as the window's icon; returns the error message
    /// if it cannot be loaded. An SVG is rendered at `iconSizes` times the
    /// display's scale, so it stays sharp in each (once: `PictureCache`
    /// keeps the renderings); a PNG is given at its own size.
    @discardableResult
    public func setIcon(path: String) -> String? {
        guard path.lowercased().hasSuffix(".svg") else {
            var error: UnsafeMutablePointer<GError>?
            if gtk_window_set_icon_from_file(cast(), path, &error).bool { return nil }
            return GLibError.take(error) ?? path
        }
        var pixbufs: [Pixbuf] = []
        for size in Self.iconSizes.map({ $0 * scaleFactor }) {
            do { pixbufs.append(try PictureCache.pixbuf(path: path, width: size, height: size)) } catch {
                return error.message
            }
        }
        withPixbufList(pixbufs) { gtk_window_set_icon_list(cast(), $0) }  // takes its own references
        return nil
    }

    /// Gives every window that sets no icon of its own the theme's icon
    /// `name`, at `iconSizes` (GTK's own default icon name would load every
    /// size the theme has). Dialogs that show a logo still ask by name.
    public static func setDefaultIcon(themed name: String) {
        defaultIconName = name
        let theme = gtk_icon_theme_get_default()
        let display = gdk_display_get_default()
        let monitor = gdk_display_get_primary_monitor(display) ?? gdk_display_get_monitor(display, 0)
        let scale = monitor.map { gdk_monitor_get_scale_factor($0) } ?? 1
        let pixbufs = iconSizes.compactMap { size -> Pixbuf? in
            gtk_icon_theme_load_icon_for_scale(theme, name, Int32(size), max(1, scale), GtkIconLookupFlags(0), nil)
                .map { Pixbuf(raw: UnsafeMutableRawPointer($0), transfer: .full) }
        }
        guard !pixbufs.isEmpty else { return }
        withPixbufList(pixbufs) { gtk_window_set_default_icon_list($0) }
    }

    /// The widths, in pixels, of the pictures the window's own icon holds (empty: none set on it).
    public var iconWidths: [Int] { pixbufWidths(gtk_window_get_icon_list(cast())) }

    /// The widths, in pixels, of the pictures of the default icon (`setDefaultIcon`).
    public static var defaultIconWidths: [Int] { pixbufWidths(gtk_window_get_default_icon_list()) }
}

/// The widths of a GList of pixbufs, which it frees.
@MainActor
private func pixbufWidths(_ list: UnsafeMutablePointer<GList>?) -> [Int] {
    defer { g_list_free(list) }
    var widths: [Int] = []
    var node = list
    while let item = node {
        widths.append(Int(gdk_pixbuf_get_width(OpaquePointer(item.pointee.data))))
        node = item.pointee.next
    }
    return widths
}

/// Calls `body` with a GList of the pixbufs (which it must reference itself if it keeps them).
@MainActor
private func withPixbufList(_ pixbufs: [Pixbuf], _ body: (UnsafeMutablePointer<GList>?) -> Void) {
    var list: UnsafeMutablePointer<GList>?
    for pixbuf in pixbufs.reversed() { list = g_list_prepend(list, UnsafeMutableRawPointer(pixbuf.pixbuf)) }
    body(list)
    g_list_free(list)
}

extension AboutDialog {
    /// Uses a picture file (SVG or PNG) as the dialog's logo, `pixelSize`
    /// pixels square; returns the error message if it cannot be loaded.
    @discardableResult
    public func setLogo(path: String, pixelSize: Int = 128) -> String? {
        do {
            let pixbuf = try PictureCache.pixbuf(path: path, width: pixelSize, height: pixelSize)
            gtk_about_dialog_set_logo(cast(), pixbuf.pixbuf)
            return nil
        } catch {
            return error.message
        }
    }
}

extension AboutDialog {
    /// Whether the dialog shows a logo picture.
    public var hasLogo: Bool { gtk_about_dialog_get_logo(cast()) != nil }
}
