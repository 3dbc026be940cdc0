import CGtk
import DemoBasics
import Gtk
import ShellBasics

/// Where a window is on the screen, for the shell to reopen an edited demo
/// where the one it replaces was (Edit and Run's Live). A window manager may
/// place a window elsewhere; without one (X11, Xvfb) the position holds.
extension Window {
    /// The top-left corner of the window's frame, in root-window coordinates.
    public var position: (x: Int, y: Int) {
        var x: Int32 = 0, y: Int32 = 0
        gtk_window_get_position(cast(), &x, &y)
        return (Int(x), Int(y))
    }

    /// Asks for the frame's top-left corner at (`x`, `y`); before the window
    /// is shown, as the position it opens at.
    public func move(x: Int, y: Int) {
        gtk_window_move(cast(), Int32(clamping: x), Int32(clamping: y))
    }

    /// The window was moved or resized (GTK's `configure-event`).
    @discardableResult
    public func onConfigure(_ handler: @escaping @MainActor (Window) -> Void) -> UInt {
        onBoolean("configure-event") { window in
            handler(window)
            return false
        }
    }
}
