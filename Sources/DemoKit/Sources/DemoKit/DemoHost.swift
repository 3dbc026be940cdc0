/// The services the shell offers a demo.
@MainActor
public protocol DemoHost: AnyObject {
    /// The application; add the demo's window to it so the app keeps running.
    var application: Application { get }

    /// This demo's manifest.
    var info: DemoInfo { get }

    /// This demo's settings, kept in `$XDG_CONFIG_HOME/demo-shell/ID.ini`.
    var settings: Settings { get }

    /// The absolute path of one of this demo's own files (images, CSS):
    /// `resourcePath("style.css")` is `Resources/ID/style.css` for a demo
    /// the shell ships, wherever it is installed or built, and the file
    /// beside the manifest for a plugin installed from elsewhere.
    func resourcePath(_ relativePath: String) -> String

    /// An image of a demo's icon (this demo's or another's), `pixelSize`
    /// logical pixels square and sharp on HiDPI screens, as the launcher
    /// shows it; a picture that cannot be loaded leaves a generic icon.
    func iconImage(for info: DemoInfo, pixelSize: Int) -> Image

    /// The other demos the shell can open, for demos that link to them.
    var availableDemos: [DemoInfo] { get }

    /// Opens another demo by id; returns false when there is no such demo.
    @discardableResult
    func openDemo(id: String) -> Bool
}
