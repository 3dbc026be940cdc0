internal import CGtk
internal import CGtkShim

/// A `GtkPaned`: two children side by side (or stacked) with a divider the
/// user drags.
@MainActor
public final class Paned: Container {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_paned_get_type() }

    /// A paned with its children side by side (`.horizontal`) or one above the other (`.vertical`).
    public convenience init(_ orientation: Orientation) {
        self.init(raw: UnsafeMutableRawPointer(gtk_paned_new(orientation.gtk)), transfer: .floating)
    }

    /// The first (left or top) child. `resizes`: it grows with the paned;
    /// `shrinks`: it may become smaller than it asks to be.
    public func setStart(_ child: Widget, resizes: Bool = false, shrinks: Bool = false) {
        gtk_paned_pack1(cast(), child.widget, resizes.gboolean, shrinks.gboolean)
        shim_paned_focus_in_order(cast())
    }

    /// The second (right or bottom) child.
    public func setEnd(_ child: Widget, resizes: Bool = true, shrinks: Bool = false) {
        gtk_paned_pack2(cast(), child.widget, resizes.gboolean, shrinks.gboolean)
        shim_paned_focus_in_order(cast())  // Tab as drawn, not as GTK 3 sorts a paned's children
    }

    /// The divider's position in pixels from the start edge.
    public var position: Int {
        get { Int(gtk_paned_get_position(cast())) }
        set { gtk_paned_set_position(cast(), Int32(clamping: newValue)) }
    }

}

extension SignalEmitter where Self: Paned {
    /// Runs whenever the divider moves (dragged, set or by a resize).
    @discardableResult
    public func onPositionChanged(_ handler: @escaping @MainActor (Self) -> Void) -> UInt {
        onNotify("position", handler)
    }
}
