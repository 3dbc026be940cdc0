import DemoKit

/// Say Hello, the reference plugin: read it to see the shape every demo has.
@MainActor
final class SayHelloDemo: DemoModule {
    func makeView(host: DemoHost) -> any DemoView {
        SayHelloView(host: host)
    }
}
