internal import CGtk
import Synchronization

/// GLib's and GTK's warnings and criticals, kept as they are written, so a
/// test can prove an operation raises none (a stale text iterator, say,
/// which GTK only warns about). Every message still reaches stderr.
///
/// GLib allows one log writer per process, set by the program, never by a
/// library: only a test process calls `startRecording`.
public enum GLibLog {
    private static let messages = Mutex<[String]>([])
    private static let started = Mutex(false)

    /// Installs the recording writer (once; later calls do nothing).
    public static func startRecording() {
        let first = started.withLock { started in
            defer { started = true }
            return !started
        }
        guard first else { return }
        g_log_set_writer_func(recordingWriter, nil, nil)
    }

    /// The warnings and criticals written since recording started, as
    /// "Domain: message".
    public static var recorded: [String] { messages.withLock { $0 } }

    fileprivate static func record(_ message: String) { messages.withLock { $0.append(message) } }
}

private let recordingWriter: GLogWriterFunc = { level, fields, count, data in
    if level.rawValue & (G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_CRITICAL.rawValue) != 0, let fields {
        var domain = "", message = ""
        for field in UnsafeBufferPointer(start: fields, count: Int(count)) {
            guard let key = field.key, let value = field.value, field.length < 0 else { continue }
            switch String(cString: key) {
            case "GLIB_DOMAIN": domain = String(cString: value.assumingMemoryBound(to: CChar.self))
            case "MESSAGE": message = String(cString: value.assumingMemoryBound(to: CChar.self))
            default: break
            }
        }
        GLibLog.record("\(domain): \(message)")
    }
    return g_log_writer_default(level, fields, count, data)
}
