import CGtk
import DemoBasics
import Glibc
import Gtk
import ShellBasics

/// A hint of Show Values: the 1-based line it ends, what it says, what its tooltip says.
public struct ValueHint: Equatable, Sendable {
    public let line: Int
    public let text: String
    public let details: String

    public init(line: Int, text: String, details: String) {
        self.line = line
        self.text = text
        self.details = details
    }
}

/// Show Values' hints over a source view: at the end of a line, dimmed,
/// the value it last computed. Drawn over the text window after the view
/// has drawn, never put in the buffer: the text the learner edits, copies
/// and builds stays theirs. Hovering a hint (or Ctrl+F1 on its line, GTK's
/// keyboard tooltip) shows its history.
///
/// Owned by its `SourceView`, which forwards to it; it connects to the
/// view's drawing and tooltip with the first hint.
@MainActor
final class ValueHintsLayer {
    private unowned let view: SourceView
    private var isConnected = false
    /// The hints by line.
    private var hints: [Int: ValueHint] = [:] {
        didSet { announced = nil }
    }
    /// The hint whose history the keyboard's tooltip last announced.
    private var announced: ValueHint?

    init(view: SourceView) { self.view = view }

    /// Replaces the hints of `lines` (nil text: that line's hint goes),
    /// leaving the others; redrawn in the next frame, once however many
    /// calls come before it.
    func update(_ changed: [ValueHint], removing gone: [Int]) {
        connect()
        for line in gone { hints[line] = nil }
        for hint in changed { hints[hint.line] = hint }
        afterHintsChanged()
    }

    /// Removes every hint (a new run, an edit that moved the lines).
    func clear() {
        guard !hints.isEmpty else { return }
        hints = [:]
        afterHintsChanged()
    }

    /// The hints the view holds, by line (what is drawn where it is in sight).
    var all: [ValueHint] { hints.values.sorted { $0.line < $1.line } }

    /// The tooltip of the hint under a point of the widget, or, with no
    /// point, of the cursor's line (the keyboard's tooltip).
    func details(atWidgetX x: Double?, y: Double?) -> String? { hint(underX: x, y: y)?.hint.details }

    /// Where hint `line` is drawn, in widget coordinates; nil when not in sight.
    func area(line: Int) -> Rect? {
        guard let hint = hints[line], let area = hintArea(hint, layout: nil) else { return nil }
        return Rect(x: Double(area.x), y: Double(area.y), width: Double(area.width), height: Double(area.height))
    }

    // MARK: Drawing

    /// Draws after the view, and answers its tooltip, from the first hint on.
    private func connect() {
        guard !isConnected else { return }
        isConnected = true
        g_signal_connect_data(
            view.gobject, "draw", unsafeBitCast(drawHintsTrampoline, to: GCallback.self), nil, nil, G_CONNECT_AFTER)
        g_signal_connect_data(
            view.gobject, "query-tooltip", unsafeBitCast(hintTooltipTrampoline, to: GCallback.self), nil, nil,
            GConnectFlags(rawValue: 0))
    }

    private func afterHintsChanged() {
        gtk_widget_set_has_tooltip(view.widget, (!hints.isEmpty).gboolean)
        gtk_widget_queue_draw(view.widget)  // GTK draws once per frame, whatever the number of calls
    }

    /// The hint's layout: the view's own (monospace) font, one line.
    private func hintLayout(_ hint: ValueHint) -> OpaquePointer? {
        gtk_widget_create_pango_layout(view.widget, hint.text)
    }

