import DemoKit

/// Story Builder: three words and a template make a story.
@MainActor
final class StoryBuilderDemo: DemoModule {
    func makeWindow(host: DemoHost) -> Window {
        StoryBuilderView(host: host).window
    }
}
