import DemoKit

/// 2048 on one drawing area; the rules are `Game2048Model`'s.
@MainActor
final class Game2048Demo: DemoModule {
    func makeView(host: DemoHost) -> any DemoView {
        Game2048View(host: host)
    }
}
