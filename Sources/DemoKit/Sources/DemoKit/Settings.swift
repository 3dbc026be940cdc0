import Gtk
internal import ShellBasics

/// A plugin's settings: one key file per plugin, written atomically.
///
/// Settings never lose a file:
/// - a file that was read but is not a key file is corrupt: it is moved aside
///   to `FILE.bak` (or `FILE.bak.1`, `.2`… when earlier backups exist, which
///   are never replaced), a warning goes to stderr, and the plugin starts
///   from its defaults;
/// - a file that cannot be read (permissions, a directory at that path, an
///   I/O error), or a corrupt one that cannot be moved aside, is left exactly
///   where it is: the plugin runs on defaults, a warning goes to stderr, and
///   `save` refuses to write over it;
/// - a save that fails (a full disk, a read-only folder) leaves the previous
///   file untouched and returns the message for the demo to show.
@MainActor
public final class Settings {
    /// The key file's path, `$XDG_CONFIG_HOME/demo-shell/ID.ini` for a plugin's own settings.
    public let path: String
    private let file = KeyFile()
    private let group = "Settings"

    /// Set when the file was corrupt and has been moved aside.
    public private(set) var recoveredFromCorruption = false
    /// Where a corrupt file was moved.
    public private(set) var backupPath: String?
    /// Why the existing file could not be used, when it is kept as it was;
    /// `save` then writes nothing.
    public private(set) var problem: String?

    /// Settings kept in the key file at `path`, read now; a demo gets its own
    /// as `host.settings`, so it rarely makes one.
    public init(path: String) {
        self.path = path
        // A save cut short by a kill (Stop) before this start.
        AtomicFile.removeLeftovers(of: path)
        do {
            try file.load(path: path)
        } catch  where error.kind == .missing {
            return
        } catch  where error.kind == .invalid {
            // A linked file (dotfiles) moves aside behind its link, which stays.
            if let backup = FileSystem.moveAside(FileSystem.resolvingLinks(path)) {
                recoveredFromCorruption = true
                backupPath = backup
                printError(
                    "demo-shell: warning: settings file \(path) is corrupt (\(error.message)); using defaults, the old file is kept as \(backup)"
                )
            } else {
                keep(
                    because: localized("it is corrupt ({reason}) and could not be moved aside")
                        .filling(["reason": error.message]))
            }
        } catch {
            keep(because: localized("it cannot be read ({reason})").filling(["reason": error.message]))
        }
    }

    private func keep(because reason: String) {
        problem = reason
        printError(
            "demo-shell: warning: settings file \(path) is left as it is: \(reason); using defaults, and changes will not be saved"
        )
    }

    /// What the user should be told about the file as it was found, for the
    /// window to show (nil: it was read, or there was none). Names a backup
    /// only when one was made.
    public var loadWarning: String? {
        if let backupPath {
            return localized(
                "Your saved settings were damaged, so the defaults are used. The old file is kept as {backup}."
            )
            .filling(["backup": backupPath])
        }
        if let problem {
            return localized(
                "Your saved settings in {path} are not used, because {reason}. The defaults apply, and changes will not be saved."
            )
            .filling(["path": path, "reason": problem])
        }
        return nil
    }

    /// Copies the file as it is now on disk to `FILE.bak` (`.bak.1`… when
    /// taken), before a demo replaces part of it that it could not use (a
    /// damaged saved game). Returns the copy's path, or nil when none was made.
    public func keepCopy() -> String? { FileSystem.copyAside(FileSystem.resolvingLinks(path)) }

    /// The settings of plugin `id` under `$XDG_CONFIG_HOME/demo-shell/`.
    public convenience init(pluginID id: String) {
        self.init(path: Self.path(pluginID: id))
    }

    /// Where plugin `id`'s settings are: `$XDG_CONFIG_HOME/demo-shell/ID.ini`.
    public nonisolated static func path(pluginID id: String) -> String {
        FileSystem.join(Environment.userConfigDirectory, "demo-shell", "\(id).ini")
    }

    /// The text stored under `key`, or nil when there is none yet (use a default then).
    public func string(_ key: String) -> String? { file.string(key, in: group) }
    /// Any `Int`, all 64 bits of it.
    public func integer(_ key: String) -> Int? { file.integer(key, in: group) }
    /// The switch stored under `key`, or nil when there is none yet.
    public func boolean(_ key: String) -> Bool? { file.boolean(key, in: group) }

    /// Stores `value` under `key` in memory; the shell writes the file when
    /// the demo's window closes (`save()` writes it now).
    public func set(_ value: String, for key: String) { file.set(value, for: key, in: group) }
    /// Stores `value` under `key` in memory; the shell writes the file when
    /// the demo's window closes.
    public func set(_ value: Int, for key: String) { file.set(value, for: key, in: group) }
    /// Stores `value` under `key` in memory; the shell writes the file when
    /// the demo's window closes.
    public func set(_ value: Bool, for key: String) { file.set(value, for: key, in: group) }
    /// Forgets `key`, so its reader falls back to its default.
    public func remove(_ key: String) { file.removeKey(key, in: group) }

    /// Writes the file; on failure the previous file is untouched and the
    /// message is returned for the demo to show (nil: saved).
    @discardableResult
    public func save() -> String? {
        if let problem {
            return localized("Settings were not saved: {path} is kept as it is, because {reason}.")
                .filling(["path": path, "reason": problem])
        }
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
    mutating func write(_ string: String) { writeStandardError(string) }
}
