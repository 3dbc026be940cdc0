import DemoKit

/// GTK's own Adwaita draws a checked check box or radio button with an SVG
/// (falling back to a PNG only where SVG cannot be loaded), so the first one
/// on screen loads librsvg and what it needs: 0.9 MB of private memory and
/// milliseconds of every start of the password generator, the labels and
/// buttons demos. The icon theme holds the same marks as PNG at every size,
/// sharp on HiDPI too. Only under Adwaita: another theme keeps its own marks.
@MainActor
enum ThemeAssets {
    private static var installed = false

    static func install() {
        guard !installed, ThemeVariant.themeName == "Adwaita" else { return }
        installed = true
        let css = CssProvider()
        _ = css.load("""
            check:checked { -gtk-icon-source: -gtk-icontheme("object-select-symbolic"); }
            check:indeterminate, radio:indeterminate { -gtk-icon-source: -gtk-icontheme("list-remove-symbolic"); }
            radio:checked { -gtk-icon-source: -gtk-icontheme("media-record-symbolic"); }
            """)
        css.applyToScreen(priority: .settings) // over the theme, under a demo's own style
    }
}
