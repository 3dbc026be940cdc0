import DemoKit

/// A manifest's `Icon`: a themed icon name ("face-smile-symbolic"), or a
/// picture shipped under `Resources/` ("calculator/icon.png"), as a demo
/// whose look is its own pictures wants.
public enum DemoIcon {
    /// Whether `icon` names a picture file under `Resources/` rather than a themed icon.
    public static func isPicture(_ icon: String) -> Bool {
        let lower = icon.lowercased()
        return icon.contains("/") && (lower.hasSuffix(".png") || lower.hasSuffix(".svg"))
            && !icon.hasPrefix("/") && !icon.split(separator: "/").contains("..")
    }

    /// An image of the icon, `pixelSize` logical pixels square (sharp on HiDPI).
    @MainActor
    static func image(_ icon: String, pixelSize: Int, resourcesDirectory: String) -> Image {
        guard isPicture(icon) else { return Image(iconName: icon, pixelSize: pixelSize) }
        // A missing picture leaves the generic icon.
        let image = Image(iconName: "application-x-executable-symbolic", pixelSize: pixelSize)
        image.setPicture(path: FileSystem.join(resourcesDirectory, icon), width: pixelSize, height: pixelSize)
        return image
    }

    /// Gives `window` the icon.
    @MainActor
    static func apply(_ icon: String, to window: Window, resourcesDirectory: String) {
        if isPicture(icon) {
            window.setIcon(path: FileSystem.join(resourcesDirectory, icon))
        } else {
            window.iconName = icon
        }
    }
}
