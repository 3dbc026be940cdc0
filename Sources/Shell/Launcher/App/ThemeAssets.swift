import DemoShellKit
import PluginHost
import ShellModel

/// GTK's own Adwaita draws a checked check box or radio button with an SVG
/// (falling back to a PNG only where SVG cannot be loaded), so the first one
/// on screen loads librsvg and what it needs: private memory and time in
/// every start of the password generator, the labels and
/// buttons demos. GTK holds the same marks as PNGs drawn for HiDPI (its High
/// Contrast theme's `@2` assets), which look the same at 1× and stay sharp at
/// 2×; where a GTK lacks them, the theme's own PNG is used. Only under
/// Adwaita: another theme keeps its own marks.
@MainActor
enum ThemeAssets {
    private static var installed = false

    static func install() {
        guard !installed, ThemeVariant.themeName == "Adwaita" else { return }
        installed = true
        func mark(_ name: String) -> String {
            "image(-gtk-recolor(url(\"resource:///org/gtk/libgtk/theme/HighContrast/assets/\(name)@2-symbolic.symbolic.png\")), "
                + "-gtk-recolor(url(\"resource:///org/gtk/libgtk/theme/Adwaita/assets/\(name)-symbolic.symbolic.png\")))"
        }
        let css = CssProvider()
        _ = css.load(
            """
            check:checked { -gtk-icon-source: \(mark("check")); }
            check:indeterminate, radio:indeterminate { -gtk-icon-source: \(mark("dash")); }
            radio:checked { -gtk-icon-source: \(mark("bullet")); }
            """)
        css.applyToScreen(priority: .settings)  // over the theme, under a demo's own style
    }
}
