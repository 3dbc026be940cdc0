internal import CGtk
internal import CGtkShim

/// Every wrapper class of the binding, so that a pointer GTK hands back is
/// wrapped as the most specific class there is for its GType (a `GtkEntry`
/// reached through `children` is an `Entry`, not a `Widget`), and asking for
/// it again as another class finds that same wrapper.
///
/// A new binding class goes in this list (a test checks none is missing);
/// DemoShellKit's classes join through `register` at the shell's start.
@MainActor
package enum WrapperClasses {
    static let all: [Object.Type] = [
        Object.self, Application.self, CssProvider.self, Pixbuf.self,
        Gesture.self, GestureSingle.self, GestureDrag.self, GestureSwipe.self, GestureMultiPress.self,
        Widget.self, Container.self, Box.self, Grid.self, ScrolledWindow.self, Overlay.self, EventBox.self,
        Separator.self, DrawingArea.self, Label.self, Image.self, Switch.self,
        Button.self, ToggleButton.self, RadioButton.self, CheckButton.self,
        Entry.self, SearchEntry.self, SpinButton.self, TextView.self,
        ListBox.self, ListBoxRow.self, Stack.self, StackSwitcher.self, Revealer.self, HeaderBar.self,
        Paned.self, ComboBoxText.self,
        Window.self, Dialog.self, MessageDialog.self, AboutDialog.self, FileChooserDialog.self,
        Popover.self, MenuButton.self, ModelButton.self, TextLayout.self, InfoBar.self,
        ActionGroup.self, Menu.self, Spinner.self,
    ]

    /// GType → binding class, filled on first use (GTypes exist only then).
    private static var byType: [GType: Object.Type] = {
        var table: [GType: Object.Type] = [:]
        for type in all { table[type.gtkType] = type }
        return table
    }()

    /// Adds a class whose library is opened on first use: ` SourceView.self`
    /// (and ` SourceBuffer.self`) joins when `SourceViewLibrary.load()` has opened GtkSourceView (its
    /// GType does not exist before, and start-up must not open it).
    package static func register(_ type: Object.Type) { byType[type.gtkType] = type }

    /// The class to wrap `raw` with: the binding class nearest its GType that
    /// is a `T`, or `T` itself (a class of the caller's own, say).
    static func mostSpecific<T: Object>(for raw: UnsafeMutableRawPointer, as _: T.Type) -> T.Type {
        var type = shim_object_type(raw)
        while type != 0 && type != T.gtkType {
            if let found = byType[type] as? T.Type { return found }
            type = g_type_parent(type)
        }
        return T.self
    }
}
