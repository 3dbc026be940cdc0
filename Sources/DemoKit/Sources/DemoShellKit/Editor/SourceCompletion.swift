import CGtk
import Glibc
import Gtk

/// What a `SourceCompletion` asks of the one who knows the language.
@MainActor
public protocol SourceCompletionSource: AnyObject {
    /// Whether the list opens (or, `showing`, stays open) at the caret:
    /// `interactive` as the learner types, else asked for (Ctrl+Space).
    func completionShouldOpen(_ completion: SourceCompletion, interactive: Bool, showing: Bool) -> Bool
    /// The items for the caret now: `request.finish` with them, at once or
    /// later; a request cancelled meanwhile (typing on) takes none.
    func completion(_ completion: SourceCompletion, populate request: SourceCompletion.Request)
    /// Where what an item writes begins (a character offset): the start
    /// of the name being typed, which it replaces.
    func completionStart(_ completion: SourceCompletion) -> Int
    /// The learner chose `proposal` (Enter, Tab, a click): it is being written.
    func completion(_ completion: SourceCompletion, chose proposal: SourceCompletion.Proposal)
    /// The learner moved to another item in the open list (a screen reader says it).
    func completion(_ completion: SourceCompletion, selected proposal: SourceCompletion.Proposal)
}

/// GtkSourceView's completion list on a `SourceView`, with one provider
/// of ours (a GObject type implementing `GtkSourceCompletionProvider`,
/// registered once) whose questions go to `source`. GtkSourceView draws
/// the list, moves in it with the arrows, and writes the item chosen with
/// Enter or Tab; Ctrl+Space opens it (the view's own binding).
@MainActor
public final class SourceCompletion {
    /// One item of the list.
    public struct Proposal: Equatable, Sendable {
        /// What the list shows (name, type): also what a screen reader reads.
        public var label: String
        /// What choosing it writes in place of the name typed.
        public var text: String
        /// Shown beside the list for the item selected: its doc comment's first sentence.
        public var info: String
        /// A call's arguments in `text` (character ranges): selected in turn with Tab once written.
        public var placeholders: [Range<Int>]

        public init(label: String, text: String, info: String, placeholders: [Range<Int>] = []) {
            (self.label, self.text, self.info, self.placeholders) = (label, text, info, placeholders)
        }
    }

    /// One filling of the list, answered once.
    @MainActor
    public final class Request {
        let context: UnsafeMutableRawPointer
        weak var owner: SourceCompletion?
        public internal(set) var isCancelled = false
        private var answered = false

        init(context: UnsafeMutableRawPointer, owner: SourceCompletion) {
            self.context = context
            self.owner = owner
            g_object_ref(context)
        }

        isolated deinit { g_object_unref(context) }

        /// The caret's character offset when the list was asked for.
        public var offset: Int {
            var iter = GtkTextIter()
            guard let get = CompletionSymbols.shared?.contextGetIter, get(context, &iter).bool else { return 0 }
            return Int(gtk_text_iter_get_offset(&iter))
        }

        /// A row's Pango markup: the label, the info after it dimmed, cut at 90 characters.
        static func markup(_ proposal: Proposal) -> String {
            let info = proposal.info.count > 90 ? String(proposal.info.prefix(89)) + "…" : proposal.info
            func escaped(_ text: String) -> String {
                guard let raw = g_markup_escape_text(text, -1) else { return "" }
                defer { g_free(raw) }
                return String(cString: raw)
            }
            return escaped(proposal.label) + "   <span alpha=\"60%\">" + escaped(info) + "</span>"
        }

        /// Fills the list with `proposals` (none: the list closes).
        public func finish(_ proposals: [Proposal]) {
            guard !answered, !isCancelled, let owner, let api = CompletionSymbols.shared else { return }
            answered = true
            owner.shown = proposals
            var list: UnsafeMutablePointer<GList>?
            var items: [UnsafeMutableRawPointer] = []
            for proposal in proposals.reversed() {
                guard let item = api.itemNew() else { continue }
                api.itemSetLabel(item, proposal.label)
                // The row: its label, then the doc comment's sentence dimmed (what a screen reader reads too).
                if !proposal.info.isEmpty { api.itemSetMarkup(item, Self.markup(proposal)) }
                api.itemSetText(item, proposal.text)
                api.itemSetInfo(item, proposal.info.isEmpty ? nil : proposal.info)
                items.append(item)
                list = g_list_prepend(list, item)
            }
            owner.items = Array(items.reversed())
            api.contextAddProposals(context, owner.provider, list, 1)
            g_list_free(list)
            for item in items { g_object_unref(item) }
        }
    }

