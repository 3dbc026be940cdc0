internal import CGtk
internal import CGtkShim

/// A `GtkWindow`: a top-level window.
///
/// ```swift
/// let frame = DemoWindow(title: host.info.name, width: 400, height: 300)
/// frame.window.add(Label(localized("Hello")))
/// frame.window.onDeleteEvent { _ in false }  // true keeps it open
/// frame.window.showAll()
/// ```
@MainActor
open class Window: Container {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override open class var gtkType: UInt { gtk_window_get_type() }

    /// A new top-level window, hidden until `showAll()` or `present()`; a
    /// demo's window usually comes from `DemoWindow` instead, with its header
    /// bar.
    public convenience init(title: String) {
        self.init(raw: UnsafeMutableRawPointer(gtk_window_new(GTK_WINDOW_TOPLEVEL)), transfer: .floating)
        self.title = title
    }

    /// The title; an accessible name that was the old title follows it.
    public var title: String {
        get { gtk_window_get_title(cast()).map { String(cString: $0) } ?? "" }
        set {
            let previous = title
            gtk_window_set_title(cast(), newValue)
            // Named after the title without its isolates (`spoken`).
            let explicit = explicitAccessibleName
            if explicit == Self.spoken(previous) || (explicit == nil && Self.hasIsolates(newValue)) {
                accessibleName = newValue
            }
        }
    }

    /// The size the window opens at, never larger than the monitor's work
    /// area (less the header bar): at 2× a 1280 × 1024 screen is 640 × 512,
    /// and a window larger than that opens with its title bar out of reach.
    public func setDefaultSize(width: Int, height: Int) {
        let size = Self.fitting((width, height), into: roomInWorkArea)
        gtk_window_set_default_size(cast(), Int32(size.width), Int32(size.height))
    }

    /// `size`, each side no larger than `area`'s (when it is known); -1
    /// ("unset", for default sizes) is kept.
    public nonisolated static func fitting(
        _ size: (width: Int, height: Int),
        into area: (width: Int, height: Int)?
    ) -> (width: Int, height: Int) {
        guard let area else { return size }
        return (
            size.width < 0 ? size.width : min(size.width, area.width),
            size.height < 0 ? size.height : min(size.height, area.height)
        )
    }

    /// The size the window has now (or will have when shown).
    public var size: (width: Int, height: Int) {
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_size(cast(), &width, &height)
        return (Int(width), Int(height))
    }

    /// Asks for a new size, no larger than the monitor's work area (see `setDefaultSize`).
    public func resize(width: Int, height: Int) {
        let size = Self.fitting((width, height), into: roomInWorkArea)
        gtk_window_resize(cast(), Int32(max(1, size.width)), Int32(max(1, size.height)))
    }

    /// Shows the window and raises it above the others.
    public func present() { gtk_window_present(cast()) }

    /// Asks the window to close, as the close button does (handlers may refuse).
    public func close() { gtk_window_close(cast()) }

    /// Closing (the close button, Escape in a dialog or the Keyboard
    /// Shortcuts window, `close()`) hides the window instead of destroying it,
    /// so it can be shown again. GTK 3's shortcuts window and About dialog
    /// leave accessibles of their destroyed widgets behind, which crash the
    /// program when a screen reader walks to them: such windows are built
    /// once and kept.
    public func hideOnClose() {
        onDeleteEvent { window in
            window.hide()
            return true
        }
    }

    /// Whether the window has the keyboard focus of the desktop.
    public var isActive: Bool { gtk_window_is_active(cast()).bool }

    /// A modal window blocks input to the other windows of the program until
    /// it closes, as a dialog asking a question does.
    public var isModal: Bool {
        get { gtk_window_get_modal(cast()).bool }
        set { gtk_window_set_modal(cast(), newValue.gboolean) }
    }

    /// The window this one belongs to: a dialog opens centred over it, stays
    /// above it and closes with it.
    public var transientFor: Window? {
        get { gtk_window_get_transient_for(cast()).map { Object.wrap(UnsafeMutableRawPointer($0), as: Window.self) } }
        set { gtk_window_set_transient_for(cast(), newValue?.cast()) }
    }

    /// Leaves the window with no focused widget (until the next grab).
    public func clearFocus() { gtk_window_set_focus(cast(), nil) }

    /// The widget holding keyboard focus inside this window.
    public var focusedWidget: Widget? {
        gtk_window_get_focus(cast()).map { Object.wrap(UnsafeMutableRawPointer($0), as: Widget.self) }
    }

    /// The widget activated by Enter when nothing else claims it.
    public func setDefault(_ widget: Widget?) {
        if let widget { gtk_widget_set_can_default(widget.widget, 1) }
        gtk_window_set_default(cast(), widget?.widget)
    }

    /// Puts `titlebar` (usually a `HeaderBar`) where the title bar goes, as
    /// GNOME's applications do.
    public func setTitlebar(_ titlebar: Widget?) { gtk_window_set_titlebar(cast(), titlebar?.widget) }

