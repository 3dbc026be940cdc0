import CGtk

extension Window {
    /// Uses a picture file as the window's icon (for task switchers and
    /// docks); returns the error message if it cannot be loaded.
    @discardableResult
    public func setIcon(path: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        if gtk_window_set_icon_from_file(cast(), path, &error).bool { return nil }
        return GLibError.take(error) ?? path
    }
}
