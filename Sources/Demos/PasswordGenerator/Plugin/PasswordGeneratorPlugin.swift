import DemoKit

/// Password Generator: the book's Amuck Password Generator, made secure.
@MainActor
final class PasswordGeneratorDemo: DemoModule {
    func makeView(host: DemoHost) -> any DemoView {
        PasswordGeneratorView(host: host)
    }
}
