import CGtk

/// How the program names itself to the desktop.
@MainActor
public enum Program {
    /// Sets the program name (GLib's prgname) and the X11 window class to
    /// `id`, so every window's WM_CLASS is `id` in both fields (what a desktop
    /// entry's `StartupWMClass` and the dock match), and the human-readable
    /// application name. Call before the first window is created.
    public static func identify(as id: String, name: String) {
        g_set_prgname(id)
        gdk_set_program_class(id)
        g_set_application_name(name)
    }

    /// GLib's program name (WM_CLASS's instance part).
    public static var name: String? { g_get_prgname().map { String(cString: $0) } }

    /// The X11 window class (WM_CLASS's class part).
    public static var windowClass: String? { gdk_get_program_class().map { String(cString: $0) } }
}
