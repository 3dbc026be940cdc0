import DemoBasics
internal import ShellBasics
package import CGtk
internal import CGtkShim

/// `void handler(GObject *instance, gpointer data)`
private let voidTrampoline: @convention(c) (UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> Void = {
    instance, data in
    let box = ClosureBox<SignalHandler>.of(data)
    _ = box.call(instance, nil)
}

/// `void handler(GObject *instance, gpointer arg, gpointer data)`
private let argTrampoline:
    @convention(c) (UnsafeMutableRawPointer, UnsafeMutableRawPointer?, UnsafeMutableRawPointer) -> Void = {
        instance, arg, data in
        let box = ClosureBox<SignalHandler>.of(data)
        _ = box.call(instance, arg)
    }

/// `gboolean handler(GObject *instance, gpointer data)`
private let boolNoArgumentTrampoline: @convention(c) (UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> gboolean = {
    instance, data in
    let box = ClosureBox<SignalHandler>.of(data)
    return box.call(instance, nil)
}

/// `gboolean handler(GObject *instance, gpointer arg, gpointer data)`
private let boolTrampoline:
    @convention(c) (UnsafeMutableRawPointer, UnsafeMutableRawPointer?, UnsafeMutableRawPointer) -> gboolean = {
        instance, arg, data in
        let box = ClosureBox<SignalHandler>.of(data)
        return box.call(instance, arg)
    }

/// The C shapes of the signals the binding connects to. Each must match the
/// signal's own (GLib calls the handler through a C function pointer, so a
/// mismatch would read garbage arguments or return nothing where GTK reads a
/// value): `connect` checks it with `g_signal_query` first.
package enum SignalShape {
    /// `void (instance)`
    case void
    /// `void (instance, one argument passed as a pointer or an integer)`
    case argument
    /// `gboolean (instance, one pointer or integer argument)`
    case boolean
    /// `gboolean (instance)`
    case booleanNoArgument
    /// `gboolean (instance, two pointer or integer arguments)`
    case booleanTwoArguments
    /// `void (instance, gdouble, gdouble)`
    case twoDoubles
    /// `void (instance, gint, gdouble, gdouble)`
    case countAndTwoDoubles
    /// `void (instance, three pointer or integer arguments)` (GFileMonitor's "changed")
    case threeArguments

    fileprivate var parameters: [ParameterKind] {
        switch self {
        case .void, .booleanNoArgument: []
        case .argument, .boolean: [.word]
        case .booleanTwoArguments: [.word, .word]
        case .twoDoubles: [.double, .double]
        case .countAndTwoDoubles: [.word, .double, .double]
        case .threeArguments: [.word, .word, .word]
        }
    }

    fileprivate var returnsBoolean: Bool {
        self == .boolean || self == .booleanNoArgument || self == .booleanTwoArguments
    }

    fileprivate var description: String {
        let names = parameters.map { $0 == .double ? "gdouble" : "gpointer" }
        return "\(returnsBoolean ? "gboolean" : "void") (instance\(names.map { ", " + $0 }.joined()))"
    }

    fileprivate var callback: GCallback? {
        switch self {
        case .void: unsafeBitCast(voidTrampoline, to: GCallback.self)
        case .argument: unsafeBitCast(argTrampoline, to: GCallback.self)
        case .boolean: unsafeBitCast(boolTrampoline, to: GCallback.self)
        case .booleanNoArgument: unsafeBitCast(boolNoArgumentTrampoline, to: GCallback.self)
        // Their trampolines live with their helpers.
        case .twoDoubles, .countAndTwoDoubles, .booleanTwoArguments, .threeArguments: nil
        }
    }
}

/// How an argument travels in a C call on x86-64 and arm64: in a general
/// register (pointers, integers, enums, booleans) or a floating-point one.
private enum ParameterKind { case word, double }

private let G_TYPE_NONE = GType(1 << 2)
private let G_TYPE_BOOLEAN = GType(5 << 2)
private let G_TYPE_FLOAT = GType(14 << 2)
private let G_TYPE_DOUBLE = GType(15 << 2)

extension Object {
    /// Why `signal` cannot take a handler of `shape` on this object, or nil
    /// when it can. `notify::NAME` also needs the property NAME to exist.
    func signalProblem(_ signal: String, shape: SignalShape) -> String? {
        guard let query = signalQuery(signal) else {
            return "\(typeName) has no signal “\(signal)”"
        }
        if signal.hasPrefix("notify::"), shim_object_find_property(raw, String(signal.dropFirst(8))) == 0 {
            return "\(typeName) has no property “\(signal.dropFirst(8))”"
        }
        let staticScope = GType(1)  // G_SIGNAL_TYPE_STATIC_SCOPE
        let returnType = query.return_type & ~staticScope
        let parameters: [ParameterKind] = (0..<Int(query.n_params)).map { index in
            let fundamental = g_type_fundamental(query.param_types[index] & ~staticScope)
            return fundamental == G_TYPE_DOUBLE || fundamental == G_TYPE_FLOAT ? .double : .word
        }
        let returnsBoolean = returnType == G_TYPE_BOOLEAN
        guard parameters == shape.parameters, returnsBoolean == shape.returnsBoolean,
            returnsBoolean || returnType == G_TYPE_NONE
        else {
            return
                "“\(signal)” of \(typeName) has \(query.n_params) parameter(s) and returns \(String(cString: g_type_name(returnType))); this handler has the shape \(shape.description)"
        }
        return nil
    }

    /// The number of parameters of `signal`, or nil when there is no such signal.
    func signalParameterCount(_ signal: String) -> Int? {
        signalQuery(signal).map { Int($0.n_params) }
    }

    /// What GLib knows of `signal` (a detailed name such as "notify::label"
    /// included) on this object's type, or nil when it has no such signal.
    private func signalQuery(_ signal: String) -> GSignalQuery? {
        var id: UInt32 = 0
        var detail: GQuark = 0
        guard g_signal_parse_name(signal, shim_object_type(raw), &id, &detail, 0).bool else { return nil }
        var query = GSignalQuery()
        g_signal_query(id, &query)
        return query
    }
}

/// Objects whose signal handlers receive the emitter typed as itself.
@MainActor
public protocol SignalEmitter: Object {}

extension Object: SignalEmitter {}

extension Object {
    /// Connects `body` to `signal`; the handler id is returned for `disconnect`.
    ///
    /// `body` runs on the main actor: GTK emits signals on the main thread.
    /// A signal that does not exist or has another shape is refused here, at
    /// connect time: the reason goes to stderr, with the file and line that
    /// asked (`caller`, for a name a plugin typed), 0 is returned, and no
    /// closure box is made.
    @discardableResult
    package func connect(
        _ signal: String, shape: SignalShape, trampoline: GCallback? = nil, caller: SignalCaller? = nil,
        _ body: @escaping @MainActor (UnsafeMutableRawPointer, UnsafeMutableRawPointer?) -> Int32
    ) -> UInt {
        if let problem = signalProblem(signal, shape: shape) {
            let place = caller.flatMap { $0.line == 0 ? nil : "\($0.file):\($0.line): " } ?? ""
            writeStandardError("\(place)demo-shell: cannot connect a handler: \(problem)\n")
            return 0
        }
        guard let callback = trampoline ?? shape.callback else { return 0 }
        let box = ClosureBox<SignalHandler> { instance, arg in
            MainActor.assumeIsolated { body(instance, arg) }
        }
        return g_signal_connect_data(
            raw, signal, callback,
            box.retained(), releaseClosureBoxOnClosure, GConnectFlags(0))
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
    /// Any other signal is refused: 0 is returned and the reason is logged,
    /// starting with the caller's file and line (a misspelt name compiles).
    @discardableResult
    public func on(
        _ signal: String, file: StaticString = #fileID, line: UInt = #line,
        _ handler: @escaping @MainActor (Self) -> Void
    ) -> UInt {
        connect(signal, shape: .void, caller: SignalCaller(file: file, line: line)) { instance, _ in
            handler(Object.wrap(instance, as: Self.self))
            return 0
        }
    }

    /// `on(_:file:line:_:)` as plugins built before it call it (kept for
    /// their ABI; a new build calls the other, which names the caller).
    @_disfavoredOverload
    @discardableResult
    public func on(_ signal: String, _ handler: @escaping @MainActor (Self) -> Void) -> UInt {
        on(signal, file: "?", line: 0, handler)
    }

    /// Connects a handler to a signal that returns a `gboolean` ("delete-event",
    /// "popup-menu"…): return true to stop the signal (for "delete-event": keep
    /// the window open), false to let other handlers and GTK's default run.
    /// Its argument, if any (an event), is not passed on; signals whose
    /// arguments matter have typed helpers.
    @discardableResult
    public func onBoolean(
        _ signal: String, file: StaticString = #fileID, line: UInt = #line,
        _ handler: @escaping @MainActor (Self) -> Bool
    ) -> UInt {
        let shape: SignalShape = signalParameterCount(signal) == 0 ? .booleanNoArgument : .boolean
        return connect(signal, shape: shape, caller: SignalCaller(file: file, line: line)) { instance, _ in
            handler(Object.wrap(instance, as: Self.self)).gboolean
        }
    }

    /// `onBoolean(_:file:line:_:)` for plugins built before it (their ABI).
    @_disfavoredOverload
    @discardableResult
    public func onBoolean(_ signal: String, _ handler: @escaping @MainActor (Self) -> Bool) -> UInt {
        onBoolean(signal, file: "?", line: 0, handler)
    }

    /// Calls `handler` when a property changes; a property the object lacks
    /// is refused as `on` refuses a signal, naming the caller's file and line.
    @discardableResult
    public func onNotify(
        _ property: String, file: StaticString = #fileID, line: UInt = #line,
        _ handler: @escaping @MainActor (Self) -> Void
    ) -> UInt {
        connect("notify::\(property)", shape: .argument, caller: SignalCaller(file: file, line: line)) { instance, _ in
            handler(Object.wrap(instance, as: Self.self))
            return 0
        }
    }

    /// `onNotify(_:file:line:_:)` for plugins built before it (their ABI).
    @_disfavoredOverload
    @discardableResult
    public func onNotify(_ property: String, _ handler: @escaping @MainActor (Self) -> Void) -> UInt {
        onNotify(property, file: "?", line: 0, handler)
    }
}

/// Where a handler was connected from, for the message that refuses it.
package struct SignalCaller {
    let file: StaticString
    let line: UInt
}
