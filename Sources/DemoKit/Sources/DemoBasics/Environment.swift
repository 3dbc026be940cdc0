import Glibc

/// Environment variables and the XDG base directories.
public enum Environment {
    /// The value of the environment variable `name`, read anew at each call;
    /// nil when it is not set.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    // Read at each call, unlike GLib, which keeps the first answer: tests
    // that change them between cases stay honest.
    package static func nonEmpty(_ name: String) -> String? {
        guard let value = value(name), !value.isEmpty else { return nil }
        return value
    }
}
