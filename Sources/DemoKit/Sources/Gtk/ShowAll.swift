import CGtk

extension Widget {
    /// When true, `showAll()` on a parent leaves this widget as it is, so a
    /// widget hidden on purpose (a back button on the first page) stays hidden.
    public var isExcludedFromShowAll: Bool {
        get { gtk_widget_get_no_show_all(widget).bool }
        set { gtk_widget_set_no_show_all(widget, newValue.gboolean) }
    }
}
