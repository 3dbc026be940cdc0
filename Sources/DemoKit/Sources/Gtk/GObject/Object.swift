package import CGtk
internal import CGtkShim

/// How a C function hands over the object it returns: its GObject-introspection
/// transfer annotation. Each binding constructor names it, and `Object.init`
/// is the one place that acts on it.
package enum Transfer: Sendable {
    /// The caller owns a reference (`transfer full`): `gtk_css_provider_new`,
    /// `gdk_pixbuf_new…`, `gtk_application_new`, gestures' `new`, `g_…_new`.
    case full
    /// A floating reference (`gtk_*_new` of widgets), which is sunk. A
    /// window is never floating (GTK keeps it until destroyed), so sinking
    /// it adds a reference of the wrapper's own.
    case floating
    /// Borrowed (`transfer none`, as getters return): a reference is added.
    case none
}

/// The Swift wrapper of one GObject, and the only one while it lives.
///
/// Ownership: whatever the transfer, the wrapper ends up with exactly one
/// *toggle reference* (as PyGObject and gjs do). While anything else holds
/// the GObject (a parent container, GTK's list of windows, a style context)
/// the GObject keeps its wrapper alive, so a subclass's stored properties
/// survive a round trip through a signal or `children`; once only the
/// wrapper's reference is left, the wrapper lives as long as Swift holds it,
/// and its `deinit` drops the last reference and the GObject is finalized.
@MainActor
open class Object {
    /// The wrapped `GObject *`.
    package let raw: UnsafeMutableRawPointer

    /// Shared with the GObject's qdata and the toggle-reference callback.
    private let slot: WrapperSlot

    /// Counts live wrappers, so tests can prove that widgets are released
    /// (`Object.liveCount` in DemoKitTesting).
    package private(set) static var wrapperCount = 0

    /// Wraps `raw`, taking ownership as `transfer` says. Binding constructors
    /// call this with a new object; every other pointer goes through `wrap`.
    /// Not for plugins: it takes a raw pointer (DemoShellKit's wrappers use it).
    package convenience init(raw: UnsafeMutableRawPointer, transfer: Transfer) {
        self.init(WrappedObject(raw: raw, transfer: transfer))
    }

    /// The one designated initializer, public so that a Swift subclass of a
    /// wrapper class, in a plugin or in the shell, inherits it: Swift does not
    /// initialize the stored properties of a subclass in an initializer that
    /// module cannot see (the raw-pointer one, `package`), and they were then
    /// garbage. No code outside the binding can make a `WrappedObject`.
    public required init(_ object: WrappedObject) {
        let (raw, transfer) = (object.raw, object.transfer)
        self.raw = raw
        slot = WrapperSlot()
        precondition(
            Object.isInstance(raw, of: Self.self),
            "a \(String(cString: g_type_name(shim_object_type(raw)))) cannot be wrapped as \(Self.self)")
        switch transfer {
        case .full: break
        case .floating: g_object_ref_sink(raw)
        case .none: g_object_ref(raw)
        }
        // Now exactly one reference is ours; trade it for the toggle reference.
        if let other = Object.slot(of: raw)?.wrapper {
            preconditionFailure("\(typeName) already has the wrapper \(Swift.type(of: other)); use Object.wrap")
        }
        Object.wrapperCount += 1
        slot.wrapper = self
        slot.strong = self
        g_object_set_qdata_full(gobject, Object.wrapperQuark, Unmanaged.passRetained(slot).toOpaque(), releaseSlot)
        g_object_add_toggle_ref(gobject, toggleNotify, Unmanaged.passUnretained(slot).toOpaque())
        g_object_unref(raw)  // the last one ours? then toggleNotify lets go of `strong`
    }

    /// Runs on the main actor even when the last Swift reference is dropped
    /// on another thread (the main actor's jobs run in GTK's loop).
    /// Every subclass says `isolated deinit {}` itself: Swift 6.3.1 prints an
    /// inherited one as a plain `deinit` in the module's interface, which
    /// then fails to compile, and plugins from elsewhere compile against it.
    isolated deinit {
        let slotPointer = Unmanaged.passUnretained(slot).toOpaque()
        if g_object_get_qdata(gobject, Object.wrapperQuark) == slotPointer {
            g_object_set_qdata(gobject, Object.wrapperQuark, nil)
        }
        Object.wrapperCount -= 1
        g_object_remove_toggle_ref(gobject, toggleNotify, slotPointer)
    }

    /// The live wrapper of `raw`: the existing one, or a new one of the most
    /// specific binding class for its GType that is a `T` (a `GtkEntry` asked
    /// for as a `Widget` gets an `Entry`), so that asking again as another
    /// class finds the same wrapper.
    package static func wrap<T: Object>(_ raw: UnsafeMutableRawPointer, as type: T.Type = T.self) -> T {
        if let existing = slot(of: raw)?.wrapper {
            guard let typed = existing as? T else {
                preconditionFailure("\(existing.typeName) is wrapped as \(Swift.type(of: existing)), not as \(T.self)")
            }
            return typed
        }
        return WrapperClasses.mostSpecific(for: raw, as: T.self).init(WrappedObject(raw: raw, transfer: .none))
    }

