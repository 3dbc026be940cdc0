/// What a plugin's manifest says about it, as the shell read it.
public struct DemoInfo: Sendable, Equatable {
    /// The manifest's `Id`: the demo's settings file, its resources and
    /// `--run=ID` are named after it.
    public let id: String
    /// Translated to the current locale when the manifest has `Name[xx]`.
    public let name: String
    /// The manifest's `Description`, translated like `name`: one line, as the launcher lists it.
    public let description: String
    /// The manifest's `Category`, the launcher's heading the demo is listed under.
    public let category: String
    /// The manifest's `Icon`: a symbolic icon's name or a picture beside the manifest.
    public let iconName: String
    /// The manifest's `Version`, for an About box or a log line.
    public let version: String

    /// A manifest's values; the shell makes it, a test of a view may make its own.
    public init(id: String, name: String, description: String, category: String, iconName: String, version: String) {
        self.id = id
        self.name = name
        self.description = description
        self.category = category
        self.iconName = iconName
        self.version = version
    }
}
