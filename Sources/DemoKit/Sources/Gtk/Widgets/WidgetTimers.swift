internal import CGtk

extension Widget {
    /// Calls `body` every `milliseconds` until it returns false, it is
    /// cancelled, or this widget is destroyed: a view's timer cannot outlive
    /// its window, so `[unowned self]` in `body` is safe.
    @discardableResult
    public func every(milliseconds: Int, _ body: @escaping @MainActor () -> Bool) -> SourceID {
        timers.add(ClosureBox<SourceCallback> { MainActor.assumeIsolated { body() } }, milliseconds: milliseconds)
    }

    /// Calls `body` once after `milliseconds`, unless cancelled or this widget
    /// is destroyed first.
    @discardableResult
    public func after(milliseconds: Int, _ body: @escaping @MainActor () -> Void) -> SourceID {
        every(milliseconds: milliseconds) {
            body()
            return false
        }
    }

    /// Calls `body` once when the loop is idle, unless cancelled or this widget
    /// is destroyed first.
    @discardableResult
    public func idle(_ body: @escaping @MainActor () -> Void) -> SourceID {
        timers.add(
            ClosureBox<SourceCallback> {
                MainActor.assumeIsolated { body() }
                return false
            }, milliseconds: nil)
    }

    /// This widget's timers, made with one "destroy" handler on first use.
    private var timers: WidgetTimers {
        if let existing = g_object_get_qdata(gobject, WidgetTimers.quark) {
            return Unmanaged<WidgetTimers>.fromOpaque(existing).takeUnretainedValue()
        }
        let timers = WidgetTimers()
        g_object_set_qdata_full(gobject, WidgetTimers.quark, Unmanaged.passRetained(timers).toOpaque()) { data in
            guard let data else { return }
            Unmanaged<WidgetTimers>.fromOpaque(data).release()
        }
        connect("destroy", shape: .void) { _, _ in
            timers.cancelAll()
            return 0
        }
        return timers
    }
}

/// The sources running for one widget. Each source's box removes its id
/// when GLib lets go of it, so the set holds only sources still pending.
@MainActor
final class WidgetTimers {
    /// Copied into GLib's quark table (see `Object.wrapperQuark`).
    static let quark: GQuark = g_quark_from_string("demokit-timers")

    private var ids: Set<UInt32> = []
    private var isDestroyed = false

    func add(_ box: ClosureBox<SourceCallback>, milliseconds: Int?) -> SourceID {
        guard !isDestroyed else { return SourceID(rawValue: 0) }
        let source = MainLoop.add(box, milliseconds: milliseconds)
        ids.insert(source.rawValue)
        box.onRelease = { [weak self] in
            MainActor.assumeIsolated { _ = self?.ids.remove(source.rawValue) }
        }
        return source
    }

    func cancelAll() {
        isDestroyed = true
        let pending = ids
        ids.removeAll()
        for id in pending { SourceID(rawValue: id).cancel() }
    }
}
