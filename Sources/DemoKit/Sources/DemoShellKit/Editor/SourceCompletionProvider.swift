import CGtk
import Glibc
import Gtk

/// GtkSourceView's completion functions, looked up in the library
/// `SourceViewLibrary` opened (nil before that, or in a GtkSourceView
/// without them). Each signature is copied from the 4.x headers.
@MainActor
struct CompletionSymbols {
    typealias Pointer = UnsafeMutableRawPointer

    let providerType: @convention(c) () -> GType
    let viewGetCompletion: @convention(c) (Pointer) -> Pointer?
    let addProvider: @convention(c) (Pointer, Pointer, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) -> gboolean
    let removeProvider:
        @convention(c) (Pointer, Pointer, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) -> gboolean
    let hide: @convention(c) (Pointer) -> Void
    let itemNew: @convention(c) () -> Pointer?
    let itemSetLabel: @convention(c) (Pointer, UnsafePointer<CChar>?) -> Void
    let itemSetText: @convention(c) (Pointer, UnsafePointer<CChar>?) -> Void
    let itemSetMarkup: @convention(c) (Pointer, UnsafePointer<CChar>?) -> Void
    let itemSetInfo: @convention(c) (Pointer, UnsafePointer<CChar>?) -> Void
    let contextAddProposals: @convention(c) (Pointer, Pointer, UnsafeMutablePointer<GList>?, gboolean) -> Void
    let contextGetIter: @convention(c) (Pointer, UnsafeMutablePointer<GtkTextIter>) -> gboolean
    let contextGetActivation: @convention(c) (Pointer) -> UInt32

    static let shared: CompletionSymbols? = {
        guard SourceViewLibrary.load() == nil,
            let handle = dlopen(SourceViewLibrary.libraryName, RTLD_NOW | RTLD_NOLOAD)
        else { return nil }
        defer { dlclose(handle) }
        func symbol<T>(_ name: String) -> T? { dlsym(handle, name).map { unsafeBitCast($0, to: T.self) } }
        guard let providerType: @convention(c) () -> GType = symbol("gtk_source_completion_provider_get_type"),
            let viewGetCompletion: @convention(c) (Pointer) -> Pointer? = symbol("gtk_source_view_get_completion"),
            let addProvider:
                @convention(c) (Pointer, Pointer, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?)
                    -> gboolean = symbol("gtk_source_completion_add_provider"),
            let removeProvider:
                @convention(c) (
                    Pointer, Pointer, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
                ) -> gboolean = symbol("gtk_source_completion_remove_provider"),
            let hide: @convention(c) (Pointer) -> Void = symbol("gtk_source_completion_hide"),
            let itemNew: @convention(c) () -> Pointer? = symbol("gtk_source_completion_item_new"),
            let itemSetLabel: @convention(c) (Pointer, UnsafePointer<CChar>?) -> Void = symbol(
                "gtk_source_completion_item_set_label"),
            let itemSetText: @convention(c) (Pointer, UnsafePointer<CChar>?) -> Void = symbol(
                "gtk_source_completion_item_set_text"),
            let itemSetInfo: @convention(c) (Pointer, UnsafePointer<CChar>?) -> Void = symbol(
                "gtk_source_completion_item_set_info"),
            let itemSetMarkup: @convention(c) (Pointer, UnsafePointer<CChar>?) -> Void = symbol(
                "gtk_source_completion_item_set_markup"),
            let contextAddProposals: @convention(c) (Pointer, Pointer, UnsafeMutablePointer<GList>?, gboolean) -> Void =
                symbol("gtk_source_completion_context_add_proposals"),
            let contextGetIter: @convention(c) (Pointer, UnsafeMutablePointer<GtkTextIter>) -> gboolean = symbol(
                "gtk_source_completion_context_get_iter"),
            let contextGetActivation: @convention(c) (Pointer) -> UInt32 = symbol(
                "gtk_source_completion_context_get_activation")
        else { return nil }
        return CompletionSymbols(
            providerType: providerType, viewGetCompletion: viewGetCompletion, addProvider: addProvider,
            removeProvider: removeProvider, hide: hide, itemNew: itemNew, itemSetLabel: itemSetLabel,
            itemSetText: itemSetText, itemSetMarkup: itemSetMarkup, itemSetInfo: itemSetInfo,
            contextAddProposals: contextAddProposals,
            contextGetIter: contextGetIter, contextGetActivation: contextGetActivation)
    }()

