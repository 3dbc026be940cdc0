import DemoBasics
package import ShellBasics
internal import CGtk

/// A `GKeyFile`: the .ini-like format of desktop entries and plugin manifests.
///
/// Not a GObject and not tied to the main thread, so it is a plain class.
package final class KeyFile {
    let file: OpaquePointer

    public init() {
        file = g_key_file_new()
        g_key_file_set_list_separator(file, CChar(UInt8(ascii: ";")))
    }

    deinit { g_key_file_unref(file) }

    /// Reads `path`, keeping translations (`Key[zh_CN]`) for every locale.
    /// The error's `kind` tells a file that is missing or cannot be read
    /// from one that was read and is not a key file (`.invalid`).
    public func load(path: String) throws(FileError) {
        var error: UnsafeMutablePointer<GError>?
        let flags = GKeyFileFlags(G_KEY_FILE_KEEP_TRANSLATIONS.rawValue | G_KEY_FILE_KEEP_COMMENTS.rawValue)
        if !g_key_file_load_from_file(file, path, flags, &error).bool {
            let failure = FileError(taking: error, fallback: "unreadable")
            // GLib reports a directory (any non-regular file) as a parse error.
            if failure.kind == .invalid && !FileSystem.isRegularFile(path) {
                throw FileError(message: failure.message, kind: .unreadable)
            }
            throw failure
        }
    }

    /// Parses key-file text.
    public func load(text: String) throws(FileError) {
        var error: UnsafeMutablePointer<GError>?
        let flags = GKeyFileFlags(G_KEY_FILE_KEEP_TRANSLATIONS.rawValue | G_KEY_FILE_KEEP_COMMENTS.rawValue)
        if !g_key_file_load_from_data(file, text, gsize(text.utf8.count), flags, &error).bool {
            throw FileError(message: GLibError.take(error) ?? "unparsable")
        }
    }

    public func hasGroup(_ group: String) -> Bool { g_key_file_has_group(file, group).bool }

    public var groups: [String] {
        var count: Int = 0
        guard let list = g_key_file_get_groups(file, &count) else { return [] }
        defer { g_strfreev(list) }
        return (0..<count).compactMap { list[$0].map { String(cString: $0) } }
    }

    public func keys(in group: String) -> [String] {
        var count: Int = 0
        guard let list = g_key_file_get_keys(file, group, &count, nil) else { return [] }
        defer { g_strfreev(list) }
        return (0..<count).compactMap { list[$0].map { String(cString: $0) } }
    }

    /// The raw string value, or nil when absent.
    public func string(_ key: String, in group: String) -> String? {
        guard let value = g_key_file_get_string(file, group, key, nil) else { return nil }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// The value for the current locale (`Name[zh_CN]` under a Chinese locale),
    /// falling back to the untranslated key.
    public func localizedString(_ key: String, in group: String, locale: String? = nil) -> String? {
        guard let value = g_key_file_get_locale_string(file, group, key, locale, nil) else { return nil }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// A 64-bit integer (GKeyFile's `get_integer` would cut it to 32 bits).
    public func integer(_ key: String, in group: String) -> Int? {
        var error: UnsafeMutablePointer<GError>?
        let value = g_key_file_get_int64(file, group, key, &error)
        if GLibError.take(error) != nil { return nil }
        return Int(value)
    }

    public func boolean(_ key: String, in group: String) -> Bool? {
        var error: UnsafeMutablePointer<GError>?
        let value = g_key_file_get_boolean(file, group, key, &error)
        if GLibError.take(error) != nil { return nil }
        return value.bool
    }

    public func set(_ value: String, for key: String, in group: String) {
        g_key_file_set_string(file, group, key, value)
    }
    public func set(_ value: Int, for key: String, in group: String) {
        g_key_file_set_int64(file, group, key, gint64(value))
    }
    public func set(_ value: Bool, for key: String, in group: String) {
        g_key_file_set_boolean(file, group, key, value.gboolean)
    }

    public func removeKey(_ key: String, in group: String) { g_key_file_remove_key(file, group, key, nil) }

    /// The file's text.
    public var text: String {
        guard let data = g_key_file_to_data(file, nil, nil) else { return "" }
        defer { g_free(data) }
        return String(cString: data)
    }

    /// Writes atomically: a temporary file renamed over `path`, so a crash
    /// leaves either the old file or the new one, never half of one.
    public func save(path: String) throws(FileError) {
        try FileSystem.writeAtomically(text, to: path)
    }
}
