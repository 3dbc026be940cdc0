import TextBounds
import DemoBasics
import ShellBasics

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
            sizeRange.contains(width), sizeRange.contains(height)
        else { return nil }
        return WindowGeometry(width: width, height: height, maximized: boolean("window-maximized") ?? false)
    }

    /// What to remember of a window whose size is now `size`: each side as
    /// it is, but a side as large as the screen allows (`room`, when known)
    /// while the remembered side is larger is the screen's doing, not the
    /// user's choice (a window opened at GDK_SCALE=2 on a screen of 640 × 512
    /// logical pixels, clamped there): the remembered side is kept, for the
    /// next run on a larger screen. Nil when such a side has nothing
    /// remembered: nothing the user chose to save.
    public static func toRemember(
        size: (width: Int, height: Int), maximized: Bool, remembered: WindowGeometry?,
        room: (width: Int, height: Int)?
    ) -> WindowGeometry? {
        func side(_ now: Int, _ limit: Int?, _ before: Int?) -> Int? {
            guard let limit, now >= limit else { return now }
            guard let before else { return nil }
            return before > limit ? before : now
        }
        guard let width = side(size.width, room?.width, remembered?.width),
            let height = side(size.height, room?.height, remembered?.height)
        else { return nil }
        return WindowGeometry(width: width, height: height, maximized: maximized)
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
