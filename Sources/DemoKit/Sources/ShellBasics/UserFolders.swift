import DemoBasics
import Glibc

/// The user's folders (XDG base directories) and the environment as the
/// shell changes it; plugins get their files through `DemoHost` instead.
extension Environment {
    public static func set(_ name: String, _ value: String?) {
        if let value { setenv(name, value, 1) } else { unsetenv(name) }
    }

    /// `$XDG_CONFIG_HOME`, or `~/.config`.
    public static var userConfigDirectory: String {
        nonEmpty("XDG_CONFIG_HOME") ?? FileSystem.join(homeDirectory, ".config")
    }

    /// `$XDG_DATA_HOME`, or `~/.local/share`.
    public static var userDataDirectory: String {
        nonEmpty("XDG_DATA_HOME") ?? FileSystem.join(homeDirectory, ".local/share")
    }

    /// `$XDG_CACHE_HOME`, or `~/.cache`.
    public static var userCacheDirectory: String {
        nonEmpty("XDG_CACHE_HOME") ?? FileSystem.join(homeDirectory, ".cache")
    }

    /// `$HOME`, or the password database's entry for this user.
    public static var homeDirectory: String {
        if let home = nonEmpty("HOME") { return home }
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return "/" }
        return String(cString: directory)
    }
}

/// Writes text to standard error unbuffered.
public func writeStandardError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
