/// A plugin's settings: one key file per plugin, written atomically.
///
/// A file that cannot be parsed is moved aside to `FILE.bak` (never deleted),
/// a warning goes to stderr and the plugin starts from its defaults.
@MainActor
public final class Settings {
    public let path: String
    private let file = KeyFile()
    private let group = "Settings"

    /// Set when the file was corrupt and has been moved aside.
    public private(set) var recoveredFromCorruption = false

    public init(path: String) {
        self.path = path
        guard FileSystem.exists(path) else { return }
        do {
            try file.load(path: path)
        } catch {
            let backup = path + ".bak"
            FileSystem.rename(path, to: backup)
            recoveredFromCorruption = true
            printError("demo-shell: warning: settings file \(path) is corrupt (\(error.message)); using defaults, the old file is kept as \(backup)")
        }
    }

    /// The settings of plugin `id` under `$XDG_CONFIG_HOME/demo-shell/`.
    public convenience init(pluginID id: String) {
        self.init(path: FileSystem.join(Environment.userConfigDirectory, "demo-shell", "\(id).ini"))
    }

    public func string(_ key: String) -> String? { file.string(key, in: group) }
    public func integer(_ key: String) -> Int? { file.integer(key, in: group) }
    public func boolean(_ key: String) -> Bool? { file.boolean(key, in: group) }

    public func set(_ value: String, for key: String) { file.set(value, for: key, in: group) }
    public func set(_ value: Int, for key: String) { file.set(value, for: key, in: group) }
    public func set(_ value: Bool, for key: String) { file.set(value, for: key, in: group) }
    public func remove(_ key: String) { file.removeKey(key, in: group) }

    /// Writes the file; on failure the previous file is untouched and the
    /// message is returned for the demo to show.
    @discardableResult
    public func save() -> String? {
        do {
            try file.save(path: path)
            return nil
        } catch {
            return error.message
        }
    }
}

/// Writes a line to standard error.
public func printError(_ message: String) {
    var stream = StandardError()
    print(message, to: &stream)
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) { Gtk.writeStandardError(string) }
}
