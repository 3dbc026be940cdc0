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
