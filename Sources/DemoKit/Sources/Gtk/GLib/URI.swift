internal import CGtk

/// Opening URIs (web pages, `mailto:`) with the user's default application.
@MainActor
public enum URI {
    /// Opens `uri` with the default handler for its scheme, without blocking
    /// the loop (finding and starting a handler can take a while); then calls
    /// `completion` with the error message (no handler for `mailto:`, say),
    /// or nil once the handler was launched.
    ///
    /// `gtk_show_uri_on_window` with a parent launches asynchronously too but
    /// only logs failures, so this launches through GIO with the parent
    /// display's launch context (startup notification included) and reports
    /// errors. In a sandbox GIO goes through the OpenURI portal itself.
    public static func open(
        _ uri: String, parent: Window? = nil,
        completion: @escaping @MainActor (_ errorMessage: String?) -> Void = { _ in }
    ) {
        guard let display = parent.flatMap({ gtk_widget_get_display($0.widget) }) ?? gdk_display_get_default() else {
            completion(uri)
            return
        }
        let context = gdk_display_get_app_launch_context(display)
        defer { if let context { g_object_unref(UnsafeMutableRawPointer(context)) } }
        if let context { gdk_app_launch_context_set_timestamp(context, UInt32(GDK_CURRENT_TIME)) }
        let launchContext = context.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GAppLaunchContext.self) }
        let box = ClosureBox<LaunchCompletion> { launched, error in
            MainActor.assumeIsolated { completion(launched ? nil : error ?? uri) }
        }
        g_app_info_launch_default_for_uri_async(
            uri, launchContext, nil,
            { _, result, data in
                guard let data else { return }
                let box = ClosureBox<LaunchCompletion>.take(data)
                var error: UnsafeMutablePointer<GError>?
                let launched = g_app_info_launch_default_for_uri_finish(result, &error).bool
                box.call(launched, GLibError.take(error))
            }, box.retained())
    }

    /// Opens `uri` as `open(_:parent:completion:)` does and returns its answer:
    /// the error message, or nil once the handler was launched.
    public static func open(_ uri: String, parent: Window? = nil) async -> String? {
        await withCheckedContinuation { continuation in
            open(uri, parent: parent) { continuation.resume(returning: $0) }
        }
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
