internal import CGtk
import Gtk

/// What a test needs to hold a Keyboard Shortcuts window against what a
/// window really does with keys: the application's accelerator table, the
/// actions a window reaches, and which keys the program's own key handlers
/// acted on (returned `.stop`), so a handler's key that the window does not
/// list is found by pressing it.
@MainActor
public enum KeyHandlerRecord {
    /// The keys a handler connected with `onKeyPress` stopped since
    /// `startRecording`, oldest first (a program never records).
    public static var stopped: [KeyEvent] { KeyHandlerLog.stopped }

    public static func startRecording() { KeyHandlerLog.isRecording = true }
}

extension Key {
    /// The key and modifiers of one accelerator in GTK's syntax
    /// ("<Primary><Shift>z", "Return"); nil when GTK cannot read it.
    public static func parse(accelerator: String) -> KeyEvent? {
        var keyval: guint = 0
        var modifiers = GdkModifierType(rawValue: 0)
        gtk_accelerator_parse(accelerator, &keyval, &modifiers)
        guard keyval != 0 else { return nil }
        return KeyEvent(keyval: keyval, modifiers: Modifiers(rawValue: modifiers.rawValue))
    }

    /// GTK's name of a key ("<Primary>z" style), for messages.
    public static func name(of key: KeyEvent) -> String {
        guard let name = gtk_accelerator_name(key.keyval, GdkModifierType(rawValue: key.modifiers.rawValue)) else {
            return "?"
        }
        defer { g_free(name) }
        return String(cString: name)
    }
}

extension Application {
    /// Every action with accelerators, and its accelerators.
    public var acceleratorTable: [(action: String, accelerators: [String])] {
        strings(gtk_application_list_action_descriptions(cast())).map { action in
            (action, strings(gtk_application_get_accels_for_action(cast(), action)))
        }
    }

    /// The detailed actions ("app.quit") an accelerator is set for.
    public func actions(forAccelerator accelerator: String) -> [String] {
        strings(gtk_application_get_actions_for_accel(cast(), accelerator))
    }

    private func strings(_ array: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?) -> [String] {
        guard let array else { return [] }
        defer { g_strfreev(array) }
        var result: [String] = []
        var index = 0
        while let item = array[index] {
            result.append(String(cString: item))
            index += 1
        }
        return result
    }
}

extension Window {
    /// The window has `action` ("app.quit", "win.close", "demo.undo"),
    /// enabled: from its own action groups or its application's.
    public func reaches(action: String) -> Bool {
        guard let dot = action.firstIndex(of: ".") else { return false }
        let prefix = String(action[..<dot]), name = String(action[action.index(after: dot)...])
        let group: OpaquePointer?
        if prefix == "app" {
            group = gtk_window_get_application(cast()).map { OpaquePointer($0) }
        } else {
            group = gtk_widget_get_action_group(widget, prefix)
        }
        guard let group else { return false }
        return g_action_group_has_action(group, name).bool && g_action_group_get_action_enabled(group, name).bool
    }
}
