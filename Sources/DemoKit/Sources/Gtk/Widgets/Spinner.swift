internal import CGtk

/// A `GtkSpinner`: work under way whose end is not known (a build).
@MainActor
public final class Spinner: Widget {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_spinner_get_type() }

    /// A spinner, still until `isSpinning` is set.
    public convenience init() {
        self.init(raw: UnsafeMutableRawPointer(gtk_spinner_new()), transfer: .floating)
    }

    /// Spinning, and shown while it spins.
    public var isSpinning: Bool {
        get { boolProperty("active") }
        set {
            if newValue { gtk_spinner_start(cast()) } else { gtk_spinner_stop(cast()) }
            isVisible = newValue
        }
    }
}
