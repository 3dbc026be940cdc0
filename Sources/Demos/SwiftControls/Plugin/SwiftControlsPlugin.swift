import DemoKit

/// Swift Controls: a list sliding to a label page and a button page, after
/// the book's Swift UILabel and UIButton example.
@MainActor
final class SwiftControlsDemo: DemoModule {
    func makeView(host: DemoHost) -> any DemoView {
        SwiftControlsView(host: host)
    }
}
