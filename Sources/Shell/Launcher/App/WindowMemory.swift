import DemoShellKit
import ShellModel

extension WindowGeometry {
    @MainActor
    package static func read(from settings: Settings) -> WindowGeometry? {
        read(integer: { settings.integer($0) }, boolean: { settings.boolean($0) })
    }

    @MainActor
    package func write(to settings: Settings) {
        settings.set(width, for: "window-width")
        settings.set(height, for: "window-height")
        settings.set(maximized, for: "window-maximized")
    }
}

/// Remembers a window's size in a settings file: restores it when the window
/// opens, follows it while it lives (the size before maximizing is kept, as
/// GNOME apps do), and saves it when the window goes away.
@MainActor
enum WindowMemory {
    /// Gives `window` its remembered size, then keeps `settings` up to date;
    /// `changed` runs when the size or maximized state changes (the caller
    /// saves soon after: see `DebouncedSave`), `save` when the window is
    /// destroyed (it writes the settings).
    /// A window too large for the screen even at its smallest scrolls its content.
    static func attach(
        to window: Window, settings: Settings, changed: (@MainActor () -> Void)? = nil,
        save: @escaping @MainActor () -> Void
    ) {
        window.scrollsContentWhenLargerThanWorkArea()
        // Demos show their windows as they build them, and a size asked for
        // before the window maps is not yet net of its frame: fit it once mapped.
        let fit: @MainActor (Window) -> Void = { $0.resize(width: $0.size.width, height: $0.size.height) }
        if window.isMapped {
            fit(window)
        } else {
            // The handler's id, known once connected, for the handler to disconnect itself.
            final class Handler { var id: UInt = 0 }
            let handler = Handler()
            handler.id = window.onMap { window in
                window.disconnect(handler.id)
                fit(window)
            }
        }
        var geometry = WindowGeometry.read(from: settings)
        if let geometry {
            window.setDefaultSize(width: geometry.width, height: geometry.height)
            window.resize(width: geometry.width, height: geometry.height)
            if geometry.maximized { window.maximize() }
        }
        window.onSizeAllocate { window, _, _ in
            // Before the window is on screen, its room is not known yet.
            guard let room = window.roomForContent else { return }
            // The unmaximized size is the one to come back to (maximizing is a choice).
            let new =
                window.isMaximized
                ? WindowGeometry(
                    width: geometry?.width ?? window.size.width, height: geometry?.height ?? window.size.height,
                    maximized: true)
                : WindowGeometry.toRemember(size: window.size, maximized: false, remembered: geometry, room: room)
            guard let new, new != geometry else { return }
            geometry = new
            // In the settings at once, on disk soon: a crash keeps it.
            if WindowGeometry.sizeRange.contains(new.width), WindowGeometry.sizeRange.contains(new.height) {
                new.write(to: settings)
                changed?()
            }
        }
        window.onDestroy { window in
            // Closed before its first allocation: the size it was given, unless the screen clamped it.
            let final =
                geometry
                ?? WindowGeometry.toRemember(
                    size: window.size, maximized: window.isMaximized,
                    remembered: nil, room: window.roomForContent)
            guard let final, WindowGeometry.sizeRange.contains(final.width),
                WindowGeometry.sizeRange.contains(final.height)
            else { return }
            final.write(to: settings)
            save()
        }
    }
}

extension Window {
    /// The most `size` may be on this screen (the work area less the
    /// window's frame: its header bar and borders); nil until the window is
    /// realized and its frame known.
    fileprivate var roomForContent: (width: Int, height: Int)? {
        guard let area = workArea, let frame = frameSize else { return nil }
        let inner = size
        return (area.width - max(0, frame.width - inner.width), area.height - max(0, frame.height - inner.height))
    }
}
