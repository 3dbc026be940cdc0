import CGtk
import CGtkShim
import DemoBasics
import Glibc
import Gtk
import ShellBasics

/// What a mark says of its line.
public enum GutterMark: String, CaseIterable, Sendable {
    case error = "demo-shell-error", warning = "demo-shell-warning"
    /// Show Values: a body starting on this line ran (a small arrow, under a problem's mark).
    case ran = "demo-shell-ran"

    var iconName: String {
        switch self {
        case .error: "dialog-error-symbolic"
        case .warning: "dialog-warning-symbolic"
        case .ran: "pan-end-symbolic"
        }
    }

    var priority: Int32 { self == .error ? 20 : self == .warning ? 10 : 5 }
}

/// Where on its line a problem is, to underline exactly that.
public struct ProblemSpan: Sendable, Equatable {
    /// 1-based.
    public var line: Int
    /// 1-based, in UTF-8 bytes as the compiler counts them.
    public var column: Int
    /// Where the range ends on the line (UTF-8 bytes, past its end); nil
    /// when the compiler gave no range: the word at `column` is meant.
    public var endColumn: Int?
    public var isError: Bool

    public init(line: Int, column: Int, endColumn: Int? = nil, isError: Bool) {
        self.line = line
        self.column = column
        self.endColumn = endColumn
        self.isError = isError
    }
}

/// A source view's marks: the lines a compiler complained about, tinted,
/// the exact range of each problem underlined (red for errors, amber for
/// warnings), with an icon in the gutter beside each (GtkSourceView's
/// line marks), symbolic so that it takes the theme's colour; and Show
/// Values' arrows beside the bodies that ran.
///
/// Owned by its `SourceView`, which forwards to it.
@MainActor
final class SourceMarks {
    private unowned let view: SourceView
    /// Whether the view's mark categories have their icons (set once).
    private var attributesSet = false

    init(view: SourceView) { self.view = view }

