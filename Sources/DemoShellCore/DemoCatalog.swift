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

    /// How well `demo` matches `query`, best first: 0 when every word of the
    /// query is in its name, 1 in its name, description, category or id, 2
    /// only with its help text; nil when it does not match. Case and spaces
    /// are ignored ("header bar" and "headerbar" both find "HeaderBar").
    public static func relevance(_ demo: DemoInfo, help: String = "", query: String) -> Int? {
        let words = query.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty else { return 0 }
        func all(_ fields: [String]) -> Bool {
            let haystack = fields.map(squeezed).joined(separator: "\n")
            return words.allSatisfy { haystack.contains($0) }
        }
        if all([demo.name]) { return 0 }
        if all([demo.name, demo.description, demo.category, demo.id]) { return 1 }
        if all([demo.name, demo.description, demo.category, demo.id, help]) { return 2 }
        return nil
    }

    /// Lower-cased, without white space.
    private static func squeezed(_ text: String) -> String {
        String(String.UnicodeScalarView(text.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace }))
    }

    /// Whether `demo` matches `query` (see `relevance`).
    public static func matches(_ demo: DemoInfo, help: String = "", query: String) -> Bool {
        relevance(demo, help: help, query: query) != nil
    }

    /// Whether `demo` matches `query`, its help text included.
    public func matches(_ demo: DemoInfo, query: String) -> Bool {
        Self.matches(demo, help: help[demo.id] ?? "", query: query)
    }

    /// `relevance` with the demo's help text.
    public func relevance(_ demo: DemoInfo, query: String) -> Int? {
        Self.relevance(demo, help: help[demo.id] ?? "", query: query)
    }

    /// The demo to select for `query`: the first of the most relevant.
    public func bestMatch(for query: String) -> DemoInfo? {
        demos.compactMap { demo in relevance(demo, query: query).map { (demo, $0) } }
            .min { $0.1 < $1.1 }?.0
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