    public weak var source: (any SourceCompletionSource)?
    /// The view whose buffer the list writes in.
    weak var view: SourceView?
    /// A call's arguments written, for Tab.
    private let placeholders: SourcePlaceholders
    /// The provider object (ours) added to the view's completion.
    let provider: UnsafeMutableRawPointer
    private let completion: UnsafeMutableRawPointer
    /// The proposals last given, and their GtkSourceCompletionItems, in the list's order.
    var shown: [Proposal] = []
    var items: [UnsafeMutableRawPointer] = []
    /// Whether the list is on screen.
    public private(set) var isShowing = false
    /// GtkSourceView's window of the list, once it has shown (what a screen reader reads of it).
    public internal(set) var listWindow: Widget?
    var pending: Request?
    private static var byProvider: [UnsafeMutableRawPointer: SourceCompletion] = [:]

    /// Completion for `view`; nil when this GtkSourceView lacks it.
    public init?(view: SourceView) {
        guard let api = CompletionSymbols.shared, let type = CompletionSymbols.providerType(),
            let completion = api.viewGetCompletion(view.raw),
            let provider = g_object_new_with_properties(type, 0, nil, nil)
        else { return nil }
        self.completion = completion
        self.view = view
        placeholders = SourcePlaceholders(view: view)
        self.provider = UnsafeMutableRawPointer(provider)
        Self.byProvider[self.provider] = self
        var error: UnsafeMutablePointer<GError>?
        guard api.addProvider(completion, self.provider, &error).bool else {
            g_clear_error(&error)
            Self.byProvider[self.provider] = nil
            g_object_unref(provider)
            return nil
        }
        setBoolean("show-headers", false)
        setBoolean("remember-info-visibility", true)
        g_signal_connect_data(
            completion, "show", unsafeBitCast(shownCallback, to: GCallback.self), self.provider, nil, G_CONNECT_AFTER)
        g_signal_connect_data(
            completion, "hide", unsafeBitCast(hiddenCallback, to: GCallback.self), self.provider, nil, GConnectFlags(0))
    }

    /// The completion attached to `view`, if any (the benchmarks').
    public static func attached(to view: SourceView) -> SourceCompletion? {
        byProvider.values.first { $0.view === view }
    }

    /// Takes the provider off the view (the page is going).
    public func detach() {
        guard Self.byProvider[provider] != nil, let api = CompletionSymbols.shared else { return }
        Self.byProvider[provider] = nil
        g_signal_handlers_disconnect_matched(completion, G_SIGNAL_MATCH_DATA, 0, 0, nil, nil, provider)
        var error: UnsafeMutablePointer<GError>?
        _ = api.removeProvider(completion, provider, &error)
        g_clear_error(&error)
        g_object_unref(provider)
    }

    /// Closes the list (Escape does too).
    public func hide() { CompletionSymbols.shared?.hide(completion) }

    /// The list's items as they stand (the tests').
    public var proposals: [Proposal] { isShowing ? shown : [] }

    private func setBoolean(_ name: String, _ value: Bool) {
        var gvalue = GValue()
        g_value_init(&gvalue, GType(5 << 2))  // G_TYPE_BOOLEAN
        g_value_set_boolean(&gvalue, value.gboolean)
        g_object_set_property(OpaquePointer(completion).map { UnsafeMutablePointer<GObject>($0) }, name, &gvalue)
        g_value_unset(&gvalue)
    }

    static func of(_ provider: UnsafeMutableRawPointer?) -> SourceCompletion? {
        provider.flatMap { byProvider[$0] }
    }

    func populate(_ context: UnsafeMutableRawPointer) {
        pending?.isCancelled = true
        let request = Request(context: context, owner: self)
        pending = request
        g_signal_connect_data(
            context, "cancelled", unsafeBitCast(cancelledCallback, to: GCallback.self),
            Unmanaged.passRetained(request).toOpaque(), releaseRequest, GConnectFlags(0))
        guard let source else { return request.finish([]) }
        source.completion(self, populate: request)
    }

    func matches(_ context: UnsafeMutableRawPointer) -> Bool {
        let activation = CompletionSymbols.shared?.contextGetActivation(context) ?? 0
        return source?.completionShouldOpen(self, interactive: activation & 1 != 0, showing: isShowing) ?? false
    }

    func setShowing(_ showing: Bool) {
        isShowing = showing
        if showing { CompletionList.follow(self) }
    }

    /// The item of `pointer` (a GtkSourceCompletionItem of ours) is being written.
    /// True when it was written here (a call with placeholders), false for GtkSourceView to write it.
    func chose(_ pointer: UnsafeMutableRawPointer) -> Bool {
        guard let index = items.firstIndex(of: pointer), shown.indices.contains(index) else { return false }
        let proposal = shown[index]
        source?.completion(self, chose: proposal)
        guard !proposal.placeholders.isEmpty, let view, let source else { return false }
        placeholders.write(
            proposal.text, replacing: source.completionStart(self), view.cursorOffset,
            placeholders: proposal.placeholders)
        return true
    }

    /// The row selected in the list (as GtkSourceView's tree view numbers them): its item is said.
    func selected(row: Int) {
        guard isShowing, shown.indices.contains(row) else { return }
        source?.completion(self, selected: shown[row])
    }
}