    /// The themed icon the desktop shows for the window (its task bar entry);
    /// the shell sets a demo's from its manifest.
    public var iconName: String? {
        get { gtk_window_get_icon_name(cast()).map { String(cString: $0) } }
        set { gtk_window_set_icon_name(cast(), newValue) }
    }

    /// The application the window belongs to; it keeps the app running.
    public var application: Application? {
        get {
            gtk_window_get_application(cast()).map { Object.wrap(UnsafeMutableRawPointer($0), as: Application.self) }
        }
        set { gtk_window_set_application(cast(), newValue?.cast()) }
    }

    /// The icon of windows that set none (the application's icon).
    public static var defaultIconName: String? {
        get { gtk_window_get_default_icon_name().map { String(cString: $0) } }
        set { gtk_window_set_default_icon_name(newValue ?? "") }
    }

    /// Every top-level window GTK knows of.
    public static var all: [Window] {
        let list = gtk_window_list_toplevels()
        defer { g_list_free(list) }
        return pointers(in: list).map { Object.wrap($0, as: Window.self) }
    }
}

/// The response a dialog's button gives.
public enum Response: Equatable, Sendable {
    /// The standard answers a dialog's buttons give (GTK's stock responses);
    /// `deleteEvent` when the window was closed without a button, and `custom`
    /// for a demo's own.
    case ok, cancel, close, yes, no, deleteEvent, custom(Int)

    init(_ value: Int32) {
        switch value {
        case GTK_RESPONSE_OK.rawValue: self = .ok
        case GTK_RESPONSE_CANCEL.rawValue: self = .cancel
        case GTK_RESPONSE_CLOSE.rawValue: self = .close
        case GTK_RESPONSE_YES.rawValue: self = .yes
        case GTK_RESPONSE_NO.rawValue: self = .no
        case GTK_RESPONSE_DELETE_EVENT.rawValue: self = .deleteEvent
        default: self = .custom(Int(value))
        }
    }

    var gtk: Int32 {
        switch self {
        case .ok: GTK_RESPONSE_OK.rawValue
        case .cancel: GTK_RESPONSE_CANCEL.rawValue
        case .close: GTK_RESPONSE_CLOSE.rawValue
        case .yes: GTK_RESPONSE_YES.rawValue
        case .no: GTK_RESPONSE_NO.rawValue
        case .deleteEvent: GTK_RESPONSE_DELETE_EVENT.rawValue
        case .custom(let value): Int32(value)
        }
    }
}

/// A `GtkDialog`: a window that asks, with buttons that each give a
/// `Response`; a demo usually makes a `MessageDialog`.
@MainActor
open class Dialog: Window {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override open class var gtkType: UInt { gtk_dialog_get_type() }

    /// Adds a button that answers `response`; the button is returned for naming.
    @discardableResult
    public func addButton(_ label: String, response: Response) -> Button {
        let button = gtk_dialog_add_button(cast(), label, response.gtk)!
        return Object.wrap(UnsafeMutableRawPointer(button), as: Button.self)
    }

    /// Makes the button of `response` the one Enter activates; give it the
    /// answer that loses nothing.
    public func setDefaultResponse(_ response: Response) { gtk_dialog_set_default_response(cast(), response.gtk) }

    /// Emits the response, as clicking that button would.
    public func respond(_ response: Response) { gtk_dialog_response(cast(), response.gtk) }

    /// The button for `response`, if the dialog has one.
    public func button(for response: Response) -> Button? {
        gtk_dialog_get_widget_for_response(cast(), response.gtk).map {
            Object.wrap(UnsafeMutableRawPointer($0), as: Button.self)
        }
    }

    /// Runs `handler` with the answer when a button is clicked or the dialog
    /// is closed (`.deleteEvent`); destroy the dialog there once done.
    @discardableResult
    public func onResponse(_ handler: @escaping @MainActor (Dialog, Response) -> Void) -> UInt {
        connect("response", shape: .argument) { instance, value in
            handler(Object.wrap(instance, as: Dialog.self), Response(Int32(truncatingIfNeeded: Int(bitPattern: value))))
            return 0
        }
    }
}

/// The icon and tone of a message dialog.
public enum MessageKind: Sendable {
    /// The dialog's icon and tone: `info` for news, `warning` before something
    /// the user may regret, `question` for a choice, `error` for what failed.
    case info, warning, question, error
    var gtk: GtkMessageType {
        switch self {
        case .info: GTK_MESSAGE_INFO
        case .warning: GTK_MESSAGE_WARNING
        case .question: GTK_MESSAGE_QUESTION
        case .error: GTK_MESSAGE_ERROR
        }
    }
}

