internal import CGtk
internal import CGtkShim
import Gtk

/// Learns when a GObject is finalized (a `g_object_weak_ref`), so tests
/// can prove that the objects themselves are freed, not only their wrappers.
public final class FinalizationProbe: @unchecked Sendable {
    /// The GType name of the watched object, for failure messages.
    public let typeName: String
    public private(set) var isFinalized = false

    init(typeName: String) { self.typeName = typeName }

    fileprivate func finalized() { isFinalized = true }
}

private let probeNotify: GWeakNotify = { data, _ in
    guard let data else { return }
    Unmanaged<FinalizationProbe>.fromOpaque(data).takeRetainedValue().finalized()
}

extension Object {
    /// A probe that reads true once this GObject has been finalized. It
    /// holds neither the object nor its wrapper.
    public func probeFinalization() -> FinalizationProbe {
        let probe = FinalizationProbe(typeName: typeName)
        g_object_weak_ref(gobject, probeNotify, Unmanaged.passRetained(probe).toOpaque())
        return probe
    }

    /// The GObject's reference count, for tests of ownership.
    public var referenceCount: Int { Int(shim_object_ref_count(raw)) }

    /// The Swift wrappers alive, so tests can prove that widgets are released.
    public static var liveCount: Int { wrapperCount }
}

/// The number of closure boxes alive (signal handlers, sources, callbacks).
@MainActor public var liveSignalHandlerCount: Int { AnyClosureBox.liveCount }
