import DemoBasics
import Gtk
import ShellBasics

/// A `GKeyFile`: the .ini-like format of desktop entries and plugin manifests.
///
/// The shell's face of the binding's own key file, which `Settings` uses
/// inside DemoKit without making it part of what plugins see (and of the
/// SDK's ABI). Not a GObject and not tied to the main thread.
public final class KeyFile {
    private let storage = Gtk.KeyFile()

    public init() {}

    /// Reads `path`, keeping translations (`Key[zh_CN]`) for every locale.
    /// The error's `kind` tells a file that is missing or cannot be read
    /// from one that was read and is not a key file (`.invalid`).
    public func load(path: String) throws(FileError) { try storage.load(path: path) }

    /// Parses key-file text.
    public func load(text: String) throws(FileError) { try storage.load(text: text) }

    public func hasGroup(_ group: String) -> Bool { storage.hasGroup(group) }
    public var groups: [String] { storage.groups }
    public func keys(in group: String) -> [String] { storage.keys(in: group) }

    /// The raw string value, or nil when absent.
    public func string(_ key: String, in group: String) -> String? { storage.string(key, in: group) }

    /// The value for the current locale (`Name[zh_CN]` under a Chinese locale),
    /// falling back to the untranslated key.
    public func localizedString(_ key: String, in group: String, locale: String? = nil) -> String? {
        storage.localizedString(key, in: group, locale: locale)
    }

    /// A 64-bit integer (GKeyFile's `get_integer` would cut it to 32 bits).
    public func integer(_ key: String, in group: String) -> Int? { storage.integer(key, in: group) }
    public func boolean(_ key: String, in group: String) -> Bool? { storage.boolean(key, in: group) }

    public func set(_ value: String, for key: String, in group: String) { storage.set(value, for: key, in: group) }
    public func set(_ value: Int, for key: String, in group: String) { storage.set(value, for: key, in: group) }
    public func set(_ value: Bool, for key: String, in group: String) { storage.set(value, for: key, in: group) }
    public func removeKey(_ key: String, in group: String) { storage.removeKey(key, in: group) }

    /// The file's text.
    public var text: String { storage.text }

    /// Writes atomically: a temporary file renamed over `path`, so a crash
    /// leaves either the old file or the new one, never half of one.
    public func save(path: String) throws(FileError) { try storage.save(path: path) }
}
