import TextBounds
import DemoKit

/// A window's remembered size: what the settings hold, checked. GTK-free.
public struct WindowGeometry: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var maximized: Bool

    /// Sizes outside this range are not a window a person left: a hand-edited
    /// or damaged file gives the window its default size instead.
    public static let sizeRange = 120...16_384

    public init(width: Int, height: Int, maximized: Bool) {
        self.width = width
        self.height = height
        self.maximized = maximized
    }

    /// The geometry kept under the `window-width`, `window-height` and
    /// `window-maximized` keys, or nil when there is none or it is not plausible.
    public static func read(integer: (String) -> Int?, boolean: (String) -> Bool?) -> WindowGeometry? {
        guard let width = integer("window-width"), let height = integer("window-height"),
              sizeRange.contains(width), sizeRange.contains(height) else { return nil }
        return WindowGeometry(width: width, height: height, maximized: boolean("window-maximized") ?? false)
    }

    /// What to remember of a window whose size is now `size`: each side as
    /// it is, but a side as large as the screen allows (`room`, when known)
    /// while the remembered side is larger is the screen's doing, not the
    /// user's choice (a window opened at GDK_SCALE=2 on a screen of 640 × 512
    /// logical pixels, clamped there): the remembered side is kept, for the
    /// next run on a larger screen. Nil when such a side has nothing
    /// remembered: nothing the user chose to save.
    public static func toRemember(size: (width: Int, height: Int), maximized: Bool, remembered: WindowGeometry?,
                                  room: (width: Int, height: Int)?) -> WindowGeometry? {
        func side(_ now: Int, _ limit: Int?, _ before: Int?) -> Int? {
            guard let limit, now >= limit else { return now }
            guard let before else { return nil }
            return before > limit ? before : now
        }
        guard let width = side(size.width, room?.width, remembered?.width),
              let height = side(size.height, room?.height, remembered?.height) else { return nil }
        return WindowGeometry(width: width, height: height, maximized: maximized)
    }

    @MainActor
    static func read(from settings: Settings) -> WindowGeometry? {
        read(integer: { settings.integer($0) }, boolean: { settings.boolean($0) })
    }

    @MainActor
    func write(to settings: Settings) {
        settings.set(width, for: "window-width")
        settings.set(height, for: "window-height")
        settings.set(maximized, for: "window-maximized")
    }
}

/// Remembers a window's size in a settings file: restores it when the window
/// opens, follows it while it lives (the size before maximizing is kept, as
/// GNOME apps do), and saves it when the window goes away.
@MainActor
enum WindowMemory {
    /// Gives `window` its remembered size, then keeps `settings` up to date;
    /// `changed` runs when the size or maximized state changes (the caller
    /// saves soon after: see `DebouncedSave`), `save` when the window is
    /// destroyed (it writes the settings).
    /// A window too large for the screen even at its smallest scrolls its content.
    static func attach(to window: Window, settings: Settings, changed: (@MainActor () -> Void)? = nil,
                       save: @escaping @MainActor () -> Void) {
        window.scrollsContentWhenLargerThanWorkArea()
        // Demos show their windows as they build them, and a size asked for
        // before the window maps is not yet net of its frame: fit it once mapped.
        let fit: @MainActor (Window) -> Void = { $0.resize(width: $0.size.width, height: $0.size.height) }
        if window.isMapped {
            fit(window)
        } else {
            var handler: UInt = 0
            handler = window.onMap { window in
                window.disconnect(handler)
                fit(window)
            }
        }
        var geometry = WindowGeometry.read(from: settings)
        if let geometry {
            window.setDefaultSize(width: geometry.width, height: geometry.height)
            window.resize(width: geometry.width, height: geometry.height)
            if geometry.maximized { window.maximize() }
        }
        window.onSizeAllocate { window, _, _ in
            // Before the window is on screen, its room is not known yet.
            guard let room = window.roomForContent else { return }
            // The unmaximized size is the one to come back to (maximizing is a choice).
            let new = window.isMaximized
                ? WindowGeometry(width: geometry?.width ?? window.size.width, height: geometry?.height ?? window.size.height,
                                 maximized: true)
                : WindowGeometry.toRemember(size: window.size, maximized: false, remembered: geometry, room: room)
            guard let new, new != geometry else { return }
            geometry = new
            // In the settings at once, on disk soon: a crash keeps it.
            if WindowGeometry.sizeRange.contains(new.width), WindowGeometry.sizeRange.contains(new.height) {
                new.write(to: settings)
                changed?()
            }
        }
        window.onDestroy { window in
            // Closed before its first allocation: the size it was given, unless the screen clamped it.
            let final = geometry ?? WindowGeometry.toRemember(size: window.size, maximized: window.isMaximized,
                                                              remembered: nil, room: window.roomForContent)
            guard let final, WindowGeometry.sizeRange.contains(final.width), WindowGeometry.sizeRange.contains(final.height)
            else { return }
            final.write(to: settings)
            save()
        }
    }
}

extension Window {
    /// The most `size` may be on this screen (the work area less the
    /// window's frame: its header bar and borders); nil until the window is
    /// realized and its frame known.
    fileprivate var roomForContent: (width: Int, height: Int)? {
        guard let area = workArea, let frame = frameSize else { return nil }
        let inner = size
        return (area.width - max(0, frame.width - inner.width), area.height - max(0, frame.height - inner.height))
    }
}

/// What the launcher brings back from its last run besides its size: the
/// search and the selected demo. GTK-free.
public enum LauncherState {
    /// The longest search kept, in characters as a person counts them.
    public static let maximumSearchLength = 200

    /// A remembered search as the search field may show it: one line, no
    /// control or bidi-override characters, at most `maximumSearchLength`
    /// characters. A damaged or hand-edited file cannot put anything else there.
    public static func plausibleSearch(_ text: String) -> String { searchLimit.cleaned(text) }

    /// The bounds of the search fields (the launcher's and Find in file):
    /// TextBounds' rules for hostile text, as in every demo's fields.
    public static let searchLimit = TextLimit(characters: maximumSearchLength)

    /// A remembered selection: a demo id as manifests spell them, or nil.
    public static func plausibleDemoID(_ text: String?) -> String? {
        guard let text, text.utf8.count <= 64, PluginManifest.isValidID(text) else { return nil }
        return text
    }
}
