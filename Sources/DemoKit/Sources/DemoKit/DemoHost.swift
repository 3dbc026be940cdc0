/// What a plugin's manifest says about it, as the shell read it.
public struct DemoInfo: Sendable, Equatable {
    public let id: String
    /// Translated to the current locale when the manifest has `Name[xx]`.
    public let name: String
    public let description: String
    public let category: String
    public let iconName: String
    public let version: String

    public init(id: String, name: String, description: String, category: String, iconName: String, version: String) {
        self.id = id
        self.name = name
        self.description = description
        self.category = category
        self.iconName = iconName
        self.version = version
    }
}

/// The services the shell offers a demo.
@MainActor
public protocol DemoHost: AnyObject {
    /// The application; add the demo's window to it so the app keeps running.
    var application: Application { get }

    /// This demo's manifest.
    var info: DemoInfo { get }

    /// This demo's settings, kept in `$XDG_CONFIG_HOME/demo-shell/ID.ini`.
    var settings: Settings { get }

    /// The absolute path of a file under the shell's `Resources/` folder
    /// (images, CSS), wherever the shell is installed or built.
    func resourcePath(_ relativePath: String) -> String

    /// The other demos the shell can open, for demos that link to them.
    var availableDemos: [DemoInfo] { get }

    /// Opens another demo by id; returns false when there is no such demo.
    @discardableResult
    func openDemo(id: String) -> Bool
}
