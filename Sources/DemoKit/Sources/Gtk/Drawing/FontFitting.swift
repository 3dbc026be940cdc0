internal import CGtk

/// Measuring a label's text at other fonts, for text that shrinks to fit.
extension Label {
    /// The size in pixels (logical, as allocations are) that one line of
    /// `text` (the label's own text when nil) takes in the font `description`
    /// ("Sans 35", Pango syntax), measured with the label's Pango context and
    /// without changing what the label shows.
    public func textPixelSize(of text: String? = nil, font description: String) -> (width: Int, height: Int) {
        guard let layout = gtk_widget_create_pango_layout(widget, text ?? self.text) else { return (0, 0) }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let font = pango_font_description_from_string(description)
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        return (Int(width), Int(height))
    }

    /// Whether Pango is cutting the shown text with an ellipsis right now.
    public var isEllipsized: Bool {
        guard let layout = gtk_label_get_layout(cast()) else { return false }
        return pango_layout_is_ellipsized(layout).bool
    }

    /// The family and size (in points) of the font set with `setFont`, as
    /// Pango reads them back; nil when the label has no font attribute.
    public var fontAttribute: (family: String, size: Double)? {
        guard let attributes = gtk_label_get_attributes(cast()) else { return nil }
        guard let iterator = pango_attr_list_get_iterator(attributes) else { return nil }
        defer { pango_attr_iterator_destroy(iterator) }
        let description = pango_font_description_new()
        defer { pango_font_description_free(description) }
        pango_attr_iterator_get_font(iterator, description, nil, nil)
        let mask = pango_font_description_get_set_fields(description)
        guard mask.rawValue & PANGO_FONT_MASK_SIZE.rawValue != 0 else { return nil }
        let family = pango_font_description_get_family(description).map { String(cString: $0) } ?? ""
        return (family, Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE))
    }
}

extension Widget {
    /// Styles this widget only with `css` rules (selectors as usual, e.g.
    /// `label { color: white; }`), at application priority; returns the
    /// provider so it can be kept or removed, and the parse error if any.
    @discardableResult
    public func applyStyle(_ css: String, priority: StylePriority = .application) -> (
        provider: CssProvider, error: String?
    ) {
        let provider = CssProvider()
        let error = provider.load(css)
        addStyleProvider(provider, priority: priority)
        return (provider, error)
    }

}
