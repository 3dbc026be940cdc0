import CGtk

extension Window {
    /// Uses a picture file as the window's icon (for task switchers and
    /// docks); returns the error message if it cannot be loaded. An SVG is
    /// rendered at the sizes docks and switchers ask for (16 to 256 pixels),
    /// so it stays sharp in each (once: `PictureCache` keeps the renderings);
    /// a PNG is given at its own size.
    @discardableResult
    public func setIcon(path: String) -> String? {
        guard path.lowercased().hasSuffix(".svg") else {
            var error: UnsafeMutablePointer<GError>?
            if gtk_window_set_icon_from_file(cast(), path, &error).bool { return nil }
            return GLibError.take(error) ?? path
        }
        var pixbufs: [Pixbuf] = []
        for size in [16, 24, 32, 48, 64, 128, 256] {
            do { pixbufs.append(try PictureCache.pixbuf(path: path, width: size, height: size)) } catch { return error.message }
        }
        var list: UnsafeMutablePointer<GList>?
        for pixbuf in pixbufs.reversed() { list = g_list_prepend(list, UnsafeMutableRawPointer(pixbuf.pixbuf)) }
        gtk_window_set_icon_list(cast(), list) // takes its own references
        g_list_free(list)
        return nil
    }
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

extension Window {
    /// How many pictures the window's icon holds (0: none set on it).
    public var iconCount: Int {
        let list = gtk_window_get_icon_list(cast())
        defer { g_list_free(list) }
        return Int(g_list_length(list))
    }
}

extension AboutDialog {
    /// Whether the dialog shows a logo picture.
    public var hasLogo: Bool { gtk_about_dialog_get_logo(cast()) != nil }
}
