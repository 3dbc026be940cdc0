import ButtonsModel
import DemoKit

/// Buttons: a button that opens a dialog, and the book's button types.
@MainActor
final class ButtonsDemo: DemoModule {
    func makeWindow(host: DemoHost) -> Window {
        ButtonsView(host: host).window
    }
}
