/// A demo's icon as its manifest names it: a themed icon name
/// ("face-smile-symbolic"), or a picture under the shell's `Resources/`
/// ("say-hello/icon.svg", "calculator/icon.png"), which is how the built-in
/// demos carry an icon of their own.
extension DemoInfo {
    /// Whether `iconName` names a picture under `Resources/` rather than a
    /// themed icon: a relative path ending in .svg or .png, never leaving `Resources/`.
    public static func isPictureIcon(_ icon: String) -> Bool {
        let lower = icon.lowercased()
        return icon.contains("/") && (lower.hasSuffix(".png") || lower.hasSuffix(".svg"))
            && !icon.hasPrefix("/") && !icon.split(separator: "/").contains("..")
    }

}
