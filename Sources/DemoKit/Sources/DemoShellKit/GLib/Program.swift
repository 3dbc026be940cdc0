import CGtk
import CGtkShim
import DemoBasics
import Gtk
import ShellBasics

/// How the program names itself to the desktop.
@MainActor
public enum Program {
    /// Sets the program name (GLib's prgname) and the X11 window class to
    /// `id`, so every window's WM_CLASS is `id` in both fields (what a desktop
    /// entry's `StartupWMClass` and the dock match). Call after GTK is
    /// initialised (GTK's start-up sets the class from the prgname) and before
    /// the first window is created. The application name is left alone: GDK
    /// gives it to its hidden leader window, where a window title is looked for.
    /// `keepingName` leaves the name GTK's `--name` set (GDK applies its
    /// `--class` itself, when it opens the display).
    public static func identify(as id: String, keepingName: Bool = false) {
        if !keepingName { g_set_prgname(id) }
        gdk_set_program_class(id)
    }

    /// Writes standard output a line at a time even into a pipe (C's stdio
    /// buffers a pipe by blocks), so that a reader sees each line as it is
    /// printed and a crash loses none of them.
    public nonisolated static func lineBufferStandardOutput() { shim_line_buffered_stdout() }

    /// Asks the kernel for SIGTERM when the parent process ends (Linux's
    /// PR_SET_PDEATHSIG), so that a process started for another one never
    /// outlives it, even when that one is killed. False when `parent` is no
    /// longer the parent: it has ended already.
    public nonisolated static func endWithParent(_ parent: Int32) -> Bool { shim_end_with_parent(parent) == 0 }

    /// GLib's program name (WM_CLASS's instance part).
    public static var name: String? { g_get_prgname().map { String(cString: $0) } }

    /// The X11 window class (WM_CLASS's class part).
    public static var windowClass: String? { gdk_get_program_class().map { String(cString: $0) } }
}