    /// Our provider's GObject type: a plain GObject implementing
    /// `GtkSourceCompletionProvider`, registered once. Its interface's
    /// functions are set by offset into `GtkSourceCompletionProviderIface`
    /// (the 4.x header's order: GTypeInterface, then one pointer each).
    static func providerType() -> GType? {
        if let registered { return registered }
        guard let api = shared else { return nil }
        var query = GTypeQuery()
        g_type_query(GType(20 << 2), &query)  // G_TYPE_OBJECT
        let type = g_type_register_static_simple(
            GType(20 << 2), "DemoShellCompletionProvider", query.class_size, nil, query.instance_size, nil,
            GTypeFlags(0))
        var info = GInterfaceInfo(interface_init: providerInterfaceInit, interface_finalize: nil, interface_data: nil)
        g_type_add_interface_static(type, api.providerType(), &info)
        registered = type
        return type
    }

    private static var registered: GType?
}

typealias ProviderPointer = UnsafeMutableRawPointer?

/// A pointer GTK hands a callback on the main thread, taken onto the main actor there.
struct MainThreadPointer<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

/// Fills the provider interface's table: what is left is GtkSourceView's default.
private let providerInterfaceInit: @convention(c) (gpointer?, gpointer?) -> Void = { table, _ in
    guard let table else { return }
    let slots: [(Int, UnsafeRawPointer)] = [
        (0, unsafeBitCast(providerName, to: UnsafeRawPointer.self)),
        (4, unsafeBitCast(providerPopulate, to: UnsafeRawPointer.self)),
        (5, unsafeBitCast(providerMatch, to: UnsafeRawPointer.self)),
        (6, unsafeBitCast(providerActivation, to: UnsafeRawPointer.self)),
        (9, unsafeBitCast(providerStartIter, to: UnsafeRawPointer.self)),
        (10, unsafeBitCast(providerActivate, to: UnsafeRawPointer.self)),
        (11, unsafeBitCast(providerInteractiveDelay, to: UnsafeRawPointer.self)),
    ]
    for (slot, function) in slots {
        table.storeBytes(of: function, toByteOffset: 16 + 8 * slot, as: UnsafeRawPointer.self)
    }
}

private let providerName: @convention(c) (ProviderPointer) -> UnsafeMutablePointer<CChar>? = { _ in
    g_strdup("Swift")
}

private let providerPopulate: @convention(c) (ProviderPointer, UnsafeMutableRawPointer?) -> Void = {
    provider, context in
    let (provider, context) = (MainThreadPointer(provider), MainThreadPointer(context))
    MainActor.assumeIsolated {
        let (provider, context) = (provider.value, context.value)
        guard let context else { return }
        guard let owner = SourceCompletion.of(provider) else {
            if let provider { CompletionSymbols.shared?.contextAddProposals(context, provider, nil, 1) }
            return
        }
        owner.populate(context)
    }
}

private let providerMatch: @convention(c) (ProviderPointer, UnsafeMutableRawPointer?) -> gboolean = {
    provider, context in
    let (provider, context) = (MainThreadPointer(provider), MainThreadPointer(context))
    return MainActor.assumeIsolated { () -> gboolean in
        let (provider, context) = (provider.value, context.value)
        guard let context, let owner = SourceCompletion.of(provider) else { return 0 }
        return owner.matches(context).gboolean
    }
}

/// Interactive (as typed) and asked for (Ctrl+Space).
private let providerActivation: @convention(c) (ProviderPointer) -> UInt32 = { _ in 3 }

private let providerStartIter:
    @convention(c) (
        ProviderPointer, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutablePointer<GtkTextIter>?
    ) ->
        gboolean = { provider, _, _, iter in
            let (provider, iter) = (MainThreadPointer(provider), MainThreadPointer(iter))
            return MainActor.assumeIsolated { () -> gboolean in
                let (provider, iter) = (provider.value, iter.value)
                guard let iter, let owner = SourceCompletion.of(provider), let source = owner.source,
                    let view = owner.view
                else { return 0 }
                // An iterator to fill, not one of the buffer's yet.
                gtk_text_buffer_get_iter_at_offset(view.buffer, iter, Int32(clamping: source.completionStart(owner)))
                return 1
            }
        }

