import DemoShellKit
import PluginHost
import ShellModel
import TextBounds

/// A manifest's `Icon`: a themed icon name ("face-smile-symbolic"), or a
/// picture shipped under `Resources/` ("say-hello/icon.svg",
/// "calculator/icon.png"), as every built-in demo has. The launcher rows, the
/// Info page, the demo's windows, its About dialog and its Desktop Action
/// all show the same icon.
public enum DemoIcon {
    /// Whether `icon` names a picture file rather than a themed icon: under
    /// `Resources/` (a built-in demo's), or a plugin's own, which its
    /// manifest names beside it (`Icon=tip.svg`) and which the registry
    /// made a path (`PluginEntry.read`). A themed icon's name never ends in
    /// .svg or .png: such a name is a picture, shown or warned of, never
    /// looked up in the theme (a broken image).
    public static func isPicture(_ icon: String) -> Bool {
        let lower = icon.lowercased()
        return DemoInfo.isPictureIcon(icon)
            || ((lower.hasSuffix(".svg") || lower.hasSuffix(".png")) && !icon.split(separator: "/").contains(".."))
    }

    /// The picture's file: a plugin's own (a path) as it is, a built-in
    /// demo's under `resourcesDirectory`.
    static func picturePath(_ icon: String, resourcesDirectory: String) -> String {
        icon.hasPrefix("/") ? icon : FileSystem.join(resourcesDirectory, icon)
    }

    /// The themed name under which `make install` puts a built-in demo's
    /// picture icon into the hicolor theme, and which its Desktop Action names.
    public static func installedName(forDemo id: String) -> String { "\(Shell.applicationID).\(id)" }

    /// An image of the icon, `pixelSize` logical pixels square (sharp on HiDPI).
    @MainActor
    package static func image(_ icon: String, pixelSize: Int, resourcesDirectory: String) -> Image {
        let image = Image(iconName: "application-x-executable-symbolic", pixelSize: pixelSize)
        show(icon, in: image, pixelSize: pixelSize, resourcesDirectory: resourcesDirectory)
        return image
    }

    /// Shows the icon in an existing image (the Info page's); a picture
    /// that cannot be loaded leaves the generic icon, and why is returned
    /// (nil when it shows), for the Info page to warn of.
    @MainActor
    @discardableResult
    static func show(_ icon: String, in image: Image, pixelSize: Int, resourcesDirectory: String) -> String? {
        if isPicture(icon) {
            image.setIcon("application-x-executable-symbolic")
            image.pixelSize = pixelSize
            let path = picturePath(icon, resourcesDirectory: resourcesDirectory)
            guard let problem = image.setPicture(path: path, width: pixelSize, height: pixelSize) else { return nil }
            return localized("The icon {icon} cannot be shown: {reason}").filling([
                "icon": TextLimit.isolated(FileSystem.basename(icon)), "reason": problem,
            ])
        } else {
            image.setIcon(icon)
            image.pixelSize = pixelSize
            return nil
        }
    }

    /// Gives `window` the icon.
    @MainActor
    static func apply(_ icon: String, to window: Window, resourcesDirectory: String) {
        if isPicture(icon) {
            window.setIcon(path: picturePath(icon, resourcesDirectory: resourcesDirectory))
        } else {
            window.iconName = icon
        }
    }

    /// Gives an About dialog the icon as its logo.
    @MainActor
    static func apply(_ icon: String, to about: AboutDialog, resourcesDirectory: String) {
        if isPicture(icon) {
            about.setLogo(path: picturePath(icon, resourcesDirectory: resourcesDirectory))
        } else {
            about.logoIconName = icon
        }
    }
}
