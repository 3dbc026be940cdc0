package import CGtk

extension Stack {
    /// Shows `page` (one of the stack's children) at once, without a
    /// transition: for audits that visit every page, whatever its name.
    @_spi(Testing) public func showImmediately(_ page: Widget) {
        let kept = gtk_stack_get_transition_type(cast())
        gtk_stack_set_transition_type(cast(), GTK_STACK_TRANSITION_TYPE_NONE)
        gtk_stack_set_visible_child(cast(), page.widget)
        gtk_stack_set_transition_type(cast(), kept)
    }
}
