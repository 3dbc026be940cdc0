import CGtk

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
    /// `applicationID` and returns the action's string state afterwards;
    /// `.failure` with a message when the primary cannot be asked or answered
    /// nothing within `milliseconds`.
    @MainActor
    public static func activate(_ name: String, argument: String, applicationID: String,
                                milliseconds: Int32) -> Result<String, RemoteActionError> {
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            return .failure(RemoteActionError(message: GLibError.take(error) ?? "no session bus"))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        let path = "/" + String(applicationID.map { $0 == "." ? "/" : $0 == "-" ? "_" : $0 })

        // Activate (s av a{sv}): the name, [<argument>], platform data.
        var parameter: OpaquePointer? = g_variant_new_variant(g_variant_new_string(argument))
        let arguments = g_variant_new_array(nil, &parameter, 1)
        var platform: [OpaquePointer?] = []
        if let startup = Environment.value("DESKTOP_STARTUP_ID") {
            // So the window the primary opens may take the focus.
            platform.append(g_variant_new_dict_entry(g_variant_new_string("desktop-startup-id"),
                                                     g_variant_new_variant(g_variant_new_string(startup))))
        }
        let entryType = g_variant_type_new("{sv}")
        defer { g_variant_type_free(entryType) }
        let platformData = platform.withUnsafeMutableBufferPointer {
            g_variant_new_array(entryType, $0.baseAddress, gsize($0.count))
        }
        var fields: [OpaquePointer?] = [g_variant_new_string(name), arguments, platformData]
        let activation = g_variant_new_tuple(&fields, 3)
        guard let reply = g_dbus_connection_call_sync(bus, applicationID, path, "org.gtk.Actions", "Activate", activation,
                                                      nil, G_DBUS_CALL_FLAGS_NO_AUTO_START, milliseconds, nil, &error) else {
            return .failure(RemoteActionError(message: GLibError.take(error) ?? ""))
        }
        g_variant_unref(reply)

        // Describe (s) → ((b g av)): the state is the av's one element.
        var nameField: OpaquePointer? = g_variant_new_string(name)
        guard let description = g_dbus_connection_call_sync(bus, applicationID, path, "org.gtk.Actions", "Describe",
                                                            g_variant_new_tuple(&nameField, 1), nil,
                                                            G_DBUS_CALL_FLAGS_NO_AUTO_START, milliseconds, nil, &error) else {
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
              let text = g_variant_get_string(state, nil) else {
            return .failure(RemoteActionError(message: "the state is no string"))
        }
        return .success(String(cString: text))
    }
}

/// Why the primary instance could not be asked, in GLib's words.
public struct RemoteActionError: Error, Sendable {
    public let message: String
}
