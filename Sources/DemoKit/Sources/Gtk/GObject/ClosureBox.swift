package import CGtk

/// The one way a Swift closure reaches C as a `gpointer user_data`: boxed,
/// retained when handed over (`retained()`), released by GLib's destroy
/// notify (`releaseClosureBox`, or `releaseClosureBoxOnClosure` where GLib
/// asks for a `GClosureNotify`), so that it lives exactly as long as GLib may
/// call it: no leak, and never a call into freed memory. A one-shot callback
/// GLib calls once without a notify (an asynchronous answer) takes the box
/// back in that call (`take`).
package class AnyClosureBox {
    /// Live boxes, so tests can prove that destroying a widget frees its
    /// handlers (`liveSignalHandlerCount` in DemoKitTesting).
    package nonisolated(unsafe) static var liveCount = 0
    /// Runs when the box is released (a widget's timers forget their source).
    var onRelease: (() -> Void)?
    /// Set while a trampoline re-enters GTK with this same box (the insert
    /// filter inserting its own text), so that the nested call passes through.
    var isReentering = false

    init() { AnyClosureBox.liveCount += 1 }
    deinit {
        AnyClosureBox.liveCount -= 1
        onRelease?()
    }
}

/// A closure of type `Function` in a box (see `AnyClosureBox`).
package final class ClosureBox<Function>: AnyClosureBox {
    package let call: Function

    package init(_ call: Function) {
        self.call = call
        super.init()
    }

    /// A reference of GLib's own, for `user_data`.
    package func retained() -> UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }

    /// The box behind `user_data`, borrowed for one call.
    package static func of(_ data: UnsafeMutableRawPointer) -> ClosureBox {
        Unmanaged<ClosureBox>.fromOpaque(data).takeUnretainedValue()
    }

    /// The box behind `user_data` of a one-shot callback, GLib's reference given back.
    package static func take(_ data: UnsafeMutableRawPointer) -> ClosureBox {
        Unmanaged<ClosureBox>.fromOpaque(data).takeRetainedValue()
    }
}

/// GLib's destroy notify for a `ClosureBox` (sources, tick callbacks, filters).
package let releaseClosureBox: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
    guard let data else { return }
    Unmanaged<AnyClosureBox>.fromOpaque(data).release()
}

/// The same, where GLib asks for a `GClosureNotify` (signal connections).
package let releaseClosureBoxOnClosure:
    @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
        guard let data else { return }
        Unmanaged<AnyClosureBox>.fromOpaque(data).release()
    }

// The closures the binding hands to C, by what GLib calls them for.
package typealias SignalHandler = (UnsafeMutableRawPointer, UnsafeMutableRawPointer?) -> Int32
package typealias SourceCallback = () -> Bool
typealias TickCallback = (Int64) -> Bool
typealias RowPredicate = (UnsafeMutableRawPointer) -> Bool
typealias RowHeaderMaker = (UnsafeMutableRawPointer, UnsafeMutableRawPointer?) -> Void
typealias InsertFilter = (UnsafeMutableRawPointer, String) -> String
package typealias AnnouncementHandler = (String) -> Void
typealias LaunchCompletion = (_ launched: Bool, _ error: String?) -> Void
typealias TextCompletion = (String?) -> Void
