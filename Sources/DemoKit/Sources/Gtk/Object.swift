import CGtk
import CGtkShim

/// A Swift owner of one GObject reference.
///
/// Wrapping sinks a floating reference (or adds one), so the wrapper and GTK
/// share ownership; `deinit` drops the wrapper's reference. The wrapper records
/// itself (unretained) on the object so signal handlers can hand back the same
/// Swift instance instead of a new one.
@MainActor
open class Object {
    /// The wrapped `GObject *`.
    public let raw: UnsafeMutableRawPointer

    /// Counts live wrappers, so tests can prove that widgets are released.
    public private(set) static var liveCount = 0

    /// Takes a reference on `raw` (sinking it when floating).
    public required init(raw: UnsafeMutableRawPointer) {
        self.raw = raw
        g_object_ref_sink(raw)
        g_object_set_qdata(gobject, Object.wrapperQuark, Unmanaged.passUnretained(self).toOpaque())
        Object.liveCount += 1
    }

    isolated deinit {
        if g_object_get_qdata(gobject, Object.wrapperQuark) == Unmanaged.passUnretained(self).toOpaque() {
            g_object_set_qdata(gobject, Object.wrapperQuark, nil)
        }
        Object.liveCount -= 1
        g_object_unref(raw)
    }

    /// The object as a `GObject *`.
    public var gobject: UnsafeMutablePointer<GObject> { raw.assumingMemoryBound(to: GObject.self) }

    /// Typed access for the binding layer's own files.
    public func cast<T>(_: T.Type = T.self) -> UnsafeMutablePointer<T> { raw.assumingMemoryBound(to: T.self) }

    /// The live wrapper of `raw`, or a new one of type `T`.
    public static func wrap<T: Object>(_ raw: UnsafeMutableRawPointer, as type: T.Type = T.self) -> T {
        if let existing = g_object_get_qdata(raw.assumingMemoryBound(to: GObject.self), wrapperQuark) {
            let object = Unmanaged<Object>.fromOpaque(existing).takeUnretainedValue()
            if let typed = object as? T { return typed }
        }
        return T(raw: raw)
    }

    /// The GType this wrapper class stands for; subclasses override it so a
    /// pointer is only ever wrapped as a class it really is.
    open class var gtkType: GType { g_object_get_type() }

    /// Whether `raw` is an instance of `type`'s GType (or a subtype).
    public static func isInstance<T: Object>(_ raw: UnsafeMutableRawPointer, of type: T.Type) -> Bool {
        g_type_check_instance_is_a(raw.assumingMemoryBound(to: GTypeInstance.self), type.gtkType).bool
    }

    /// This object as a more specific wrapper class, or nil if it is not one
    /// (`widget.as(Entry.self)`), like a checked cast in C.
    public func `as`<T: Object>(_ type: T.Type) -> T? {
        Object.isInstance(raw, of: type) ? Object.wrap(raw, as: type) : nil
    }

    static let wrapperQuark: GQuark = g_quark_from_static_string("demokit-wrapper")

    /// The GType name, for diagnostics and tests.
    public var typeName: String { String(cString: g_type_name(shim_object_type(raw))) }

    /// Keeps `owner` alive until this object is destroyed (or finalised).
    ///
    /// A demo's controller usually lives exactly as long as its window; this
    /// ties the two without a global table. For a widget the reference is held
    /// by a "destroy" handler, so destroying the widget releases it even when
    /// `owner` holds the widget (the usual cycle).
    public func retain(_ owner: AnyObject) {
        if shim_is_widget(raw).bool {
            connect("destroy", shape: .void) { _, _ in
                withExtendedLifetime(owner) {}
                return 0
            }
            return
        }
        let box = Unmanaged.passRetained(Retained(owner)).toOpaque()
        let key = "demokit-retained-\(UInt(bitPattern: box))"
        g_object_set_data_full(gobject, key, box) { data in
            guard let data else { return }
            Unmanaged<Retained>.fromOpaque(data).release()
        }
    }

    /// Sets a string property by name (for properties without a typed setter).
    public func setProperty(_ name: String, _ value: String) { shim_object_set_string(raw, name, value) }
    public func setProperty(_ name: String, _ value: Bool) { shim_object_set_bool(raw, name, value ? 1 : 0) }
    public func setProperty(_ name: String, _ value: Int) { shim_object_set_int(raw, name, Int32(value)) }
    public func setProperty(_ name: String, _ value: Double) { shim_object_set_double(raw, name, value) }
}

private final class Retained {
    let value: AnyObject
    init(_ value: AnyObject) { self.value = value }
}

extension Bool {
    @inline(__always) var gboolean: gboolean { self ? 1 : 0 }
}

extension gboolean {
    @inline(__always) var bool: Bool { self != 0 }
}
