internal import CGtk
import DemoShellKit
import Glibc
import Gtk

/// The X server's own pointer and keys, moved through XTest as a person's
/// mouse and keyboard move them: the server sends the crossing, motion and
/// button events, with the modifiers it holds, to whichever window is under
/// the pointer. `SyntheticInput`'s events go to one widget's window through
/// GTK; these go through the server, so hover and Ctrl+click are real.
///
/// libXtst is opened when first needed (no build dependency); nil answers
/// when the display is not X11 or the library is missing.
@MainActor
public enum RealPointer {
    private typealias Display = UnsafeMutableRawPointer
    private struct Symbols {
        let display: Display
        let motion: @convention(c) (Display, Int32, Int32, Int32, UInt) -> Int32
        let button: @convention(c) (Display, UInt32, Int32, UInt) -> Int32
        let key: @convention(c) (Display, UInt32, Int32, UInt) -> Int32
        let keycode: @convention(c) (Display, UInt) -> UInt8
        let flush: @convention(c) (Display) -> Int32
    }

    private static let symbols: Symbols? = {
        guard let xtst = dlopen("libXtst.so.6", RTLD_NOW | RTLD_GLOBAL),
            let gdkDisplay = gdk_display_get_default(),
            let xdisplay = dlsym(nil, "gdk_x11_display_get_xdisplay"),
            let motion = dlsym(xtst, "XTestFakeMotionEvent"), let button = dlsym(xtst, "XTestFakeButtonEvent"),
            let key = dlsym(xtst, "XTestFakeKeyEvent"), let keycode = dlsym(xtst, "XKeysymToKeycode"),
            let flush = dlsym(xtst, "XFlush")
        else { return nil }
        typealias DisplayOf = @convention(c) (OpaquePointer) -> Display?
        guard let display = unsafeBitCast(xdisplay, to: DisplayOf.self)(gdkDisplay) else { return nil }
        return Symbols(
            display: display,
            motion: unsafeBitCast(motion, to: (@convention(c) (Display, Int32, Int32, Int32, UInt) -> Int32).self),
            button: unsafeBitCast(button, to: (@convention(c) (Display, UInt32, Int32, UInt) -> Int32).self),
            key: unsafeBitCast(key, to: (@convention(c) (Display, UInt32, Int32, UInt) -> Int32).self),
            keycode: unsafeBitCast(keycode, to: (@convention(c) (Display, UInt) -> UInt8).self),
            flush: unsafeBitCast(flush, to: (@convention(c) (Display) -> Int32).self))
    }()

    /// Whether the pointer can be moved here (X11 with XTest).
    public static var isAvailable: Bool { symbols != nil }

    /// Moves the pointer to (`x`, `y`) of the screen.
    @discardableResult
    public static func move(toX x: Int, y: Int) -> Bool {
        guard let api = symbols else { return false }
        _ = api.motion(api.display, -1, Int32(clamping: x), Int32(clamping: y), 0)
        _ = api.flush(api.display)
        return true
    }

    /// Presses and releases mouse `button` where the pointer is.
    @discardableResult
    public static func click(button: Int = 1) -> Bool {
        guard let api = symbols else { return false }
        _ = api.button(api.display, UInt32(button), 1, 0)
        _ = api.button(api.display, UInt32(button), 0, 0)
        _ = api.flush(api.display)
        return true
    }

    /// Holds down (or lets go of) the key of `keyval` (`Key.named("Control_L")`).
    @discardableResult
    public static func hold(_ keyval: UInt32, down: Bool = true) -> Bool {
        guard let api = symbols else { return false }
        let code = api.keycode(api.display, UInt(keyval))
        guard code != 0 else { return false }
        _ = api.key(api.display, UInt32(code), down ? 1 : 0, 0)
        _ = api.flush(api.display)
        return true
    }
}

extension SourceView {
    /// The middle of character `offset` on the screen, where the pointer is
    /// put to rest on it; nil when the view is not shown.
    public func screenPoint(ofCharacter offset: Int) -> (x: Int, y: Int)? {
        let view: UnsafeMutablePointer<GtkTextView> = raw.assumingMemoryBound(to: GtkTextView.self)
        guard let window = gtk_text_view_get_window(view, GTK_TEXT_WINDOW_TEXT) else { return nil }
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(gtk_text_view_get_buffer(view), &iter, Int32(clamping: offset))
        var place = GdkRectangle()
        gtk_text_view_get_iter_location(view, &iter, &place)
        var x: Int32 = 0, y: Int32 = 0
        gtk_text_view_buffer_to_window_coords(
            view, GTK_TEXT_WINDOW_TEXT, place.x + max(1, place.width) / 2, place.y + place.height / 2, &x, &y)
        var originX: Int32 = 0, originY: Int32 = 0
        gdk_window_get_origin(window, &originX, &originY)
        return devicePixels(Int(originX + x), Int(originY + y), of: window)
    }
}

extension Widget {
    /// Point (`x`, `y`) of this widget on the screen (a bubble's too: it is
    /// placed in its window's coordinates).
    public func screenPoint(x: Int, y: Int) -> (x: Int, y: Int)? {
        guard let top = gtk_widget_get_toplevel(widget), let window = gtk_widget_get_window(top) else { return nil }
        var inTop: (Int32, Int32) = (0, 0)
        guard gtk_widget_translate_coordinates(widget, top, Int32(x), Int32(y), &inTop.0, &inTop.1).bool else {
            return nil
        }
        var originX: Int32 = 0, originY: Int32 = 0
        gdk_window_get_origin(window, &originX, &originY)
        return devicePixels(Int(originX + inTop.0), Int(originY + inTop.1), of: window)
    }
}

/// GDK's screen coordinates are in application pixels; the X server's
/// pointer moves in the screen's own, `GDK_SCALE` times as many.
@MainActor
private func devicePixels(_ x: Int, _ y: Int, of window: OpaquePointer) -> (x: Int, y: Int) {
    let scale = Int(max(1, gdk_window_get_scale_factor(window)))
    return (x * scale, y * scale)
}