/// A modal `GtkMessageDialog` with a title line and optional detail.
///
/// ```swift
/// let dialog = MessageDialog(
///     parent: window, kind: .warning,
///     title: localized("Name cannot be empty"),
///     detail: localized("Please enter a name, then press the button again."))
/// dialog.addButton(localized("_OK"), response: .ok)
/// dialog.setDefaultResponse(.ok)
/// dialog.onResponse { dialog, _ in dialog.destroy() }
/// dialog.present()
/// ```
@MainActor
public final class MessageDialog: Dialog {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_message_dialog_get_type() }

    /// A message dialog over `parent`, with `title` in bold and `detail` under
    /// it; add its buttons with `addButton(_:response:)`.
    public convenience init(parent: Window?, kind: MessageKind = .info, title: String, detail: String? = nil) {
        self.init(
            raw: UnsafeMutableRawPointer(shim_message_dialog_new(parent?.cast(), kind.gtk, GTK_BUTTONS_NONE, title)),
            transfer: .floating)
        if let detail { shim_message_dialog_set_secondary(cast(), detail) }
        // Not drawn by GNOME's message dialogs, but named for window lists,
        // screen readers and tests.
        self.title = title
        accessibleName = title
    }

    /// Wraps the title and detail at `characters` (GTK lets them grow to
    /// about 60), so the dialog of a narrow window is no wider than it.
    public func limitWidth(toCharacters characters: Int) {
        guard let area = gtk_message_dialog_get_message_area(cast()) else { return }
        for widget in Object.wrap(UnsafeMutableRawPointer(area), as: Widget.self).descendants {
            widget.as(Label.self)?.maxWidthChars = characters
        }
    }

    /// The primary text.
    public var text: String {
        get { propertyString("text") }
        set { setProperty("text", newValue) }
    }

    /// The secondary text under the title.
    public var detail: String {
        get { propertyString("secondary-text") }
        set { shim_message_dialog_set_secondary(cast(), newValue) }
    }

    private func propertyString(_ name: String) -> String {
        var value = GValue()
        g_value_init(&value, GType(16 << 2))  // G_TYPE_STRING
        g_object_get_property(gobject, name, &value)
        defer { g_value_unset(&value) }
        return g_value_get_string(&value).map { String(cString: $0) } ?? ""
    }
}

/// A `GtkAboutDialog`: the program's name, version, licence and credits.
@MainActor
public final class AboutDialog: Dialog {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_about_dialog_get_type() }

    /// An About dialog over `parent`; fill in its fields, then `present()` it.
    public convenience init(parent: Window?) {
        self.init(raw: UnsafeMutableRawPointer(shim_about_dialog_new(parent?.cast())), transfer: .floating)
    }

    /// The program's name, in the dialog's title line.
    public var programName: String {
        get { gtk_about_dialog_get_program_name(cast()).map { String(cString: $0) } ?? "" }
        set { gtk_about_dialog_set_program_name(cast(), newValue) }
    }
    /// The version shown under the name.
    public var version: String {
        get { gtk_about_dialog_get_version(cast()).map { String(cString: $0) } ?? "" }
        set { gtk_about_dialog_set_version(cast(), newValue) }
    }
    /// One sentence that says what the program is for.
    public var comments: String {
        get { gtk_about_dialog_get_comments(cast()).map { String(cString: $0) } ?? "" }
        set { gtk_about_dialog_set_comments(cast(), newValue) }
    }
    /// The themed icon shown as the program's logo.
    public var logoIconName: String {
        get { gtk_about_dialog_get_logo_icon_name(cast()).map { String(cString: $0) } ?? "" }
        set { gtk_about_dialog_set_logo_icon_name(cast(), newValue) }
    }
    /// The licence the dialog names, with a link to its text.
    public func setLicense(_ license: License) { gtk_about_dialog_set_license_type(cast(), license.gtk) }

    /// Replaces GTK's sentence about the licence (GTK 3 writes "See the The
    /// MIT License (MIT) for details", which a screen reader reads as is)
    /// with `markup`, whose link goes to the licence.
    public func setLicenseSentence(_ markup: String) {
        for widget in descendants where widget.typeName == "GtkLabel" {
            guard let text = gtk_label_get_label(widget.cast()), strstr(text, "<a href=") != nil,
                strstr(text, "licenses/") != nil
            else { continue }
            gtk_label_set_markup(widget.cast(), markup)
        }
    }

    /// Adds a titled list of credits (used here for the loaded plugins).
    public func addCreditSection(_ title: String, people: [String]) {
        withCStringArray(people) { gtk_about_dialog_add_credit_section(cast(), title, $0) }
    }
}

/// A licence known to GTK's About dialog.
public enum License: Sendable {
    /// The MIT licence, or the GNU GPL version 3 or later.
    case mit, gpl3OrLater
    var gtk: GtkLicense { self == .mit ? GTK_LICENSE_MIT_X11 : GTK_LICENSE_GPL_3_0 }
}

/// Calls `body` with a NULL-terminated C array of strings.
package func withCStringArray<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let copies = strings.map { UnsafePointer(strdup($0)) }
    defer { copies.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
    var array: [UnsafePointer<CChar>?] = copies + [nil]
    return array.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}

extension SignalEmitter where Self: Window {
    /// Runs when the window is asked to close (its close button, Alt+F4):
    /// return true to keep it open, false to let it close.
    @discardableResult
    public func onDeleteEvent(_ handler: @escaping @MainActor (Self) -> Bool) -> UInt {
        onBoolean("delete-event", handler)
    }
}
