import CGtk

extension ToggleButton {
    /// A toggle button showing only a themed icon; `name` is its accessible
    /// name and tooltip. (Button's own `init()` would make a plain GtkButton.)
    public convenience init(iconName: String, name: String) {
        self.init(raw: UnsafeMutableRawPointer(gtk_toggle_button_new()), transfer: .floating)
        gtk_button_set_image(cast(), gtk_image_new_from_icon_name(iconName, GTK_ICON_SIZE_BUTTON))
        accessibleName = name
        tooltip = name
    }
}
