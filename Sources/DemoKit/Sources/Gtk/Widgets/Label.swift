internal import CGtk

/// How lines of text line up (`GtkJustification`).
public enum Justification: Sendable {
    /// How wrapped lines line up with each other: `left`, `right`, `center`,
    /// or `fill` (stretched to both edges).
    case left, right, center, fill
    var gtk: GtkJustification {
        switch self {
        case .left: GTK_JUSTIFY_LEFT
        case .right: GTK_JUSTIFY_RIGHT
        case .center: GTK_JUSTIFY_CENTER
        case .fill: GTK_JUSTIFY_FILL
        }
    }
}

/// Where text too long for its space is cut (`PangoEllipsizeMode`).
public enum Ellipsis: Sendable {
    /// Where an ellipsis cuts a text too long for the label: `none` (the label
    /// grows instead), at the `start`, in the `middle` (a file path) or at the
    /// `end`.
    case none, start, middle, end
    var pango: PangoEllipsizeMode {
        switch self {
        case .none: PANGO_ELLIPSIZE_NONE
        case .start: PANGO_ELLIPSIZE_START
        case .middle: PANGO_ELLIPSIZE_MIDDLE
        case .end: PANGO_ELLIPSIZE_END
        }
    }
}

/// A `GtkLabel`.
///
/// ```swift
/// let greeting = Label()
/// greeting.wraps = true
/// greeting.justification = .center
/// greeting.isSelectable = true
/// greeting.setMarkup("<b>\(Markup.escape(localized("Hello!")))</b>")
/// greeting.announce(greeting.text)
/// ```
@MainActor
public final class Label: Widget {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_label_get_type() }

    /// A label showing `text` on one line; an empty label can be filled later
    /// (`text`, `setMarkup`).
    public convenience init(_ text: String = "") {
        self.init(raw: UnsafeMutableRawPointer(gtk_label_new(text)), transfer: .floating)
    }

    /// The plain text shown.
    public var text: String {
        get { String(cString: gtk_label_get_text(cast())) }
        set {
            let previous = namesWithoutIsolates(newValue) ? text : nil
            gtk_label_set_text(cast(), newValue)
            if let previous { nameWithoutIsolates(after: previous) }
        }
    }

    /// Sets Pango markup (escape user text with `Markup.escape`).
    public func setMarkup(_ markup: String) {
        let previous = namesWithoutIsolates(markup) ? text : nil
        gtk_label_set_markup(cast(), markup)
        if let previous { nameWithoutIsolates(after: previous) }
    }

    /// Whether the accessible name must be kept in step with the text, as
    /// the text is changed to `newText`: ATK names a label by its text,
    /// bidi isolates and all, so a label that shows isolates gets a name of
    /// its own, without them (`spoken`), which then follows its text. Every
    /// other label keeps ATK's name, its accessible made only when asked.
    private func namesWithoutIsolates(_ newText: String) -> Bool {
        g_object_get_data(gobject, Self.namedKey) != nil || Self.hasIsolates(newText)
    }

    private func nameWithoutIsolates(after previous: String) {
        g_object_set_data(gobject, Self.namedKey, UnsafeMutableRawPointer(bitPattern: 1))
        keepAccessibleName(inStepFrom: previous, to: text)
    }

    private static let namedKey = "demo-named-without-isolates"

    /// Text with an underscored mnemonic that focuses `target` on Alt+key.
    public func setMnemonic(_ text: String, for target: Widget) {
        gtk_label_set_text_with_mnemonic(cast(), text)
        gtk_label_set_mnemonic_widget(cast(), target.widget)
    }

    /// Whether a text longer than the label's width breaks into lines (between
    /// words, or within a word too long for a line).
    public var wraps: Bool {
        get { gtk_label_get_line_wrap(cast()).bool }
        set {
            gtk_label_set_line_wrap(cast(), newValue.gboolean)
            gtk_label_set_line_wrap_mode(cast(), PANGO_WRAP_WORD_CHAR)
        }
    }

    /// Where wrapped lines break (`wraps` sets `.wordCharacter`): a password
    /// or a code wraps at any character, not only between words.
    public var wrapMode: WrapMode {
        get {
            switch gtk_label_get_line_wrap_mode(cast()) {
            case PANGO_WRAP_CHAR: .character
            case PANGO_WRAP_WORD: .word
            default: .wordCharacter
            }
        }
        set {
            gtk_label_set_line_wrap_mode(
                cast(),
                newValue == .character ? PANGO_WRAP_CHAR : newValue == .word ? PANGO_WRAP_WORD : PANGO_WRAP_WORD_CHAR)
        }
    }

    /// How the lines of a wrapped text line up; `xAlign` places a single line.
    public var justification: Justification {
        get {
            switch gtk_label_get_justify(cast()) {
            case GTK_JUSTIFY_RIGHT: .right
            case GTK_JUSTIFY_CENTER: .center
            case GTK_JUSTIFY_FILL: .fill
            default: .left
            }
        }
        set { gtk_label_set_justify(cast(), newValue.gtk) }
    }

    /// Horizontal position of the text inside the label, 0 (left) to 1 (right).
    public var xAlign: Double {
        get { Double(gtk_label_get_xalign(cast())) }
        set { gtk_label_set_xalign(cast(), Float(newValue)) }
    }

    /// Vertical position of the text inside the label, 0 (top) to 1 (bottom).
    public var yAlign: Double {
        get { Double(gtk_label_get_yalign(cast())) }
        set { gtk_label_set_yalign(cast(), Float(newValue)) }
    }

    /// Cuts a text wider than the label with "…", instead of widening the window for it.
    public var ellipsis: Ellipsis {
        get {
            switch gtk_label_get_ellipsize(cast()) {
            case PANGO_ELLIPSIZE_START: .start
            case PANGO_ELLIPSIZE_MIDDLE: .middle
            case PANGO_ELLIPSIZE_END: .end
            default: .none
            }
        }
        set { gtk_label_set_ellipsize(cast(), newValue.pango) }
    }

    /// Lets the text be selected and copied, as a result a user may want to paste elsewhere.
    public var isSelectable: Bool {
        get { gtk_label_get_selectable(cast()).bool }
        set { gtk_label_set_selectable(cast(), newValue.gboolean) }
    }

    /// Width in characters the label asks for (-1: from its text).
    public var widthChars: Int {
        get { Int(gtk_label_get_width_chars(cast())) }
        set { gtk_label_set_width_chars(cast(), Int32(newValue)) }
    }

    /// The widest, in characters, a wrapping label asks to be (-1: no limit): keeps lines readable.
    public var maxWidthChars: Int {
        get { Int(gtk_label_get_max_width_chars(cast())) }
        set { gtk_label_set_max_width_chars(cast(), Int32(newValue)) }
    }

    /// Sets the font for the whole text, e.g. "Sans Bold 35" (Pango syntax).
    public func setFont(_ description: String) {
        let attributes = pango_attr_list_new()
        let font = pango_font_description_from_string(description)
        pango_attr_list_insert(attributes, pango_attr_font_desc_new(font))
        pango_font_description_free(font)
        gtk_label_set_attributes(cast(), attributes)
        pango_attr_list_unref(attributes)
    }

    /// Whether Pango may draw a hyphen where it breaks a line inside a word
    /// (it does by default). Off for text that must read exactly as it is,
    /// such as a password: the hyphen is not part of it. Replaces the
    /// label's other attributes (`setFont`).
    public func setInsertsHyphens(_ inserts: Bool) {
        let attributes = pango_attr_list_new()
        pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(inserts.gboolean))
        gtk_label_set_attributes(cast(), attributes)
        pango_attr_list_unref(attributes)
    }

    /// The width in pixels `sample` takes on one line in this label's font.
    public func pixelWidth(of sample: String) -> Int {
        guard let layout = gtk_widget_create_pango_layout(widget, sample) else { return 0 }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        return Int(width)
    }

    /// How many lines the text takes at the label's current width.
    public var lineCount: Int { Int(pango_layout_get_line_count(gtk_label_get_layout(cast()))) }

    /// The width of the text in pixels at the current font (one line).
    public var textPixelSize: (width: Int, height: Int) {
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_pixel_size(gtk_label_get_layout(cast()), &width, &height)
        return (Int(width), Int(height))
    }
}

/// Escaping for Pango markup.
public enum Markup {
    /// `text` with `<`, `>`, `&` and quotes escaped, so that text from users
    /// or files goes into `setMarkup(_:)` as it reads.
    public static func escape(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}

extension Label {
    /// The text as the label lays it out now, one string per line after
    /// wrapping: what a reader sees, for tests of wrapping and alignment.
    public var displayedLines: [String] {
        guard let layout = gtk_label_get_layout(cast()), let start = pango_layout_get_text(layout) else { return [] }
        let bytes = UnsafeRawBufferPointer(start: start, count: strlen(start))
        return (0..<pango_layout_get_line_count(layout)).compactMap { index in
            guard let line = pango_layout_get_line_readonly(layout, index) else { return nil }
            let from = Int(line.pointee.start_index), count = Int(line.pointee.length)
            guard from >= 0, count >= 0, from + count <= bytes.count else { return nil }
            return String(decoding: bytes[from..<(from + count)], as: UTF8.self)
        }
    }
}
