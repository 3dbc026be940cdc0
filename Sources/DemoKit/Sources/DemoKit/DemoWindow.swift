/// A demo's top-level window with a GNOME header bar, so every demo has the
/// same frame: title, close button, and room for page switchers or back buttons.
///
/// ```swift
/// let frame = DemoWindow(title: host.info.name, width: 600, height: 400)
/// frame.addPages([
///     DemoWindow.Page(Label(localized("The rules")), name: "rules", title: localized("Rules")),
///     DemoWindow.Page(Label(localized("No scores yet")), name: "scores", title: localized("Scores")),
/// ])
/// frame.window.showAll()
/// ```
@MainActor
public final class DemoWindow: DemoView {
    /// The window: add the demo's content to it and `showAll()`; the SDK keeps
    /// the view for as long as it lives.
    public let window: Window
    /// The header bar, where a demo puts its buttons (`packStart`, `packEnd`) or a menu.
    public let headerBar: HeaderBar

    /// A window titled `title` that opens at `width` × `height` (no larger
    /// than the screen), hidden until shown.
    public init(title: String, width: Int, height: Int) {
        HighContrastStyle.update()
        window = Window(title: title)
        window.setDefaultSize(width: width, height: height)
        headerBar = HeaderBar(title: title)
        window.setTitlebar(headerBar)
        window.opensPrimaryMenuOnF10()  // a demo's menu in its header bar, as 2048's
        Self.placeNewWindow?(window)
    }

    /// Set by the shell: where a new demo window opens, before the demo
    /// shows it (an edited demo replacing one opens in its place).
    package static var placeNewWindow: (@MainActor (Window) -> Void)?

    /// One page of a demo with several (`addPages`).
    public struct Page {
        /// The page's widget.
        public let content: Widget
        /// The page's name, unique in the window, as `Stack.visiblePageName` says it.
        public let name: String
        /// The page's title, shown (translated) on its switcher button.
        public let title: String

        /// A page showing `content`, named `name` and titled `title` on the switcher.
        public init(_ content: Widget, name: String, title: String) {
            self.content = content
            self.name = name
            self.title = title
        }
    }

    /// Fills the window with `pages`, shown one at a time and switched from a
    /// switcher in the header bar, as GNOME apps switch views.
    @discardableResult
    public func addPages(_ pages: [Page]) -> Stack {
        let stack = Stack()
        stack.transitionDuration = 150
        for page in pages { stack.addPage(page.content, name: page.name, title: page.title) }
        let switcher = StackSwitcher(stack: stack)
        switcher.accessibleName = localized("Pages")
        headerBar.setCustomTitle(switcher)
        window.add(stack)
        return stack
    }
}