    private static func slot(of raw: UnsafeMutableRawPointer) -> WrapperSlot? {
        g_object_get_qdata(raw.assumingMemoryBound(to: GObject.self), wrapperQuark)
            .map { Unmanaged<WrapperSlot>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The object as a `GObject *`.
    package var gobject: UnsafeMutablePointer<GObject> { raw.assumingMemoryBound(to: GObject.self) }

    /// Typed access for the binding layer's own files.
    package func cast<T>(_: T.Type = T.self) -> UnsafeMutablePointer<T> { raw.assumingMemoryBound(to: T.self) }

    /// The GType this wrapper class stands for; subclasses override it so a
    /// pointer is only ever wrapped as a class it really is.
    open class var gtkType: UInt { g_object_get_type() }

    /// Whether `raw` is an instance of `type`'s GType (or a subtype).
    package static func isInstance<T: Object>(_ raw: UnsafeMutableRawPointer, of type: T.Type) -> Bool {
        g_type_check_instance_is_a(raw.assumingMemoryBound(to: GTypeInstance.self), type.gtkType).bool
    }

    /// This object as a more specific wrapper class, or nil if it is not one
    /// (`widget.as(Entry.self)`), like a checked cast in C.
    /// (A GObject's one wrapper is always of its most specific binding class,
    /// so this is Swift's own cast.)
    public func `as`<T: Object>(_ type: T.Type) -> T? { self as? T }

    /// g_quark_from_string, never _static_string: a short Swift string is
    /// passed to C as a temporary copy, which GLib's quark table would keep.
    static let wrapperQuark: GQuark = g_quark_from_string("demokit-wrapper")

    /// The GType name, for diagnostics and tests.
    public var typeName: String { String(cString: g_type_name(shim_object_type(raw))) }

    /// Keeps `owner` alive for as long as this object is in use.
    ///
    /// A demo's controller usually lives exactly as long as its window; this
    /// ties the two without a global table, and never makes a permanent cycle
    /// even when `owner` holds this object (the usual case):
    /// - a widget holds `owner` until it is destroyed;
    /// - any other object holds it while something besides its wrapper holds
    ///   the GObject (a provider added to the screen, an action added to the
    ///   application), and lets go when that stops. Nothing else holding it,
    ///   there is nothing to tie `owner` to, and it is not kept.
    public func retain(_ owner: AnyObject) {
        if shim_is_widget(raw).bool {
            connect("destroy", shape: .void) { _, _ in
                withExtendedLifetime(owner) {}
                return 0
            }
        } else if slot.strong != nil {
            slot.retained.append(owner)
        }
    }

    /// Sets a string property by name (for properties without a typed setter).
    public func setProperty(_ name: String, _ value: String) { shim_object_set_string(raw, name, value) }

    /// A string property's value (nil when unset or not a string property).
    public func stringProperty(_ name: String) -> String? {
        guard let objectClass = g_type_class_peek(shim_object_type(raw)),
            let spec = g_object_class_find_property(objectClass.assumingMemoryBound(to: GObjectClass.self), name),
            spec.pointee.value_type == GType(16 << 2)
        else { return nil }  // G_TYPE_STRING
        var value = GValue()
        g_value_init(&value, GType(16 << 2))
        defer { g_value_unset(&value) }
        g_object_get_property(gobject, name, &value)
        return g_value_get_string(&value).map { String(cString: $0) }
    }
    /// Sets the boolean GObject property `name` ("no-show-all"), for what the
    /// binding has no Swift property for.
    public func setProperty(_ name: String, _ value: Bool) { shim_object_set_bool(raw, name, value ? 1 : 0) }

    /// A boolean property's value.
    public func boolProperty(_ name: String) -> Bool {
        var value = GValue()
        g_value_init(&value, GType(5 << 2))  // G_TYPE_BOOLEAN
        defer { g_value_unset(&value) }
        g_object_get_property(gobject, name, &value)
        return g_value_get_boolean(&value).bool
    }
    /// Sets the integer (or enumeration) GObject property `name`, for what the
    /// binding has no Swift property for.
    public func setProperty(_ name: String, _ value: Int) { shim_object_set_int(raw, name, Int32(value)) }
    /// Sets the floating-point GObject property `name`, for what the binding
    /// has no Swift property for.
    public func setProperty(_ name: String, _ value: Double) { shim_object_set_double(raw, name, value) }
}

/// A GObject about to get its Swift wrapper (`Object.init(_:)`), as only
/// the binding makes one.
public struct WrappedObject {
    package let raw: UnsafeMutableRawPointer
    package let transfer: Transfer
}

/// What the GObject's qdata and its toggle reference point at.
///
/// `wrapper` finds the wrapper (weak: it reads nil while a wrapper released
/// on another thread waits for its `deinit`); `strong` is set while others
/// hold the GObject, which is what keeps the wrapper alive then.
private final class WrapperSlot: @unchecked Sendable {
    weak var wrapper: Object?
    var strong: Object?
    package var retained: [AnyObject] = []
}

private let releaseSlot: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<WrapperSlot>.fromOpaque(data).release()
}

/// GLib calls this when the toggle reference becomes the only reference
/// (`isLast`) and when another one is added again.
private let toggleNotify: GToggleNotify = { data, _, isLast in
    guard let data else { return }
    let slot = Unmanaged<WrapperSlot>.fromOpaque(data).takeUnretainedValue()
    withExtendedLifetime(slot) {
        if isLast.bool {
            let released = (slot.strong, slot.retained)
            slot.strong = nil
            slot.retained = []
            withExtendedLifetime(released) {}
        } else {
            slot.strong = slot.wrapper
        }
    }
}

extension Bool {
    @inline(__always) package var gboolean: gboolean { self ? 1 : 0 }
}

extension gboolean {
    @inline(__always) package var bool: Bool { self != 0 }
}
