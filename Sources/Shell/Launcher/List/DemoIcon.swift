import DemoShellKit
import PluginHost
import ShellModel

/// A manifest's `Icon`: a themed icon name ("face-smile-symbolic"), or a
/// picture shipped under `Resources/` ("say-hello/icon.svg",
/// "calculator/icon.png"), as every built-in demo has. The launcher rows, the
/// Info page, the demo's windows, its About dialog and its Desktop Action
/// all show the same icon.
public enum DemoIcon {
    /// Whether `icon` names a picture file under `Resources/` rather than a themed icon.
    public static func isPicture(_ icon: String) -> Bool { DemoInfo.isPictureIcon(icon) }

    /// The themed name under which `make install` puts a built-in demo's
    /// picture icon into the hicolor theme, and which its Desktop Action names.
    public static func installedName(forDemo id: String) -> String { "\(Shell.applicationID).\(id)" }

    /// An image of the icon, `pixelSize` logical pixels square (sharp on HiDPI).
    @MainActor
    static func image(_ icon: String, pixelSize: Int, resourcesDirectory: String) -> Image {
        let image = Image(iconName: "application-x-executable-symbolic", pixelSize: pixelSize)
        show(icon, in: image, pixelSize: pixelSize, resourcesDirectory: resourcesDirectory)
        return image
    }

    /// Shows the icon in an existing image (the Info page's); a missing
    /// picture leaves the generic icon.
    @MainActor
    static func show(_ icon: String, in image: Image, pixelSize: Int, resourcesDirectory: String) {
        if isPicture(icon) {
            image.setIcon("application-x-executable-symbolic")
            image.pixelSize = pixelSize
            image.setPicture(path: FileSystem.join(resourcesDirectory, icon), width: pixelSize, height: pixelSize)
        } else {
            image.setIcon(icon)
            image.pixelSize = pixelSize
        }
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

    /// Gives an About dialog the icon as its logo.
    @MainActor
    static func apply(_ icon: String, to about: AboutDialog, resourcesDirectory: String) {
        if isPicture(icon) {
            about.setLogo(path: FileSystem.join(resourcesDirectory, icon))
        } else {
            about.logoIconName = icon
        }
    }
}
