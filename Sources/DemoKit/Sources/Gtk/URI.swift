import CGtk

/// Opening URIs (web pages, `mailto:`) with the user's default application.
@MainActor
public enum URI {
    /// Opens `uri` with the default handler for its scheme; returns the
    /// error message (no handler for `mailto:`, say), or nil once launched.
    ///
    /// `gtk_show_uri_on_window` with a parent launches asynchronously and only
    /// logs failures, so this launches through GIO with the parent display's
    /// launch context (startup notification included) and reports errors.
    /// In a sandbox GIO goes through the OpenURI portal itself.
    @discardableResult
    public static func open(_ uri: String, parent: Window? = nil) -> String? {
        guard let display = parent.flatMap({ gtk_widget_get_display($0.widget) }) ?? gdk_display_get_default() else {
            return uri
        }
        let context = gdk_display_get_app_launch_context(display)
        defer { if let context { g_object_unref(UnsafeMutableRawPointer(context)) } }
        if let context { gdk_app_launch_context_set_timestamp(context, UInt32(GDK_CURRENT_TIME)) }
        var error: UnsafeMutablePointer<GError>?
        let launchContext = context.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GAppLaunchContext.self) }
        if g_app_info_launch_default_for_uri(uri, launchContext, &error).bool { return nil }
        return GLibError.take(error) ?? uri
    }

    /// Percent-escapes `text` for one URI component (a `mailto:` subject or
    /// body): everything but unreserved characters (and those in `reserved`)
    /// is escaped, UTF-8 included.
    public static func escape(_ text: String, allowing reserved: String? = nil) -> String {
        guard let escaped = g_uri_escape_string(text, reserved, 0) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }

    /// A `mailto:` URI with an optional subject and body, escaped.
    public static func mailto(_ address: String, subject: String? = nil, body: String? = nil) -> String {
        var query: [String] = []
        if let subject { query.append("subject=" + escape(subject)) }
        if let body { query.append("body=" + escape(body)) }
        return "mailto:" + escape(address, allowing: "@")
            + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }
}
