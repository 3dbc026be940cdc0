import DemoBasics
internal import ShellBasics
internal import CGtk
import Glibc

/// SVG pictures (demo icons in the launcher, window icons, About logos)
/// rendered once and kept as PNG files in `$XDG_CACHE_HOME/demo-shell/pictures`.
/// Rendering an SVG loads librsvg and what it needs (private memory) and
/// took a large share of the launcher's start-up; reading a small PNG loads
/// nothing and is all but free. An entry is named after the file's
/// path and the pixel size, and after its size, modification time and inode,
/// so an edited or replaced picture is rendered again (and replaces the old
/// rendering). Anything that goes wrong (no cache folder, a full disk, a
/// damaged entry) falls back to rendering: the cache can only save time.
@MainActor
package enum PictureCache {
    /// Where the renderings are kept.
    package static var directory: String {
        FileSystem.join(Environment.userCacheDirectory, "demo-shell", "pictures")
    }

    /// `path` at `width` × `height` pixels (aspect kept), from the cache when
    /// it holds this version of the file. PNG and other bitmaps are read as
    /// they are: decoding them is as cheap as reading a rendering.
    package static func pixbuf(path: String, width: Int, height: Int) throws(Pixbuf.LoadError) -> Pixbuf {
        guard path.lowercased().hasSuffix(".svg"), let version = FileSystem.version(of: path) else {
            return try Pixbuf(path: path, width: width, height: height)
        }
        let picture = "\(path)\n\(width)x\(height)"
        let prefix = "\(hash(picture, seed: 0))-"
        let entry = FileSystem.join(directory, "\(prefix)\(hash(picture + "\n" + version, seed: 1)).png")
        if FileSystem.isRegularFile(entry), let cached = Pixbuf(png: entry),
            cached.width == width || cached.height == height
        {
            return cached
        }
        let rendered = try Pixbuf(path: path, width: width, height: height)
        store(rendered, at: entry, replacing: prefix)
        return rendered
    }

    /// Writes through a temporary file and a rename, so a reader never sees
    /// half a PNG, then removes older renderings of the same picture.
    private static func store(_ pixbuf: Pixbuf, at entry: String, replacing prefix: String) {
        let folder = FileSystem.dirname(entry)
        guard (try? FileSystem.makeDirectory(folder)) != nil else { return }
        let temporary = "\(entry).\(getpid()).tmp"
        guard pixbuf.save(to: temporary) == nil, FileSystem.rename(temporary, to: entry) else {
            FileSystem.remove(temporary)
            return
        }
        let kept = FileSystem.basename(entry)
        for name in FileSystem.contents(ofDirectory: folder) where name.hasPrefix(prefix) && name != kept {
            FileSystem.remove(FileSystem.join(folder, name))
        }
    }

    /// 64-bit FNV-1a, in hex: two with different seeds name an entry, so
    /// that two pictures sharing a name is out of reach.
    private static func hash(_ text: String, seed: UInt64) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325 ^ (seed &* 0x9e37_79b9_7f4a_7c15)
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01b3
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

extension Pixbuf {
    /// Reads a PNG without asking every image loader whether it is theirs,
    /// which cost more than decoding a small one; nil if it is no valid PNG.
    convenience init?(png path: String) {
        var contents: UnsafeMutablePointer<CChar>?
        var length: gsize = 0
        guard g_file_get_contents(path, &contents, &length, nil).bool, let contents else { return nil }
        defer { g_free(contents) }
        guard let loader = gdk_pixbuf_loader_new_with_type("png", nil) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        let written = contents.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
            gdk_pixbuf_loader_write(loader, $0, length, nil).bool
        }
        guard gdk_pixbuf_loader_close(loader, nil).bool, written,
            let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader)
        else { return nil }
        self.init(raw: UnsafeMutableRawPointer(pixbuf), transfer: .none)
    }
}
