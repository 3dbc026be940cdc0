import CGtk

extension Window {
    /// Whether the window is maximized (as the window manager last said).
    public var isMaximized: Bool { gtk_window_is_maximized(cast()).bool }

    public func maximize() { gtk_window_maximize(cast()) }
    public func unmaximize() { gtk_window_unmaximize(cast()) }
}
