import CGtk

/// Boxes a Swift handler for one signal connection.
///
/// The box is passed to `g_signal_connect_data` with a retained reference and
/// released by its `GClosureNotify`, so it lives exactly as long as the
/// connection: no leak, and never a call into freed memory.
final class SignalBox {
    /// Live boxes, so tests can prove that destroying a widget frees its handlers.
    nonisolated(unsafe) static var liveCount = 0

    let call: (UnsafeMutableRawPointer, UnsafeMutableRawPointer?) -> Int32

    init(_ call: @escaping (UnsafeMutableRawPointer, UnsafeMutableRawPointer?) -> Int32) {
        self.call = call
        SignalBox.liveCount += 1
    }

    deinit { SignalBox.liveCount -= 1 }
}

/// The number of signal handler boxes still alive.
@MainActor public var liveSignalHandlerCount: Int { SignalBox.liveCount }

private let releaseBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<SignalBox>.fromOpaque(data).release()
}

/// `void handler(GObject *instance, gpointer data)`
private let voidTrampoline: @convention(c) (UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> Void = { instance, data in
    let box = Unmanaged<SignalBox>.fromOpaque(data).takeUnretainedValue()
    _ = box.call(instance, nil)
}

/// `void handler(GObject *instance, gpointer arg, gpointer data)`
private let argTrampoline: @convention(c) (UnsafeMutableRawPointer, UnsafeMutableRawPointer?, UnsafeMutableRawPointer) -> Void = { instance, arg, data in
    let box = Unmanaged<SignalBox>.fromOpaque(data).takeUnretainedValue()
    _ = box.call(instance, arg)
}

/// `gboolean handler(GObject *instance, gpointer arg, gpointer data)`
private let boolTrampoline: @convention(c) (UnsafeMutableRawPointer, UnsafeMutableRawPointer?, UnsafeMutableRawPointer) -> gboolean = { instance, arg, data in
    let box = Unmanaged<SignalBox>.fromOpaque(data).takeUnretainedValue()
    return box.call(instance, arg)
}

/// The C shapes of the signals the binding connects to.
enum SignalShape {
    case void, argument, boolean
}

/// Objects whose signal handlers receive the emitter typed as itself.
@MainActor
public protocol SignalEmitter: Object {}

extension Object: SignalEmitter {}

extension Object {
    /// Connects `body` to `signal`; the handler id is returned for `disconnect`.
    ///
    /// `body` runs on the main actor: GTK emits signals on the main thread.
    @discardableResult
    func connect(_ signal: String, shape: SignalShape,
                 _ body: @escaping @MainActor (UnsafeMutableRawPointer, UnsafeMutableRawPointer?) -> Int32) -> UInt {
        let box = SignalBox { instance, arg in
            MainActor.assumeIsolated { body(instance, arg) }
        }
        let callback: GCallback
        switch shape {
        case .void: callback = unsafeBitCast(voidTrampoline, to: GCallback.self)
        case .argument: callback = unsafeBitCast(argTrampoline, to: GCallback.self)
        case .boolean: callback = unsafeBitCast(boolTrampoline, to: GCallback.self)
        }
        return g_signal_connect_data(raw, signal, callback,
                                     Unmanaged.passRetained(box).toOpaque(), releaseBox, GConnectFlags(0))
    }

    /// Disconnects a handler; its box is freed by GLib's notify.
    public func disconnect(_ handlerID: UInt) {
        g_signal_handler_disconnect(raw, handlerID)
    }
}

extension SignalEmitter {
    /// Connects a handler that receives the emitting object, typed as `Self`.
    ///
    /// Only for signals whose C handler takes nothing but the instance
    /// (`void (*)(GObject *, gpointer)`: "clicked", "destroy", "map"…);
    /// signals with arguments have typed helpers (`onKeyPress`, `onResponse`…).
    @discardableResult
    public func on(_ signal: String, _ handler: @escaping @MainActor (Self) -> Void) -> UInt {
        connect(signal, shape: .void) { instance, _ in
            handler(Object.wrap(instance, as: Self.self))
            return 0
        }
    }

    /// Calls `handler` when a property changes.
    @discardableResult
    public func onNotify(_ property: String, _ handler: @escaping @MainActor (Self) -> Void) -> UInt {
        connect("notify::\(property)", shape: .argument) { instance, _ in
            handler(Object.wrap(instance, as: Self.self))
            return 0
        }
    }
}
