internal import CGtk

/// When each followed window last became active, so that an announcement
/// can wait until the focus has settled there (`announceWhenFocusSettles`).
@MainActor
public enum FocusSettling {
    /// How long a screen reader is left to speak a window coming forward
    /// (its title, then its focused control) before an announcement.
    public static let settleMilliseconds = 500
    /// How long an announcement waits for its window to come forward; after
    /// that it is made anyway (the person is in another application).
    public static let patienceMilliseconds = 2000
    private static var activated: [ObjectIdentifier: Int64] = [:]

    /// Notes from now on when `window` becomes active.
    public static func follow(_ window: Window) {
        window.onNotify("is-active") { window in
            if window.isActive { activated[ObjectIdentifier(window)] = Int64(g_get_monotonic_time()) }
        }
        window.onDestroy { window in activated[ObjectIdentifier(window)] = nil }
    }

    /// Milliseconds since `window` last became active, nil when not known.
    static func sinceActivation(of window: Window) -> Int? {
        activated[ObjectIdentifier(window)].map { Int((Int64(g_get_monotonic_time()) - $0) / 1000) }
    }
}

extension Widget {
    /// Announces `message` once the focus has settled in this widget's
    /// window. A window coming forward (the launcher, as an edited demo's
    /// window closes on a crash) has its title and focused control spoken,
    /// which cuts short an announcement made in the same moment: so while
    /// the window is not active, the announcement waits for it to be (at most
    /// `FocusSettling.patienceMilliseconds`), and in the first moments after
    /// it became active (a followed window: `FocusSettling.follow`), until
    /// the screen reader has spoken it. `stillTrue` is asked as it is made:
    /// a sentence overtaken meanwhile (a status line that says something
    /// else now) is not spoken late.
    public func announceWhenFocusSettles(_ message: String, stillTrue: @escaping @MainActor () -> Bool = { true }) {
        guard let window else {
            announce(message)
            return
        }
        let announce: @MainActor (Widget?) -> Void = { widget in if stillTrue() { _ = widget?.announce(message) } }
        if window.isActive {
            let since = FocusSettling.sinceActivation(of: window) ?? .max
            let wait = FocusSettling.settleMilliseconds - since
            if wait <= 0 { announce(self) } else { after(milliseconds: wait) { [weak self] in announce(self) } }
            return
        }
        final class Waiting {
            var id: UInt = 0
            var done = false
        }
        let waiting = Waiting()
        waiting.id = window.onNotify("is-active") { [weak self] window in
            guard window.isActive, !waiting.done else { return }
            waiting.done = true
            window.disconnect(waiting.id)
            self?.after(milliseconds: FocusSettling.settleMilliseconds) { [weak self] in announce(self) }
        }
        after(milliseconds: FocusSettling.patienceMilliseconds) { [weak self, weak window] in
            guard !waiting.done else { return }
            waiting.done = true
            window?.disconnect(waiting.id)
            announce(self)
        }
    }
}
