import CGtk
import DemoBasics
import Gtk
import ShellBasics

/// A request to the primary instance that waits for its answer.
///
/// `Application.activateAction` in a remote instance sends the activation and
/// never learns what came of it. Here the activation is a D-Bus call whose
/// reply comes once the primary's handler has run (GApplication answers
/// `org.gtk.Actions.Activate` after activating), and the action's state,
/// read right after, is the primary's answer: the caller can then exit with
/// a status that tells the truth.
public enum RemoteAction {
    /// Activates `app.NAME` with `argument` in the primary instance of
    /// `applicationID` (or in the process at `busName`, a unique name such as
    /// ":1.42", when given) and returns the action's string state afterwards;
    /// `.failure` with a message when it cannot be asked or answered nothing
    /// within `milliseconds`.
    @MainActor
    public static func activate(
        _ name: String, argument: String, applicationID: String, busName: String? = nil,
        milliseconds: Int32
    ) -> Result<String, RemoteActionError> {
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            return .failure(RemoteActionError(message: GLibError.take(error) ?? "no session bus"))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        let path = objectPath(applicationID)
        let destination = busName ?? applicationID
        let activation = activationMessage(name, argument: argument)
        guard
            let reply = g_dbus_connection_call_sync(
                bus, destination, path, "org.gtk.Actions", "Activate", activation,
                nil, G_DBUS_CALL_FLAGS_NO_AUTO_START, milliseconds, nil, &error)
        else {
            return .failure(RemoteActionError(message: GLibError.take(error) ?? ""))
        }
        g_variant_unref(reply)

        // Describe (s) → ((b g av)): the state is the av's one element.
        var nameField: OpaquePointer? = g_variant_new_string(name)
        guard
            let description = g_dbus_connection_call_sync(
                bus, destination, path, "org.gtk.Actions", "Describe",
                g_variant_new_tuple(&nameField, 1), nil,
                G_DBUS_CALL_FLAGS_NO_AUTO_START, milliseconds, nil, &error)
        else {
            return .failure(RemoteActionError(message: GLibError.take(error) ?? ""))
        }
        defer { g_variant_unref(description) }
        let triple = g_variant_get_child_value(description, 0)
        defer { g_variant_unref(triple) }
        let states = g_variant_get_child_value(triple, 2)
        defer { g_variant_unref(states) }
        guard g_variant_n_children(states) == 1 else { return .failure(RemoteActionError(message: "stateless action")) }
        let boxed = g_variant_get_child_value(states, 0)
        defer { g_variant_unref(boxed) }
        let state = g_variant_get_variant(boxed)
        defer { g_variant_unref(state) }
        guard g_variant_is_of_type(state, g_variant_type_checked_("s")).bool,
            let text = g_variant_get_string(state, nil)
        else {
            return .failure(RemoteActionError(message: "the state is no string"))
        }
        return .success(String(cString: text))
    }

    /// Activates `app.NAME` (with `argument`, when it takes one) in the
    /// application `applicationID` of the process at `busName` (the owner of
    /// `applicationID` when nil), and returns once the request is written: no
    /// answer is awaited, so a caller that the other process may itself be
    /// waiting on (a launcher and the demo process it started) can never
    /// deadlock with it, and a caller about to exit has sent it.
    @MainActor
    public static func send(_ name: String, argument: String?, applicationID: String, busName: String?) {
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            _ = GLibError.take(error)
            return
        }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        g_dbus_connection_call(
            bus, busName ?? applicationID, objectPath(applicationID), "org.gtk.Actions", "Activate",
            activationMessage(name, argument: argument), nil, G_DBUS_CALL_FLAGS_NO_AUTO_START,
            -1, nil, nil, nil)
        g_dbus_connection_flush_sync(bus, nil, nil)
    }

    /// The unique names on the session bus of process `processID`'s
    /// connections (the bus daemon knows each connection's process), asking
    /// it at most `milliseconds` per question.
    @MainActor
    public static func busNames(ofProcess processID: Int32, milliseconds: Int32) -> [String] {
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            _ = GLibError.take(error)
            return []
        }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        guard
            let reply = g_dbus_connection_call_sync(
                bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                "org.freedesktop.DBus", "ListNames", nil, nil,
                G_DBUS_CALL_FLAGS_NO_AUTO_START, milliseconds, nil, &error)
        else {
            _ = GLibError.take(error)
            return []
        }
        defer { g_variant_unref(reply) }
        let list = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(list) }
        var names: [String] = []
        for index in 0..<g_variant_n_children(list) {
            let item = g_variant_get_child_value(list, index)
            defer { g_variant_unref(item) }
            guard let text = g_variant_get_string(item, nil).map({ String(cString: $0) }), text.hasPrefix(":") else {
                continue
            }
            var argument: OpaquePointer? = g_variant_new_string(text)
            guard
                let answer = g_dbus_connection_call_sync(
                    bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                    "org.freedesktop.DBus", "GetConnectionUnixProcessID",
                    g_variant_new_tuple(&argument, 1), nil,
                    G_DBUS_CALL_FLAGS_NO_AUTO_START, milliseconds, nil, &error)
            else {
                _ = GLibError.take(error)  // gone since the list was made
                continue
            }
            let value = g_variant_get_child_value(answer, 0)
            if g_variant_get_uint32(value) == UInt32(bitPattern: processID) { names.append(text) }
            g_variant_unref(value)
            g_variant_unref(answer)
        }
        return names
    }

    /// GApplication's object path: "/" + the id with "." → "/" and "-" → "_".
    private static func objectPath(_ applicationID: String) -> String {
        "/" + String(applicationID.map { $0 == "." ? "/" : $0 == "-" ? "_" : $0 })
    }

    /// Activate (s av a{sv}): the name, [<argument>] or [], platform data (a
    /// floating variant, taken by the call).
    private static func activationMessage(_ name: String, argument: String?) -> OpaquePointer? {
        var parameter: OpaquePointer? = argument.map { g_variant_new_variant(g_variant_new_string($0)) }
        let arguments =
            parameter == nil
            ? g_variant_new_array(g_variant_type_checked_("v"), nil, 0)
            : g_variant_new_array(nil, &parameter, 1)
        var platform: [OpaquePointer?] = []
        if let startup = Environment.value("DESKTOP_STARTUP_ID") {
            // So the window the primary opens may take the focus.
            platform.append(
                g_variant_new_dict_entry(
                    g_variant_new_string("desktop-startup-id"),
                    g_variant_new_variant(g_variant_new_string(startup))))
        }
        let entryType = g_variant_type_new("{sv}")
        defer { g_variant_type_free(entryType) }
        let platformData = platform.withUnsafeMutableBufferPointer {
            g_variant_new_array(entryType, $0.baseAddress, gsize($0.count))
        }
        var fields: [OpaquePointer?] = [g_variant_new_string(name), arguments, platformData]
        return g_variant_new_tuple(&fields, 3)
    }
}

/// Why the primary instance could not be asked, in GLib's words.
public struct RemoteActionError: Error, Sendable {
    public let message: String
}
