import DemoKit

/// The Calculator: the original chapter's calculator whose keys are pictures,
/// with arithmetic people can trust (exact, rounded only on the display).
@MainActor
final class CalculatorDemo: DemoModule {
    func makeView(host: DemoHost) -> any DemoView {
        CalculatorView(host: host)
    }
}
