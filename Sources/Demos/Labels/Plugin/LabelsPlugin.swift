import DemoKit

/// Labels: text in fonts, colours and alignments, after the book's UILabel.
@MainActor
final class LabelsDemo: DemoModule {
    func makeView(host: DemoHost) -> any DemoView {
        LabelsView(host: host)
    }
}
