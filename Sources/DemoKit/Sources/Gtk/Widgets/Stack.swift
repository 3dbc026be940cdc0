internal import CGtk

/// How a stack animates between pages.
public enum StackTransition: Sendable {
    /// `none` switches at once, `crossfade` fades one page into the next, and
    /// the slides move them across or up and down.
    case none, crossfade, slideLeftRight, slideUpDown
    var gtk: GtkStackTransitionType {
        switch self {
        case .none: GTK_STACK_TRANSITION_TYPE_NONE
        case .crossfade: GTK_STACK_TRANSITION_TYPE_CROSSFADE
        case .slideLeftRight: GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT_RIGHT
        case .slideUpDown: GTK_STACK_TRANSITION_TYPE_SLIDE_UP_DOWN
        }
    }
}

/// A `GtkStack`: one visible page at a time.
///
/// ```swift
/// let stack = Stack(transition: .slideLeftRight)
/// stack.addPage(Label(localized("Pick a level")), name: "start")
/// stack.addPage(DrawingArea(), name: "board")
/// stack.visiblePageName = "board"
/// ```
@MainActor
public final class Stack: Container {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_stack_get_type() }

    /// An empty stack: add pages with `addPage(_:name:title:)`; the first added is shown.
    public convenience init(transition: StackTransition = .crossfade) {
        self.init(raw: UnsafeMutableRawPointer(gtk_stack_new()), transfer: .floating)
        gtk_stack_set_transition_type(cast(), transition.gtk)
    }

    /// Adds a page; `title` is what a stack switcher shows.
    public func addPage(_ child: Widget, name: String, title: String? = nil) {
        if let title {
            gtk_stack_add_titled(cast(), child.widget, name, title)
        } else {
            gtk_stack_add_named(cast(), child.widget, name)
        }
    }

    /// Changes what a stack switcher shows for page `name` ("Problems 2").
    public func setTitle(_ title: String, ofPage name: String) {
        guard let child = gtk_stack_get_child_by_name(cast(), name) else { return }
        var value = GValue()
        g_value_init(&value, GType(16 << 2))  // G_TYPE_STRING
        g_value_set_string(&value, title)
        gtk_container_child_set_property(
            UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GtkContainer.self), child, "title", &value)
        g_value_unset(&value)
    }

    /// The name of the page shown; setting it shows that page with the stack's transition.
    public var visiblePageName: String? {
        get { gtk_stack_get_visible_child_name(cast()).map { String(cString: $0) } }
        set { if let newValue { gtk_stack_set_visible_child_name(cast(), newValue) } }
    }

    /// How the stack animates when it shows another page.
    public var transition: StackTransition {
        get {
            switch gtk_stack_get_transition_type(cast()) {
            case GTK_STACK_TRANSITION_TYPE_CROSSFADE: .crossfade
            case GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT_RIGHT: .slideLeftRight
            case GTK_STACK_TRANSITION_TYPE_SLIDE_UP_DOWN: .slideUpDown
            default: .none
            }
        }
        set { gtk_stack_set_transition_type(cast(), newValue.gtk) }
    }

    /// Shows a page with an explicit transition (a slide back, say).
    public func show(page name: String, transition: StackTransition) {
        gtk_stack_set_visible_child_full(cast(), name, transition.gtk)
    }

    /// The page added as `name`, if there is one.
    public func page(named name: String) -> Widget? {
        gtk_stack_get_child_by_name(cast(), name).map { Object.wrap(UnsafeMutableRawPointer($0), as: Widget.self) }
    }

    /// The page shown, or nil for an empty stack.
    public var visiblePage: Widget? {
        gtk_stack_get_visible_child(cast()).map { Object.wrap(UnsafeMutableRawPointer($0), as: Widget.self) }
    }

    /// How long a transition takes, in milliseconds (GTK's default is 200).
    public var transitionDuration: Int {
        get { Int(gtk_stack_get_transition_duration(cast())) }
        set { gtk_stack_set_transition_duration(cast(), UInt32(newValue)) }
    }

    /// Whether the stack sizes itself to the largest page.
    public var isHomogeneous: Bool {
        get { gtk_stack_get_homogeneous(cast()).bool }
        set { gtk_stack_set_homogeneous(cast(), newValue.gboolean) }
    }
}

/// A `GtkStackSwitcher`: a row of buttons, one per titled stack page.
@MainActor
public final class StackSwitcher: Container {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_stack_switcher_get_type() }

    /// A switcher for `stack`: one button per page added with a title;
    /// `DemoWindow.addPages(_:)` puts one in the header bar.
    public convenience init(stack: Stack) {
        self.init(raw: UnsafeMutableRawPointer(gtk_stack_switcher_new()), transfer: .floating)
        gtk_stack_switcher_set_stack(cast(), stack.cast())
    }
}

/// A `GtkRevealer`: shows or hides its child with an animation.
@MainActor
public final class Revealer: Container {
    isolated deinit {}  // Said, not inherited: see Object's deinit.
    override public class var gtkType: UInt { gtk_revealer_get_type() }

    /// A revealer that shows or hides its child with `transition`, taking `duration` milliseconds.
    public convenience init(transition: RevealerTransition = .crossfade, duration: Int = 250) {
        self.init(raw: UnsafeMutableRawPointer(gtk_revealer_new()), transfer: .floating)
        gtk_revealer_set_transition_type(cast(), transition.gtk)
        gtk_revealer_set_transition_duration(cast(), UInt32(duration))
    }

}

/// How a revealer animates.
public enum RevealerTransition: Sendable {
    /// `none` shows the child at once, `crossfade` fades it in, `slideDown`
    /// and `slideUp` slide it in from above or below.
    case none, crossfade, slideDown, slideUp
    var gtk: GtkRevealerTransitionType {
        switch self {
        case .none: GTK_REVEALER_TRANSITION_TYPE_NONE
        case .crossfade: GTK_REVEALER_TRANSITION_TYPE_CROSSFADE
        case .slideDown: GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN
        case .slideUp: GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP
        }
    }
}
