import DemoBasics
import ShellBasics
import TextBounds

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

    /// The shipped category listed first, by its untranslated name: where a new user starts.
    public static let firstCategory = "Getting Started"

    /// `demos` in the launcher's order: "My Demos" first (the learner's
    /// own, once there is one: `DemoTemplate.category`), "Getting Started"
    /// next, then the
    /// categories and, in each, the names as the user's language sorts them
    /// (`Collation`: pinyin under zh_CN). `untranslatedCategories` (by id) is
    /// each manifest's `Category` before translation; `localeName` is for
    /// tests (nil: the user's).
    public init(
        _ demos: [DemoInfo], help: [String: String] = [:], untranslatedCategories: [String: String] = [:],
        localeName: String? = nil
    ) {
        self.help = help
        let keyed = demos.map { demo in
            (
                demo, first: Self.rank(untranslatedCategories[demo.id] ?? demo.category),
                category: Collation.key(demo.category, localeName: localeName),
                name: Collation.key(demo.name, localeName: localeName)
            )
        }
        self.demos = keyed.sorted { a, b in
            if a.first != b.first { return a.first < b.first }
            if a.category != b.category { return a.category < b.category }
            if a.0.category != b.0.category { return a.0.category < b.0.category }
            if a.name != b.name { return a.name < b.name }
            return a.0.id < b.0.id
        }.map(\.0)
    }

    /// Where a category goes before the others, by its untranslated name.
    private static func rank(_ category: String) -> Int {
        switch category {
        case DemoTemplate.category: 0
        case firstCategory: 1
        default: 2
        }
    }

    /// `entries` in the launcher's order (as `--list` prints them).
    public static func launcherOrder(_ entries: [PluginEntry], localeName: String? = nil) -> [PluginEntry] {
        let byID = Dictionary(entries.map { ($0.info.id, $0) }) { first, _ in first }
        return DemoCatalog(
            entries.map(\.info), untranslatedCategories: untranslatedCategories(of: entries),
            localeName: localeName
        ).demos.compactMap { byID[$0.id] }
    }

    /// Each entry's `Category` before translation, by id.
    public static func untranslatedCategories(of entries: [PluginEntry]) -> [String: String] {
        Dictionary(entries.map { ($0.info.id, $0.manifest.untranslatedCategory) }) { first, _ in first }
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
            return words.allSatisfy { haystack.containsText($0) }
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
    /// Whether an unavailable plugin's row matches: by its name, id or reason,
    /// and by the word "Unavailable" it is listed under.
    public static func matches(_ failure: PluginFailure, query: String) -> Bool {
        matches(
            DemoInfo(
                id: failure.id ?? "", name: failure.name, description: failure.reason,
                category: localized("Unavailable"), iconName: "", version: ""), query: query)
    }

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
