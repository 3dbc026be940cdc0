import Gtk

/// The binding's cache of rendered SVG pictures, for its tests: where its
/// entries are and what it returns. The cache itself is the binding's own
/// (`Gtk.PictureCache`, a `package` type); plugins never see it.
@MainActor
public enum PictureCache {
    /// Where the renderings are kept.
    public static var directory: String { Gtk.PictureCache.directory }

    /// `path` at `width` × `height` pixels, from the cache when it holds this
    /// version of the file (see `Gtk.PictureCache.pixbuf`).
    public static func pixbuf(path: String, width: Int, height: Int) throws(Pixbuf.LoadError) -> Pixbuf {
        try Gtk.PictureCache.pixbuf(path: path, width: width, height: height)
    }
}