    private var bufferRaw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(view.buffer) }

    /// Tints and underlines 1-based `lines`, replacing those marked before.
    func markProblemLines(_ lines: [Int], warnings: Bool) {
        let buffer = view.buffer
        let table = gtk_text_buffer_get_tag_table(buffer)
        let name = warnings ? Self.warningTagName : Self.problemTagName
        var tag = gtk_text_tag_table_lookup(table, name)
        if tag == nil {
            let created = gtk_text_tag_new(name)
            shim_object_set_string(
                created, "paragraph-background", warnings ? "rgba(229,165,10,0.18)" : "rgba(224,27,36,0.16)")
            gtk_text_tag_table_add(table, created)
            g_object_unref(created)
            tag = created
        }
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        gtk_text_buffer_remove_tag(buffer, tag, &start, &end)
        let count = view.lineCount
        for line in Set(lines) where line >= 1 && line <= count {
            gtk_text_buffer_get_iter_at_line(buffer, &start, Int32(line - 1))
            end = start
            if !gtk_text_iter_ends_line(&end).bool { gtk_text_iter_forward_to_line_end(&end) }
            gtk_text_buffer_apply_tag(buffer, tag, &start, &end)
        }
    }

    /// The 1-based lines now tinted as errors.
    var markedProblemLines: [Int] {
        let buffer = view.buffer
        guard let tag = gtk_text_tag_table_lookup(gtk_text_buffer_get_tag_table(buffer), Self.problemTagName) else {
            return []
        }
        var lines: [Int] = []
        var iter = GtkTextIter()
        gtk_text_buffer_get_start_iter(buffer, &iter)
        repeat {
            if gtk_text_iter_has_tag(&iter, tag).bool { lines.append(Int(gtk_text_iter_get_line(&iter)) + 1) }
        } while gtk_text_iter_forward_line(&iter).bool
        return lines
    }

    private static let problemTagName = "demo-shell-problem"
    private static let errorSpanTagName = "demo-shell-error-span"
    private static let warningSpanTagName = "demo-shell-warning-span"

    /// Underlines each span's range (or the word at its column), replacing those underlined before.
    func underline(_ spans: [ProblemSpan]) {
        let buffer = view.buffer
        let errors = spanTag(Self.errorSpanTagName, colour: "#e01b24")
        let warnings = spanTag(Self.warningSpanTagName, colour: "#c88800")
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        gtk_text_buffer_remove_tag(buffer, errors, &start, &end)
        gtk_text_buffer_remove_tag(buffer, warnings, &start, &end)
        // Errors last: where a warning and an error meet, the error's colour shows.
        for span in spans.sorted(by: { !$0.isError && $1.isError }) {
            guard let range = characters(of: span) else { continue }
            gtk_text_buffer_get_iter_at_offset(buffer, &start, Int32(clamping: range.lowerBound))
            gtk_text_buffer_get_iter_at_offset(buffer, &end, Int32(clamping: range.upperBound))
            gtk_text_buffer_apply_tag(buffer, span.isError ? errors : warnings, &start, &end)
        }
    }

    /// The character ranges underlined as errors (or as warnings).
    func underlinedRanges(errors: Bool) -> [Range<Int>] {
        let buffer = view.buffer
        let name = errors ? Self.errorSpanTagName : Self.warningSpanTagName
        guard let tag = gtk_text_tag_table_lookup(gtk_text_buffer_get_tag_table(buffer), name) else { return [] }
        var ranges: [Range<Int>] = []
        var iter = GtkTextIter()
        gtk_text_buffer_get_start_iter(buffer, &iter)
        if !gtk_text_iter_starts_tag(&iter, tag).bool { gtk_text_iter_forward_to_tag_toggle(&iter, tag) }
        while !gtk_text_iter_is_end(&iter).bool, gtk_text_iter_starts_tag(&iter, tag).bool {
            let start = Int(gtk_text_iter_get_offset(&iter))
            gtk_text_iter_forward_to_tag_toggle(&iter, tag)
            ranges.append(start..<Int(gtk_text_iter_get_offset(&iter)))
            gtk_text_iter_forward_to_tag_toggle(&iter, tag)
        }
        return ranges
    }

    /// The characters `span` covers: its range on its line, else the name
    /// (letters, digits, `_`) starting at its column, else the one character
    /// there (the line's last when the column is past its end).
    private func characters(of span: ProblemSpan) -> Range<Int>? {
        let buffer = view.buffer
        guard span.line >= 1, span.line <= view.lineCount, span.column >= 1 else { return nil }
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_iter_at_line(buffer, &start, Int32(span.line - 1))
        end = start
        if !gtk_text_iter_ends_line(&end).bool { gtk_text_iter_forward_to_line_end(&end) }
        let lineStart = Int(gtk_text_iter_get_offset(&start))
        guard let raw = gtk_text_iter_get_text(&start, &end) else { return nil }
        let scalars = Array(String(cString: raw).unicodeScalars)
        g_free(raw)
        guard !scalars.isEmpty else { return nil }
        func index(ofByte column: Int) -> Int {
            var bytes = 0
            for (index, scalar) in scalars.enumerated() {
                if bytes >= column - 1 { return index }
                bytes += UTF8.width(scalar)
            }
            return scalars.count
        }
        var first = min(index(ofByte: span.column), scalars.count - 1)
        var last: Int
        if let endColumn = span.endColumn, endColumn > span.column {
            last = index(ofByte: endColumn)
        } else {
            func isName(_ scalar: Unicode.Scalar) -> Bool {
                scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            }
            if index(ofByte: span.column) >= scalars.count { first = scalars.count - 1 }
            last = first + 1
            if isName(scalars[first]) {
                while last < scalars.count, isName(scalars[last]) { last += 1 }
            }
        }
        last = max(last, first + 1)
        return (lineStart + first)..<(lineStart + min(last, scalars.count))
    }

    /// The tag that underlines a problem's range in `colour`, made once a buffer.
    private func spanTag(_ name: String, colour: String) -> UnsafeMutablePointer<GtkTextTag>? {
        let table = gtk_text_buffer_get_tag_table(view.buffer)
        if let tag = gtk_text_tag_table_lookup(table, name) { return tag }
        let tag = gtk_text_tag_new(name)
        shim_object_set_int(tag, "underline", Int32(PANGO_UNDERLINE_ERROR.rawValue))
        var rgba = GdkRGBA()
        if gdk_rgba_parse(&rgba, colour).bool {
            var value = GValue()
            g_value_init(&value, gdk_rgba_get_type())
            withUnsafePointer(to: &rgba) { g_value_set_boxed(&value, $0) }
            g_object_set_property(UnsafeMutablePointer(OpaquePointer(tag)), "underline-rgba", &value)
            g_value_unset(&value)
        }
        gtk_text_tag_table_add(table, tag)
        g_object_unref(tag)
        return tag
    }
    private static let warningTagName = "demo-shell-warning"

    /// Shows `kind`'s mark beside each of 1-based `lines`, replacing the
    /// marks of that kind shown before; an empty list clears them.
    func setGutterMarks(_ lines: [Int], kind: GutterMark) {
        guard let api = MarkSymbols.shared else { return }
        if !attributesSet {
            api.setShowLineMarks(view.raw, 1)
            for mark in GutterMark.allCases {
                guard let attributes = api.attributesNew() else { continue }
                api.setIconName(attributes, mark.iconName)
                api.setMarkAttributes(view.raw, mark.rawValue, attributes, mark.priority)
                g_object_unref(attributes)
            }
            attributesSet = true
        }
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(view.buffer, &start, &end)
        api.removeMarks(bufferRaw, &start, &end, kind.rawValue)
        let count = view.lineCount
        for line in Set(lines) where line >= 1 && line <= count {
            gtk_text_buffer_get_iter_at_line(view.buffer, &start, Int32(line - 1))
            _ = api.createMark(bufferRaw, nil, kind.rawValue, &start)
        }
    }

    /// The 1-based lines with a gutter mark of `kind`.
    func gutterMarkedLines(_ kind: GutterMark) -> [Int] {
        guard let api = MarkSymbols.shared else { return [] }
        return (1...max(1, view.lineCount)).filter { line in
            guard let list = api.marksAtLine(bufferRaw, Int32(line - 1), kind.rawValue) else { return false }
            g_slist_free(list)
            return true
        }
    }
}

