import DemoKit

/// The launcher's list as data: which demos show for a search, in what order,
/// under which category. GTK-free, so the rules are tested without a display.
public struct DemoCatalog: Sendable {
    public struct Section: Equatable, Sendable {
        public let title: String
        public let demos: [DemoInfo]
    }

    public let demos: [DemoInfo]
    /// Each demo's `Help` text by id, searched as well.
    public let help: [String: String]

    public init(_ demos: [DemoInfo], help: [String: String] = [:]) {
        self.help = help
        self.demos = demos.sorted {
            ($0.category.lowercased(), $0.name.lowercased()) < ($1.category.lowercased(), $1.name.lowercased())
        }
    }

    /// Whether `demo` matches `query`: every word of the query appears in its
    /// name, description, category, id or help, ignoring case and spaces
    /// ("header bar" and "headerbar" both find "HeaderBar").
    public static func matches(_ demo: DemoInfo, help: String = "", query: String) -> Bool {
        let words = query.lowercased().split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return true }
        let fields = [demo.name, demo.description, demo.category, demo.id, help]
        let haystack = fields.map { field in
            String(String.UnicodeScalarView(field.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace }))
        }.joined(separator: "\n")
        return words.allSatisfy { haystack.contains($0) }
    }

    /// Whether `demo` matches `query`, its help text included.
    public func matches(_ demo: DemoInfo, query: String) -> Bool {
        Self.matches(demo, help: help[demo.id] ?? "", query: query)
    }

    /// The demos matching `query`, grouped by category in display order.
    public func sections(matching query: String) -> [Section] {
        var sections: [Section] = []
        for demo in demos where matches(demo, query: query) {
            if let last = sections.last, last.title == demo.category {
                sections[sections.count - 1] = Section(title: last.title, demos: last.demos + [demo])
            } else {
                sections.append(Section(title: demo.category, demos: [demo]))
            }
        }
        return sections
    }
}
