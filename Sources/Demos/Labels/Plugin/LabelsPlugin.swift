import DemoKit

/// Labels: text in fonts, colours and alignments, after the book's UILabel.
@MainActor
final class LabelsDemo: DemoModule {
    func makeWindow(host: DemoHost) -> Window {
        LabelsView(host: host).window
    }
}
