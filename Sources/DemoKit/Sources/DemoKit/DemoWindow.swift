/// A demo's top-level window with a GNOME header bar, so every demo has the
/// same frame: title, close button, and room for page switchers or back buttons.
@MainActor
public final class DemoWindow {
    public let window: Window
    public let headerBar: HeaderBar

    public init(title: String, width: Int, height: Int) {
        window = Window(title: title)
        window.setDefaultSize(width: width, height: height)
        headerBar = HeaderBar(title: title)
        window.setTitlebar(headerBar)
    }
}
