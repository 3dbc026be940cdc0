import CGtk
import DemoBasics
import Gtk
import ShellBasics

/// What a process finds when it asks whether a unique application's first
/// ("primary") instance is running and answering on the session bus.
///
/// A second `GApplication` hands its work to the primary over D-Bus, and its
/// registration waits for the primary's answer with D-Bus's default 25 s
/// time limit, twice; a primary that is stopped (`kill -STOP`) or frozen
/// therefore blocks a new start for 50 s and then fails it. `probe` asks the
/// primary the very question registration asks (`org.gtk.Actions.DescribeAll`,
/// served by the primary's main loop, so a frozen loop does not answer either)
/// with a short time limit first, so that the caller can run on its own.
public enum PrimaryInstance: Equatable, Sendable {
    /// Nobody holds the name, or there is no session bus: this process will be
    /// the primary instance (or run alone).
    case absent
    /// The primary answered: registering hands over to it at once.
    case answering
    /// The name is held but its holder did not answer within the time limit
    /// (`reason` nil) or answered with an error (`reason`); `processID` is the
    /// holder's, when the bus knows it.
    case silent(processID: UInt32?, reason: String?)

    /// Asks the session bus who holds `applicationID`, then asks the holder for
    /// its actions, waiting at most `milliseconds` for each answer.
    public static func probe(applicationID: String, milliseconds: Int32) -> PrimaryInstance {
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            _ = GLibError.take(error)  // registration reports a missing bus itself
            return .absent
        }
        // Kept: the process's one shared session-bus connection, which the
        // application's registration then reuses instead of connecting and
        // authenticating a second time.
        if keptBus == nil { keptBus = bus } else { g_object_unref(UnsafeMutableRawPointer(bus)) }
        // The bus daemon answers this one itself; "no owner" is an error.
        guard
            let owner = callString(
                bus, destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                interface: "org.freedesktop.DBus", method: "GetNameOwner",
                argument: applicationID, milliseconds: milliseconds)
        else {
            return .absent
        }
        let processID = callUInt32(
            bus, method: "GetConnectionUnixProcessID", argument: owner, milliseconds: milliseconds)
        // GApplication's object path: "/" + the id with "." → "/" and "-" → "_".
        let path = "/" + String(applicationID.map { $0 == "." ? "/" : $0 == "-" ? "_" : $0 })
        let reply = g_dbus_connection_call_sync(
            bus, owner, path, "org.gtk.Actions", "DescribeAll", nil, nil,
            G_DBUS_CALL_FLAGS_NO_AUTO_START, milliseconds, nil, &error)
        if let reply {
            g_variant_unref(reply)
            return .answering
        }
        let timedOut = g_error_matches(error, g_io_error_quark(), Int32(G_IO_ERROR_TIMED_OUT.rawValue)).bool
        let message = GLibError.take(error)
        return .silent(processID: processID, reason: timedOut ? nil : message)
    }

    /// The session bus as the first probe found it (GLib's shared connection).
    nonisolated(unsafe) private static var keptBus: OpaquePointer?

    private static func call(
        _ bus: OpaquePointer, destination: String, path: String, interface: String,
        method: String, argument: String, milliseconds: Int32
    ) -> OpaquePointer? {
        var error: UnsafeMutablePointer<GError>?
        let parameters = g_variant_new_tuple([g_variant_new_string(argument)], 1)
        let reply = g_dbus_connection_call_sync(
            bus, destination, path, interface, method, parameters, nil,
            G_DBUS_CALL_FLAGS_NO_AUTO_START, milliseconds, nil, &error)
        _ = GLibError.take(error)
        return reply
    }

    private static func callString(
        _ bus: OpaquePointer, destination: String, path: String, interface: String,
        method: String, argument: String, milliseconds: Int32
    ) -> String? {
        guard
            let reply = call(
                bus, destination: destination, path: path, interface: interface,
                method: method, argument: argument, milliseconds: milliseconds)
        else { return nil }
        defer { g_variant_unref(reply) }
        let child = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(child) }
        return g_variant_get_string(child, nil).map { String(cString: $0) }
    }

    private static func callUInt32(_ bus: OpaquePointer, method: String, argument: String, milliseconds: Int32)
        -> UInt32?
    {
        guard
            let reply = call(
                bus, destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                interface: "org.freedesktop.DBus", method: method,
                argument: argument, milliseconds: milliseconds)
        else { return nil }
        defer { g_variant_unref(reply) }
        let child = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(child) }
        return g_variant_get_uint32(child)
    }
}
