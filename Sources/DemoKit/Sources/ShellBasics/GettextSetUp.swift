internal import CBasics
import DemoBasics
import Glibc

extension Gettext {
    /// Sets the process locale from the environment and binds `domain` to the
    /// compiled catalogs in `directory` (`<dir>/<lang>/LC_MESSAGES/<domain>.mo`).
    /// The shell's start, not a plugin's: a plugin binds its own domain only.
    public static func setUp(domain: String, directory: String) {
        setlocale(LC_ALL, "")
        bind(domain: domain, directory: directory)
        textdomain(domain)
    }

    /// Makes `localized` without `domain:` in module `module` look in
    /// `domain` (bound beforehand with `bind`).
    public static func use(domain: String, inModule module: String) {
        moduleDomains.withLock { $0[module] = domain }
    }
}
