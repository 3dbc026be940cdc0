internal import CGtk

/// Icon sizes for images in buttons and elsewhere (`GtkIconSize`).
public enum IconSize: Sendable {
    /// `button` for icons in buttons, `menu` for menu items, `largeToolbar`
    /// for a toolbar's, `dialog` for a dialog's large icon.
    case button, menu, largeToolbar, dialog
    var gtk: GtkIconSize {
        switch self {
        case .button: GTK_ICON_SIZE_BUTTON
        case .menu: GTK_ICON_SIZE_MENU
        case .largeToolbar: GTK_ICON_SIZE_LARGE_TOOLBAR
        case .dialog: GTK_ICON_SIZE_DIALOG
        }
    }
}

/// A `GtkButton`: runs an action when clicked, by the pointer, Space, Enter
/// or its mnemonic (Alt and the underlined letter).
///
/// ```swift
/// let greeting = Label()
/// let greet = Button(label: localized("_Greet"))
/// greet.addStyleClass("suggested-action")
/// greet.onClicked { _ in greeting.text = localized("Hello!") }
/// ```
@MainActor
open class Button: Container {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override open class var gtkType: UInt { gtk_button_get_type() }

    /// A button with a text label; an underscore marks its mnemonic.
    public convenience init(label: String) {
        self.init(raw: UnsafeMutableRawPointer(gtk_button_new_with_mnemonic(label)), transfer: .floating)
        accessibleName = label.replacingMnemonic()
    }

    /// A button showing only a themed icon; `name` is its accessible name.
    /// The icon is the button's child, as `gtk_button_new_from_icon_name`
    /// would make it, but not through the button's "image" property, whose
    /// machinery is costly work for every button before the first frame
    /// (the launcher has one a row); it looks the same to the pixel.
    public convenience init(iconName: String, name: String, size: IconSize = .button) {
        self.init(raw: UnsafeMutableRawPointer(gtk_button_new()), transfer: .floating)
        let image = gtk_image_new_from_icon_name(iconName, size.gtk)
        gtk_widget_show(image)
        gtk_container_add(cast(), image)
        addStyleClass("image-button")
        accessibleName = name
        tooltip = name
    }

    /// A button with no content yet.
    public convenience init() {
        self.init(raw: UnsafeMutableRawPointer(gtk_button_new()), transfer: .floating)
    }

    /// The text shown; an underscore marks its mnemonic. A screen reader
    /// hears the new text too, unless the button was given a name of its own
    /// that says more than its label ("Run Say Hello" for "Run").
    public var label: String {
        get { gtk_button_get_label(cast()).map { String(cString: $0) } ?? "" }
        set {
            let previous = label
            gtk_button_set_label(cast(), newValue)
            gtk_button_set_use_underline(cast(), 1)
            keepAccessibleName(inStepFrom: previous.replacingMnemonic(), to: newValue.replacingMnemonic())
        }
    }

    /// Shows `image` (with or without the label).
    public func setImage(_ image: Image, alwaysShow: Bool = true) {
        gtk_button_set_image(cast(), image.widget)
        gtk_button_set_always_show_image(cast(), alwaysShow.gboolean)
    }

    /// Removes the bevel, as toolbar and list buttons have.
    public var isFlat: Bool {
        get { gtk_button_get_relief(cast()) == GTK_RELIEF_NONE }
        set { gtk_button_set_relief(cast(), newValue ? GTK_RELIEF_NONE : GTK_RELIEF_NORMAL) }
    }

    /// Emits "clicked", as a real click does.
    public func click() { gtk_button_clicked(cast()) }
}

extension SignalEmitter where Self: Button {
    /// Runs `handler` when the button is clicked, by the pointer, Space or Enter, or its mnemonic.
    @discardableResult
    public func onClicked(_ handler: @escaping @MainActor (Self) -> Void) -> UInt { on("clicked", handler) }
}

/// A `GtkToggleButton`: stays pressed until clicked again.
///
/// ```swift
/// let status = Label()
/// let autoplay = ToggleButton(label: localized("_Autoplay"))
/// autoplay.onToggled { button in
///     status.text = button.isActive ? localized("Playing") : localized("Stopped")
/// }
/// ```
@MainActor
open class ToggleButton: Button {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override open class var gtkType: UInt { gtk_toggle_button_get_type() }

    /// A toggle button with a text label; an underscore marks its mnemonic.
    public convenience init(label: String) {
        self.init(raw: UnsafeMutableRawPointer(gtk_toggle_button_new_with_mnemonic(label)), transfer: .floating)
        accessibleName = label.replacingMnemonic()
    }

    /// A toggle button showing only a themed icon; `name` is its accessible
    /// name and tooltip. (Button's own `init()` would make a plain GtkButton.)
    public convenience init(iconName: String, name: String) {
        self.init(raw: UnsafeMutableRawPointer(gtk_toggle_button_new()), transfer: .floating)
        showIcon(iconName, name: name)
    }

    /// Shows a themed icon as the button's only content, named for screen readers.
    func showIcon(_ iconName: String, name: String) {
        gtk_button_set_image(cast(), gtk_image_new_from_icon_name(iconName, GTK_ICON_SIZE_BUTTON))
        accessibleName = name
        tooltip = name
    }

    /// Whether the button is pressed in; setting it emits "toggled" as a click would.
    public var isActive: Bool {
        get { gtk_toggle_button_get_active(cast()).bool }
        set { gtk_toggle_button_set_active(cast(), newValue.gboolean) }
    }
}

extension SignalEmitter where Self: ToggleButton {
    /// Runs `handler` each time the button is pressed in or out, by the user or by `isActive`.
    @discardableResult
    public func onToggled(_ handler: @escaping @MainActor (Self) -> Void) -> UInt { on("toggled", handler) }
}

/// A `GtkRadioButton` drawn as a toggle button (`draw-indicator` off), for
/// segmented choices such as Top / Middle / Bottom.
///
/// ```swift
/// let top = RadioButton(label: localized("_Top"))
/// let bottom = RadioButton(label: localized("_Bottom"), group: top)
/// bottom.onToggled { button in print(button.isActive ? "bottom" : "top") }
/// let choices = Box(.horizontal)
/// choices.addStyleClass("linked")
/// choices.append(top)
/// choices.append(bottom)
/// ```
@MainActor
public final class RadioButton: ToggleButton {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_radio_button_get_type() }

    /// A radio button with `label`; pass the first button of the group as
    /// `group` to each of the others, so that choosing one releases the rest.
    public convenience init(label: String, group: RadioButton? = nil, drawsIndicator: Bool = false) {
        let raw = gtk_radio_button_new_with_mnemonic_from_widget(group?.cast(), label)!
        self.init(raw: UnsafeMutableRawPointer(raw), transfer: .floating)
        gtk_toggle_button_set_mode(cast(), drawsIndicator.gboolean)
        accessibleName = label.replacingMnemonic()
    }
}

extension String {
    /// The label as read aloud: mnemonic underscores removed, and the
    /// "(_X)" suffix that CJK labels use for their mnemonic dropped.
    func replacingMnemonic() -> String {
        var text = Substring(self)
        if text.hasSuffix(")"), let open = text.lastIndex(of: "("),
            text.distance(from: open, to: text.endIndex) == 4, text[text.index(after: open)] == "_"
        {
            text = text[..<open]
            while text.last == " " { text.removeLast() }
        }
        var result = ""
        var pendingUnderscore = false
        for c in text {
            if c == "_" && !pendingUnderscore {
                pendingUnderscore = true
                continue
            }
            pendingUnderscore = false
            result.append(c)
        }
        return result
    }
}
