import CGtk
import DemoBasics
import Gtk
import ShellBasics

/// Watches a folder (`GFileMonitor`): files added, removed or changed in it.
/// A folder that does not exist yet is watched too, and reported once made.
/// Or one file: written, replaced (renamed into place), made or removed.
@MainActor
public final class FileMonitor: Object {
    override public class var gtkType: UInt { g_file_monitor_get_type() }

    /// A monitor of the folder at `path`, or nil when GIO cannot watch it.
    public convenience init?(directory path: String) {
        let file = g_file_new_for_path(path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        var error: UnsafeMutablePointer<GError>?
        guard let monitor = g_file_monitor_directory(file, G_FILE_MONITOR_WATCH_MOVES, nil, &error) else {
            _ = GLibError.take(error)
            return nil
        }
        self.init(raw: UnsafeMutableRawPointer(monitor), transfer: .full)
    }

    /// A monitor of the file at `path` (which need not exist yet), or nil
    /// when GIO cannot watch it.
    public convenience init?(file path: String) {
        let file = g_file_new_for_path(path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        var error: UnsafeMutablePointer<GError>?
        guard let monitor = g_file_monitor_file(file, G_FILE_MONITOR_NONE, nil, &error) else {
            _ = GLibError.take(error)
            return nil
        }
        self.init(raw: UnsafeMutableRawPointer(monitor), transfer: .full)
    }

    /// Stops watching (also when the monitor is freed).
    public func cancel() { _ = g_file_monitor_cancel(raw.assumingMemoryBound(to: GFileMonitor.self)) }

    /// Calls `handler` for every change in the folder (several for one copy).
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor (FileMonitor) -> Void) -> UInt {
        connect("changed", shape: .threeArguments, trampoline: unsafeBitCast(changedTrampoline, to: GCallback.self)) {
            instance, _ in
            handler(Object.wrap(instance, as: FileMonitor.self))
            return 0
        }
    }
}

/// `void handler(GFileMonitor *, GFile *, GFile *, GFileMonitorEvent, gpointer data)`
private let changedTrampoline:
    @convention(c) (
        UnsafeMutableRawPointer, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
        UInt32, UnsafeMutableRawPointer
    ) -> Void = { instance, _, _, _, data in
        _ = ClosureBox<SignalHandler>.of(data).call(instance, nil)
    }
