import DemoKit

/// The launcher's list as data: which demos show for a search, in what order,
/// under which category. GTK-free, so the rules are tested without a display.
public struct DemoCatalog: Sendable {
    public struct Section: Equatable, Sendable {
        public let title: String
        public let demos: [DemoInfo]
    }

    public let demos: [DemoInfo]

    public init(_ demos: [DemoInfo]) {
        self.demos = demos.sorted {
            ($0.category.lowercased(), $0.name.lowercased()) < ($1.category.lowercased(), $1.name.lowercased())
        }
    }

    /// Whether `demo` matches `query`: every word of the query appears,
    /// case-insensitively, in its name, description or category.
    public static func matches(_ demo: DemoInfo, query: String) -> Bool {
        let words = query.lowercased().split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return true }
        let haystack = [demo.name, demo.description, demo.category, demo.id].joined(separator: "\n").lowercased()
        return words.allSatisfy { haystack.contains($0) }
    }

    /// The demos matching `query`, grouped by category in display order.
    public func sections(matching query: String) -> [Section] {
        var sections: [Section] = []
        for demo in demos where Self.matches(demo, query: query) {
            if let last = sections.last, last.title == demo.category {
                sections[sections.count - 1] = Section(title: last.title, demos: last.demos + [demo])
            } else {
                sections.append(Section(title: demo.category, demos: [demo]))
            }
        }
        return sections
    }
}
