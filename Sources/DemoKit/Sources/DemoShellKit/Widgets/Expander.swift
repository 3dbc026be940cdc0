import CGtk
import DemoBasics
import Gtk
import ShellBasics

/// A `GtkExpander`: a line that shows or hides what it stands for, read by
/// screen readers as expandable, expanded or not. Used without a child, as
/// the head of text folded in a text view (`TextView.fold`).
@MainActor
public final class Expander: Container {
    override public class var gtkType: UInt { gtk_expander_get_type() }

    public convenience init(label: String) {
        self.init(raw: UnsafeMutableRawPointer(gtk_expander_new(label)), transfer: .floating)
    }

    public var isExpanded: Bool {
        get { gtk_expander_get_expanded(cast()).bool }
        set { gtk_expander_set_expanded(cast(), newValue.gboolean) }
    }

    public var label: String {
        get { gtk_expander_get_label(cast()).map { String(cString: $0) } ?? "" }
        set { gtk_expander_set_label(cast(), newValue) }
    }

    /// Expanded or collapsed, by a click, a key or the code.
    @discardableResult
    public func onExpandedChanged(_ handler: @escaping @MainActor (Expander) -> Void) -> UInt {
        onNotify("expanded", handler)
    }
}