    /// Where `hint` goes, in widget coordinates: two spaces after the
    /// line's last character, centred on the line; nil when off screen.
    private func hintArea(_ hint: ValueHint, layout given: OpaquePointer?) -> GdkRectangle? {
        let textView: UnsafeMutablePointer<GtkTextView> = view.cast()
        guard hint.line >= 1, hint.line <= view.lineCount else { return nil }
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_line(view.buffer, &iter, Int32(hint.line - 1))
        if !gtk_text_iter_ends_line(&iter).bool { gtk_text_iter_forward_to_line_end(&iter) }
        var end = GdkRectangle()
        gtk_text_view_get_iter_location(textView, &iter, &end)
        var visible = GdkRectangle()
        gtk_text_view_get_visible_rect(textView, &visible)
        guard end.y + end.height > visible.y, end.y < visible.y + visible.height else { return nil }
        guard let layout = given ?? hintLayout(hint) else { return nil }
        defer { if given == nil { g_object_unref(UnsafeMutableRawPointer(layout)) } }
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        let gap = max(8, end.height)
        var x: Int32 = 0, y: Int32 = 0
        gtk_text_view_buffer_to_window_coords(
            textView, GTK_TEXT_WINDOW_WIDGET, end.x + gap, end.y + (end.height - height) / 2, &x, &y)
        return GdkRectangle(x: x, y: y, width: width, height: height)
    }

    func draw(_ cr: OpaquePointer) {
        guard !hints.isEmpty else { return }
        let view: UnsafeMutablePointer<GtkTextView> = self.view.cast()
        guard let textWindow = gtk_text_view_get_window(view, GTK_TEXT_WINDOW_TEXT),
            gtk_cairo_should_draw_window(cr, textWindow).bool
        else { return }
        // Only the lines in sight: a thousand hints cost what a screenful does.
        var visible = GdkRectangle()
        gtk_text_view_get_visible_rect(view, &visible)
        var top = GtkTextIter(), bottom = GtkTextIter()
        gtk_text_view_get_line_at_y(view, &top, visible.y, nil)
        gtk_text_view_get_line_at_y(view, &bottom, visible.y + visible.height, nil)
        let first = Int(gtk_text_iter_get_line(&top)) + 1, last = Int(gtk_text_iter_get_line(&bottom)) + 1
        let color = hintTextColor
        // The text window's area in widget coordinates: hints stay off the gutter.
        var left: Int32 = 0, origin: Int32 = 0
        gtk_text_view_buffer_to_window_coords(view, GTK_TEXT_WINDOW_WIDGET, visible.x, visible.y, &left, &origin)
        cairo_save(cr)
        cairo_rectangle(cr, Double(left), Double(origin), Double(visible.width), Double(visible.height))
        cairo_clip(cr)
        // Dimmed as GTK's dim-label is: the text's colour, half opaque.
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, 0.55)
        for line in first...max(first, last) {
            guard let hint = hints[line], let layout = hintLayout(hint) else { continue }
            if let area = hintArea(hint, layout: layout) {
                cairo_move_to(cr, Double(area.x), Double(area.y))
                pango_cairo_show_layout(cr, layout)
            }
            g_object_unref(UnsafeMutableRawPointer(layout))
        }
        cairo_restore(cr)
    }

    /// The colour of the code's text: the scheme's own when it sets one (a
    /// dark scheme's light grey), else the theme's text colour.
    private var hintTextColor: GdkRGBA {
        var color = GdkRGBA()
        if let getStyle = HintSymbols.getStyle,
            let scheme = SourceViewLibrary.api.getScheme(UnsafeMutableRawPointer(view.buffer)),
            let style = getStyle(scheme, "text"), Self.booleanProperty(style, "foreground-set"),
            let name = Self.stringProperty(style, "foreground"), gdk_rgba_parse(&color, name).bool
        {
            return color
        }
        let context = gtk_widget_get_style_context(view.widget)
        gtk_style_context_get_color(context, gtk_style_context_get_state(context), &color)
        return color
    }

    private static func booleanProperty(_ object: UnsafeMutableRawPointer, _ name: String) -> Bool {
        var value = GValue()
        g_value_init(&value, GType(5 << 2))  // G_TYPE_BOOLEAN
        defer { g_value_unset(&value) }
        g_object_get_property(object.assumingMemoryBound(to: GObject.self), name, &value)
        return g_value_get_boolean(&value).bool
    }

    private static func stringProperty(_ object: UnsafeMutableRawPointer, _ name: String) -> String? {
        var value = GValue()
        g_value_init(&value, GType(16 << 2))  // G_TYPE_STRING
        defer { g_value_unset(&value) }
        g_object_get_property(object.assumingMemoryBound(to: GObject.self), name, &value)
        return g_value_get_string(&value).map { String(cString: $0) }
    }

    /// Announces `hint`'s history, unless it was the last announced (GTK
    /// asks for the tooltip again as the pointer or the cursor moves).
    func announceDetails(_ hint: ValueHint) {
        guard announced != hint else { return }
        announced = hint
        _ = view.announce(hint.details)
    }

    /// The hint under widget point (x, y), or on the cursor's line when no
    /// point is given, with its area.
    func hint(underX x: Double?, y: Double?) -> (hint: ValueHint, area: GdkRectangle?)? {
        guard let x, let y else {
            return hints[view.cursorLine].map { ($0, hintArea($0, layout: nil)) }
        }
        var bufferX: Int32 = 0, bufferY: Int32 = 0
        gtk_text_view_window_to_buffer_coords(
            view.cast(), GTK_TEXT_WINDOW_WIDGET, Int32(x), Int32(y), &bufferX, &bufferY)
        var iter = GtkTextIter()
        gtk_text_view_get_line_at_y(view.cast(), &iter, bufferY, nil)
        guard let hint = hints[Int(gtk_text_iter_get_line(&iter)) + 1], let area = hintArea(hint, layout: nil),
            Int32(x) >= area.x, Int32(x) < area.x + area.width
        else { return nil }
        return (hint, area)
    }
}

