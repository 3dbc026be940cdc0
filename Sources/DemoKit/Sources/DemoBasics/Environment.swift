import Glibc

/// Environment variables and the XDG base directories.
public enum Environment {
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    @_spi(Shell) public static func set(_ name: String, _ value: String?) {
        if let value { setenv(name, value, 1) } else { unsetenv(name) }
    }

    /// `$XDG_CONFIG_HOME`, or `~/.config`.
    @_spi(Shell) public static var userConfigDirectory: String {
        nonEmpty("XDG_CONFIG_HOME") ?? FileSystem.join(homeDirectory, ".config")
    }

    /// `$XDG_DATA_HOME`, or `~/.local/share`.
    @_spi(Shell) public static var userDataDirectory: String {
        nonEmpty("XDG_DATA_HOME") ?? FileSystem.join(homeDirectory, ".local/share")
    }

    /// `$XDG_CACHE_HOME`, or `~/.cache`.
    @_spi(Shell) public static var userCacheDirectory: String {
        nonEmpty("XDG_CACHE_HOME") ?? FileSystem.join(homeDirectory, ".cache")
    }

    /// `$HOME`, or the password database's entry for this user.
    @_spi(Shell) public static var homeDirectory: String {
        if let home = nonEmpty("HOME") { return home }
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return "/" }
        return String(cString: directory)
    }

    // Read at each call, unlike GLib, which keeps the first answer: tests
    // that change them between cases stay honest.
    private static func nonEmpty(_ name: String) -> String? {
        guard let value = value(name), !value.isEmpty else { return nil }
        return value
    }
}

/// Writes text to standard error unbuffered.
@_spi(Shell) public func writeStandardError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
