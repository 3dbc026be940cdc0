import Gtk

/// Under a HighContrast theme, what a demo dims reads as the theme's own
/// text: GTK's HighContrast draws a dim label grey on white (3.4:1), below
/// WCAG AA, where a person who chose high contrast needs it most. Applied
/// to the screen while such a theme is in use, checked as each demo window
/// opens.
@MainActor
enum HighContrastStyle {
    private static let provider: CssProvider = {
        let provider = CssProvider()
        _ = provider.load(".dim-label { opacity: 1; color: inherit; }")
        return provider
    }()

    private static var isApplied = false

    static func update() {
        let wanted = Toolkit.usesHighContrastTheme
        guard wanted != isApplied else { return }
        isApplied = wanted
        if wanted { provider.applyToScreen() } else { provider.removeFromScreen() }
    }
}
