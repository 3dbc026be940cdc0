internal import CGtk

extension SignalEmitter where Self: Widget {
    /// Runs when the theme (or anything else about the widget's style) changes.
    @discardableResult
    public func onStyleUpdated(_ handler: @escaping @MainActor (Self) -> Void) -> UInt { on("style-updated", handler) }
}

extension Widget {
    /// Whether the widget's text colour is light in its current state. Not
    /// the theme's variant: a light theme's text is light grey in a window in
    /// the background. For that, ask `ThemeVariant.isDark`.
    public var usesDarkColors: Bool {
        var color = GdkRGBA()
        let context = gtk_widget_get_style_context(widget)
        gtk_style_context_get_color(context, gtk_style_context_get_state(context), &color)
        return 0.2126 * color.red + 0.7152 * color.green + 0.0722 * color.blue > 0.5
    }

    /// Whether `self` is `other` or inside it.
    public func isInside(_ other: Widget) -> Bool {
        raw == other.raw || gtk_widget_is_ancestor(widget, other.widget).bool
    }
}