/// The line-mark functions, looked up in the GtkSourceView already opened
/// by `SourceViewLibrary.load()` (nil before that).
@MainActor
private struct MarkSymbols {
    typealias Pointer = UnsafeMutableRawPointer
    let setShowLineMarks: @convention(c) (Pointer, gboolean) -> Void
    let attributesNew: @convention(c) () -> Pointer?
    let setIconName: @convention(c) (Pointer, UnsafePointer<CChar>) -> Void
    let setMarkAttributes: @convention(c) (Pointer, UnsafePointer<CChar>, Pointer, gint) -> Void
    let createMark:
        @convention(c) (Pointer, UnsafePointer<CChar>?, UnsafePointer<CChar>, UnsafePointer<GtkTextIter>) -> Pointer?
    let removeMarks:
        @convention(c) (Pointer, UnsafePointer<GtkTextIter>, UnsafePointer<GtkTextIter>, UnsafePointer<CChar>?) -> Void
    let marksAtLine: @convention(c) (Pointer, gint, UnsafePointer<CChar>?) -> UnsafeMutablePointer<GSList>?

    static let shared: MarkSymbols? = {
        guard SourceViewLibrary.isLoaded,
            let handle = dlopen(SourceViewLibrary.libraryName, RTLD_NOLOAD | RTLD_LAZY)
        else { return nil }
        defer { dlclose(handle) }  // the library stays: SourceViewLibrary holds it
        func symbol<T>(_ name: String) -> T? { dlsym(handle, name).map { unsafeBitCast($0, to: T.self) } }
        guard let show: @convention(c) (Pointer, gboolean) -> Void = symbol("gtk_source_view_set_show_line_marks"),
            let new: @convention(c) () -> Pointer? = symbol("gtk_source_mark_attributes_new"),
            let icon: @convention(c) (Pointer, UnsafePointer<CChar>) -> Void = symbol(
                "gtk_source_mark_attributes_set_icon_name"),
            let attributes: @convention(c) (Pointer, UnsafePointer<CChar>, Pointer, gint) -> Void = symbol(
                "gtk_source_view_set_mark_attributes"),
            let create:
                @convention(c) (Pointer, UnsafePointer<CChar>?, UnsafePointer<CChar>, UnsafePointer<GtkTextIter>) ->
                    Pointer? = symbol("gtk_source_buffer_create_source_mark"),
            let remove:
                @convention(c) (Pointer, UnsafePointer<GtkTextIter>, UnsafePointer<GtkTextIter>, UnsafePointer<CChar>?)
                    -> Void = symbol("gtk_source_buffer_remove_source_marks"),
            let atLine: @convention(c) (Pointer, gint, UnsafePointer<CChar>?) -> UnsafeMutablePointer<GSList>? = symbol(
                "gtk_source_buffer_get_source_marks_at_line")
        else { return nil }
        return MarkSymbols(
            setShowLineMarks: show, attributesNew: new, setIconName: icon, setMarkAttributes: attributes,
            createMark: create, removeMarks: remove, marksAtLine: atLine)
    }()
}
