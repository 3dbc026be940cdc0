import CGtk
import DemoBasics
import Glibc
import Gtk
import ShellBasics

/// Editing code as a code editor does (indenting by four spaces, keeping
/// the indent of the line above), and problem marks in the gutter
/// (GtkSourceView's line marks): an icon beside each line a compiler
/// complained about, symbolic so that it takes the theme's colour.
extension SourceView {
    /// Auto-indent, spaces for tabs, four-space indents, smart Backspace:
    /// what a person typing Swift expects of an editable view.
    public func indentsAsCode() {
        setProperty("auto-indent", true)
        setProperty("insert-spaces-instead-of-tabs", true)
        setProperty("indent-width", 4)
        setProperty("smart-backspace", true)
    }

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

    /// Shows `kind`'s mark beside each of 1-based `lines`, replacing the
    /// marks of that kind shown before; an empty list clears them.
    public func setGutterMarks(_ lines: [Int], kind: GutterMark = .error) {
        guard let api = MarkSymbols.shared else { return }
        if !markAttributesSet {
            api.setShowLineMarks(raw, 1)
            for mark in GutterMark.allCases {
                guard let attributes = api.attributesNew() else { continue }
                api.setIconName(attributes, mark.iconName)
                api.setMarkAttributes(raw, mark.rawValue, attributes, mark.priority)
                g_object_unref(attributes)
            }
            markAttributesSet = true
        }
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        api.removeMarks(UnsafeMutableRawPointer(buffer), &start, &end, kind.rawValue)
        let count = lineCount
        for line in Set(lines) where line >= 1 && line <= count {
            gtk_text_buffer_get_iter_at_line(buffer, &start, Int32(line - 1))
            _ = api.createMark(UnsafeMutableRawPointer(buffer), nil, kind.rawValue, &start)
        }
    }

    /// The 1-based lines with a gutter mark of `kind`.
    public func gutterMarkedLines(_ kind: GutterMark = .error) -> [Int] {
        guard let api = MarkSymbols.shared else { return [] }
        return (1...max(1, lineCount)).filter { line in
            guard let list = api.marksAtLine(UnsafeMutableRawPointer(buffer), Int32(line - 1), kind.rawValue) else {
                return false
            }
            g_slist_free(list)
            return true
        }
    }

    /// Whether this view's mark category has its icon (set once per view).
    private var markAttributesSet: Bool {
        get { g_object_get_data(gobject, "demo-shell-marks") != nil }
        set { g_object_set_data(gobject, "demo-shell-marks", newValue ? UnsafeMutableRawPointer(bitPattern: 1) : nil) }
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
