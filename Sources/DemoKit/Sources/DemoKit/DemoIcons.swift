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

    public var hasPictureIcon: Bool { Self.isPictureIcon(iconName) }
}

extension DemoHost {
    /// An image of `info`'s icon, `pixelSize` logical pixels square and sharp on
    /// HiDPI screens; a picture that cannot be loaded leaves a generic icon.
    public func iconImage(for info: DemoInfo, pixelSize: Int) -> Image {
        let image = Image(iconName: info.hasPictureIcon ? "application-x-executable-symbolic" : info.iconName,
                          pixelSize: pixelSize)
        if info.hasPictureIcon { image.setPicture(path: resourcePath(info.iconName), width: pixelSize, height: pixelSize) }
        return image
    }
}
