internal import CGtk

/// One installed font face, as Pango (through fontconfig) lists it.
public struct FontFace: Sendable, Hashable {
    /// The family name ("DejaVu Sans"), as a font description names it.
    public let family: String
    /// The face within the family ("Bold Oblique").
    public let faceName: String
    /// 100 (thin) … 400 (regular) … 900 (heavy).
    public let weight: Int
    /// Whether every character is as wide as the others, as code and number columns need.
    public let isMonospace: Bool
}

extension Widget {
    /// Every font face the widget's Pango context offers.
    public var installedFontFaces: [FontFace] {
        guard let context = gtk_widget_get_pango_context(widget) else { return [] }
        var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
        var familyCount: Int32 = 0
        pango_context_list_families(context, &families, &familyCount)
        guard let families else { return [] }
        defer { g_free(families) }
        var result: [FontFace] = []
        for index in 0..<Int(familyCount) {
            guard let family = families[index] else { continue }
            let name = String(cString: pango_font_family_get_name(family))
            let monospace = pango_font_family_is_monospace(family).bool
            var faces: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFace>?>?
            var faceCount: Int32 = 0
            pango_font_family_list_faces(family, &faces, &faceCount)
            guard let faces else { continue }
            for faceIndex in 0..<Int(faceCount) {
                guard let face = faces[faceIndex], let description = pango_font_face_describe(face) else { continue }
                let weight = Int(pango_font_description_get_weight(description).rawValue)
                pango_font_description_free(description)
                result.append(
                    FontFace(
                        family: name, faceName: String(cString: pango_font_face_get_face_name(face)),
                        weight: weight, isMonospace: monospace))
            }
            g_free(faces)
        }
        return result
    }

    /// The family fontconfig gives for "sans-serif" (the desktop's sans).
    public var defaultSansFamily: String? {
        guard let context = gtk_widget_get_pango_context(widget) else { return nil }
        let description = pango_font_description_from_string("sans-serif 12")
        defer { pango_font_description_free(description) }
        guard let font = pango_context_load_font(context, description) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(font)) }
        guard let loaded = pango_font_describe(font) else { return nil }
        defer { pango_font_description_free(loaded) }
        return pango_font_description_get_family(loaded).map { String(cString: $0) }
    }
}

extension Label {
    /// Sets the whole text's font by family, weight (100–900) and a size in
    /// pixels (not points), as a layout measured in pixels wants.
    public func setFont(family: String, weight: Int, pixelSize: Double) {
        let description = pango_font_description_new()
        pango_font_description_set_family(description, family)
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(max(100, min(1000, weight)))))
        pango_font_description_set_absolute_size(description, pixelSize * Double(PANGO_SCALE))
        let attributes = pango_attr_list_new()
        pango_attr_list_insert(attributes, pango_attr_font_desc_new(description))
        pango_font_description_free(description)
        gtk_label_set_attributes(cast(), attributes)
        pango_attr_list_unref(attributes)
    }

    /// The width in pixels of one line of `text` in a font given as in
    /// `setFont(family:weight:pixelSize:)`.
    public func textWidth(of text: String, family: String, weight: Int, pixelSize: Double) -> Double {
        guard let layout = gtk_widget_create_pango_layout(widget, text) else { return 0 }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let description = pango_font_description_new()
        pango_font_description_set_family(description, family)
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(max(100, min(1000, weight)))))
        pango_font_description_set_absolute_size(description, pixelSize * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return Double(logical.width) / Double(PANGO_SCALE)
    }
}
