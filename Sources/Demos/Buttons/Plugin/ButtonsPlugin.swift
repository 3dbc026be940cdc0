import ButtonsModel
import DemoKit

/// Buttons: a button that opens a dialog, and the book's button types.
@MainActor
final class ButtonsDemo: DemoModule {
    func makeView(host: DemoHost) -> any DemoView {
        ButtonsView(host: host)
    }
}