/// An item chosen: told, then written here (a call with placeholders) or by GtkSourceView.
private let providerActivate:
    @convention(c) (ProviderPointer, UnsafeMutableRawPointer?, UnsafeMutablePointer<GtkTextIter>?) -> gboolean = {
        provider, proposal, _ in
        let (provider, proposal) = (MainThreadPointer(provider), MainThreadPointer(proposal))
        return MainActor.assumeIsolated { () -> gboolean in
            let (provider, proposal) = (provider.value, proposal.value)
            guard let proposal, let owner = SourceCompletion.of(provider) else { return 0 }
            return owner.chose(proposal).gboolean
        }
    }

/// No pause of GtkSourceView's own before the list is filled: the source
/// decides (at once after `.`, a moment after letters).
private let providerInteractiveDelay: @convention(c) (ProviderPointer) -> Int32 = { _ in 0 }

let shownCallback: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, provider in
    let provider = MainThreadPointer(provider)
    MainActor.assumeIsolated { SourceCompletion.of(provider.value)?.setShowing(true) }
}

let hiddenCallback: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, provider in
    let provider = MainThreadPointer(provider)
    MainActor.assumeIsolated { SourceCompletion.of(provider.value)?.setShowing(false) }
}

let cancelledCallback: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, request in
    let request = MainThreadPointer(request)
    MainActor.assumeIsolated {
        guard let request = request.value else { return }
        Unmanaged<SourceCompletion.Request>.fromOpaque(request).takeUnretainedValue().isCancelled = true
    }
}

let releaseRequest: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GClosure>?) -> Void = { request, _ in
    guard let request else { return }
    let pointer = MainThreadPointer(request)
    MainActor.assumeIsolated { Unmanaged<SourceCompletion.Request>.fromOpaque(pointer.value).release() }
}

/// The list's window, found among the toplevels as it shows (GtkSourceView
/// keeps it to itself): its tree view's selection is followed, so that the
/// item the learner moves to is said (the list never has the focus, which
/// stays in the text).
@MainActor
enum CompletionList {
    private static var followed: Set<UnsafeMutableRawPointer> = []

    static func follow(_ completion: SourceCompletion) {
        guard let toplevels = gtk_window_list_toplevels() else { return }
        defer { g_list_free(toplevels) }
        var node: UnsafeMutablePointer<GList>? = toplevels
        while let current = node {
            node = current.pointee.next
            guard let window = current.pointee.data,
                gtk_window_get_window_type(window.assumingMemoryBound(to: GtkWindow.self)) == GTK_WINDOW_POPUP,
                gtk_widget_get_visible(window.assumingMemoryBound(to: GtkWidget.self)).bool,
                let tree = treeView(in: window)
            else { continue }
            let selection = UnsafeMutableRawPointer(
                gtk_tree_view_get_selection(tree.assumingMemoryBound(to: GtkTreeView.self)))!
            completion.listWindow = Object.wrap(window, as: Widget.self)
            guard !followed.contains(selection) else { continue }
            followed.insert(selection)
            g_signal_connect_data(
                selection, "changed", unsafeBitCast(selectionChanged, to: GCallback.self), completion.provider, nil,
                GConnectFlags(0))
        }
    }

    private static func treeView(in widget: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        if g_type_check_instance_is_a(widget.assumingMemoryBound(to: GTypeInstance.self), gtk_tree_view_get_type()).bool
        {
            return widget
        }
        guard
            g_type_check_instance_is_a(widget.assumingMemoryBound(to: GTypeInstance.self), gtk_container_get_type())
                .bool,
            let children = gtk_container_get_children(widget.assumingMemoryBound(to: GtkContainer.self))
        else { return nil }
        defer { g_list_free(children) }
        var node: UnsafeMutablePointer<GList>? = children
        while let current = node {
            if let child = current.pointee.data, let found = treeView(in: child) { return found }
            node = current.pointee.next
        }
        return nil
    }
}

private let selectionChanged: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
    selection, provider in
    let (selection, provider) = (MainThreadPointer(selection), MainThreadPointer(provider))
    MainActor.assumeIsolated {
        let (selection, provider) = (selection.value, provider.value)
        guard let selection, let owner = SourceCompletion.of(provider) else { return }
        var model: OpaquePointer?
        var iter = GtkTreeIter()
        guard
            gtk_tree_selection_get_selected(selection.assumingMemoryBound(to: GtkTreeSelection.self), &model, &iter)
                .bool,
            let model, let path = gtk_tree_model_get_path(model, &iter)
        else { return }
        defer { gtk_tree_path_free(path) }
        guard let indices = gtk_tree_path_get_indices(path) else { return }
        owner.selected(row: Int(indices[0]))
    }
}
