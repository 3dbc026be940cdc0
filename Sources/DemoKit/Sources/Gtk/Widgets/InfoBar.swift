internal import CGtk

/// A `GtkInfoBar`: a message across the top of a window's content, the GNOME
/// way to say something went wrong without stopping the user with a dialog.
@MainActor
public final class InfoBar: Container {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_info_bar_get_type() }

    /// A bar holding `label`, which wraps, with GTK's close button; `dismiss`
    /// is that button's accessible name (GTK gives it none).
    public convenience init(kind: MessageKind, label: Label, dismiss: String) {
        self.init(raw: UnsafeMutableRawPointer(gtk_info_bar_new()), transfer: .floating)
        gtk_info_bar_set_message_type(cast(), kind.gtk)
        label.wraps = true
        label.xAlign = 0
        label.isSelectable = true
        label.canFocus = false
        let area = Object.wrap(UnsafeMutableRawPointer(gtk_info_bar_get_content_area(cast())), as: Container.self)
        area.add(label)
        gtk_info_bar_set_show_close_button(cast(), 1)
        for case let button as Button in descendants { button.accessibleName = dismiss }
    }

    /// Puts `button` beside the close button, where GNOME's bars offer what
    /// to do about the message ("Open Again"). It is an ordinary button: its
    /// own `onClicked` acts, and the bar's close handler is not called.
    public func addActionButton(_ button: Button) {
        let area = Object.wrap(UnsafeMutableRawPointer(gtk_info_bar_get_action_area(cast())), as: Container.self)
        area.add(button)
        button.show()
    }

    /// Calls `handler` when the bar's close button is pressed (or Escape is
    /// pressed inside the bar).
    @discardableResult
    public func onClose(_ handler: @escaping @MainActor (InfoBar) -> Void) -> UInt {
        connect("response", shape: .argument) { instance, _ in
            handler(Object.wrap(instance, as: InfoBar.self))
            return 0
        }
    }
}
