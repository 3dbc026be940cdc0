import DemoKit

/// Story Builder: three words and a template make a story.
@MainActor
final class StoryBuilderDemo: DemoModule {
    func makeView(host: DemoHost) -> any DemoView {
        StoryBuilderView(host: host)
    }
}
