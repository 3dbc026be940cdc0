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
            let maximized = window.isMaximized
            // The unmaximized size is the one to come back to.
            let size = maximized ? (geometry.map { ($0.width, $0.height) } ?? window.size) : window.size
            let new = WindowGeometry(width: size.0, height: size.1, maximized: maximized)
            guard new != geometry else { return }
            geometry = new
            // In the settings at once, on disk soon: a crash keeps it.
            if WindowGeometry.sizeRange.contains(new.width), WindowGeometry.sizeRange.contains(new.height) {
                new.write(to: settings)
                changed?()
            }
        }
        window.onDestroy { window in
            // Closed before its first allocation: the size it was given.
            let size = window.size
            let final = geometry ?? WindowGeometry(width: size.width, height: size.height, maximized: window.isMaximized)
            guard WindowGeometry.sizeRange.contains(final.width), WindowGeometry.sizeRange.contains(final.height) else { return }
            final.write(to: settings)
            save()
        }
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
