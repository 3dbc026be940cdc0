import DemoKit

/// Guess the Number: find the secret with a two-column picker.
@MainActor
final class GuessNumberDemo: DemoModule {
    func makeView(host: DemoHost) -> any DemoView {
        GuessNumberView(host: host)
    }
}