/// `gtk_source_style_scheme_get_style`, from the GtkSourceView already opened.
@MainActor
private enum HintSymbols {
    static let getStyle: (@convention(c) (UnsafeMutableRawPointer, UnsafePointer<CChar>) -> UnsafeMutableRawPointer?)? =
        {
            guard SourceViewLibrary.isLoaded,
                let handle = dlopen(SourceViewLibrary.libraryName, RTLD_NOLOAD | RTLD_LAZY)
            else { return nil }
            defer { dlclose(handle) }  // the library stays: SourceViewLibrary holds it
            return dlsym(handle, "gtk_source_style_scheme_get_style").map {
                unsafeBitCast(
                    $0,
                    to: (@convention(c) (UnsafeMutableRawPointer, UnsafePointer<CChar>) -> UnsafeMutableRawPointer?)
                        .self)
            }
        }()
}

// GTK calls these on the main thread; the pointers cross into the main
// actor as addresses (a pointer is not Sendable).
private let drawHintsTrampoline:
    @convention(c) (UnsafeMutableRawPointer, OpaquePointer?, UnsafeMutableRawPointer?) -> gboolean = { view, cr, _ in
        guard let cr else { return 0 }
        let viewAddress = UInt(bitPattern: view), crAddress = UInt(bitPattern: cr)
        MainActor.assumeIsolated {
            guard let view = UnsafeMutableRawPointer(bitPattern: viewAddress),
                let cr = OpaquePointer(bitPattern: crAddress)
            else { return }
            Object.wrap(view, as: SourceView.self).valueHintsLayer.draw(cr)
        }
        return 0
    }

private let hintTooltipTrampoline:
    @convention(c) (UnsafeMutableRawPointer, gint, gint, gboolean, OpaquePointer?, UnsafeMutableRawPointer?)
        -> gboolean = { view, x, y, keyboard, tooltip, _ in
            guard let tooltip else { return 0 }
            let viewAddress = UInt(bitPattern: view), tooltipAddress = UInt(bitPattern: tooltip)
            return MainActor.assumeIsolated {
                guard let view = UnsafeMutableRawPointer(bitPattern: viewAddress),
                    let tooltip = OpaquePointer(bitPattern: tooltipAddress)
                else { return 0 }
                let layer = Object.wrap(view, as: SourceView.self).valueHintsLayer
                guard
                    let found = keyboard.bool
                        ? layer.hint(underX: nil, y: nil) : layer.hint(underX: Double(x), y: Double(y))
                else { return 0 }
                gtk_tooltip_set_text(tooltip, found.hint.details)
                if var area = found.area { gtk_tooltip_set_tip_area(tooltip, &area) }
                // GTK 3's tooltip window never says it is showing, so a screen
                // reader would not read it: the keyboard's tooltip (Ctrl+F1) is also
                // announced, once for each history it shows.
                if keyboard.bool { layer.announceDetails(found.hint) }
                return 1
            }
        }
