import DemoBasics
import ShellBasics
import TextBounds

/// Brings a demo written in the old plugin shape (two
/// `@_cdecl` entry functions, `makeWindow(host:)` returning a window, the
/// view keeping itself with `window.retain(self)`, no `Entry` in the
/// manifest) to the current one, so that a learner's own demos, imports
/// and kept edits still build after an update.
///
/// It changes only what it recognises with certainty (the shapes the old
/// template and Say Hello wrote, whitespace aside); any other trace of the
/// old shape leaves every file as it is and names the file in `problem`,
/// so the learner is told what to change instead of losing their work to a
/// guess. Running it on its own output changes nothing.
public struct SDKShapeUpdate: Equatable, Sendable {
    /// What the original of each file changed is kept as, beside it.
    public static let backupSuffix = ".before-sdk-2"

    /// Relative path → new text, for each file that changes; empty when
    /// the demo is in the current shape or `problem` says why not.
    public var changed: [String: String] = [:]
    /// Why the old shape found was left as it is.
    public var problem: SDKShapeProblem?

    public init(changed: [String: String] = [:], problem: SDKShapeProblem? = nil) {
        self.changed = changed
        self.problem = problem
    }

    /// The update of `files` (relative path → text: the Swift files and the
    /// manifest, `manifestName`). A change needed in one of `fixed` (files
    /// that are not the learner's to change: a built-in demo's shipped
    /// files beside its kept edits) is a problem, never made.
    public static func of(
        _ files: [String: String], manifestName: String = "manifest.plugin",
        fixed: Set<String> = []
    ) -> SDKShapeUpdate {
        var work = Work(files: files, manifestName: manifestName)
        work.run()
        if work.unsure == nil, let path = work.changedPaths.first(where: fixed.contains) { work.unsure = path }
        if let file = work.unsure {
            return SDKShapeUpdate(
                problem: SDKShapeProblem(
                    file: file, entry: work.entry ?? work.module + "Demo",
                    view: work.views.first ?? work.module + "View"))
        }
        var update = SDKShapeUpdate()
        for path in work.changedPaths { update.changed[path] = work.texts[path] }
        return update
    }
}

/// A demo in the old shape that `SDKShapeUpdate` left as it is, and what
/// its new shape would be.
public struct SDKShapeProblem: Equatable, Sendable {
    /// The file in a shape not recognised (relative to the demo).
    public let file: String
    /// The `DemoModule` class (the manifest's `Entry`) and its view, as the
    /// code names them, or as the template would.
    public let entry: String
    public let view: String

    /// One sentence naming the file and what to change, then the new
    /// shape in two lines (code: never translated, never isolated).
    public var message: String { message(isolating: true) }
    /// For a terminal, which shows no bidi.
    public var plainMessage: String { message(isolating: false) }

    func message(isolating: Bool) -> String {
        let file = isolating ? TextLimit.isolated(self.file) : self.file
        return localized(
            "This demo was written for an older Demo Shell and {file} is not in a shape it can update, so nothing was changed: remove the two @_cdecl functions and window.retain(self), make the view a DemoView, and write the manifest’s Entry and the class’s makeView like this:"
        )
        .filling(["file": file])
            + "\nEntry=\(entry)\nfunc makeView(host: DemoHost) -> any DemoView { \(view)(host: host) }"
    }
}

/// One update's state: the texts as they are being changed.
private struct Work {
    var texts: [String: String]
    let original: [String: String]
    let manifestName: String
    let swiftPaths: [String]
    /// The file something was found in that cannot be changed with certainty.
    var unsure: String?
    var entry: String?
    /// The views `makeWindow` made, which must now be `DemoView`s, and the
    /// file of each `makeWindow`.
    var views: [String] = []
    var madeIn: [String: String] = [:]

    init(files: [String: String], manifestName: String) {
        texts = files
        original = files
        self.manifestName = manifestName
        swiftPaths = files.keys.filter { $0.hasSuffix(".swift") }.sorted()
    }

    var changedPaths: [String] { texts.keys.filter { texts[$0] != original[$0] }.sorted() }

    var module: String {
        let line = texts[manifestName].flatMap { ManifestLines($0).value("Module") }
        return line.flatMap { SwiftText.identifier($0) } ?? "My"
    }

    mutating func run() {
        removeEntryFunctions()
        turnMakeWindowIntoMakeView()
        if unsure == nil { makeViewsDemoViews() }
        if unsure == nil { removeRetainLines() }
        if unsure == nil { nameEntryInManifest() }
    }

    mutating func fail(_ path: String) { if unsure == nil { unsure = path } }

    /// (a) The two old entry functions, removed; the class `export` makes is the Entry.
    mutating func removeEntryFunctions() {
        for path in swiftPaths {
            guard var text = texts[path], SwiftText.hasOldEntryPoint(SwiftTokens(text)) else { continue }
            var tokens = SwiftTokens(text)
            if let match = tokens.matches(SwiftText.createFunction).first {
                let name = tokens.tokens[match.names[0]].text
                if let entry, entry != name { return fail(path) }
                entry = name
                text = SwiftText.removingLines(of: range(of: match, in: tokens), in: text)
                tokens = SwiftTokens(text)
            }
            if let match = tokens.matches(SwiftText.sdkFunction).first {
                text = SwiftText.removingLines(of: range(of: match, in: tokens), in: text)
            }
            // Anything of the old entry points left is in a shape not known here.
            if SwiftText.hasOldEntryPoint(SwiftTokens(text)) { return fail(path) }
            texts[path] = text
        }
    }

    private func range(of match: SwiftTokens.Match, in tokens: SwiftTokens) -> Range<String.Index> {
        tokens.index(tokens.tokens[match.first].start)..<tokens.index(tokens.tokens[match.last].end)
    }

    /// (c) `makeWindow(host:) -> Window { XView(host: host).window }` in the
    /// Entry class as `makeView(host:) -> any DemoView { XView(host: host) }`.
    mutating func turnMakeWindowIntoMakeView() {
        for path in swiftPaths {
            guard let text = texts[path] else { continue }
            let tokens = SwiftTokens(text), list = tokens.tokens
            guard list.contains(where: { $0.text == "makeWindow" }) else { continue }
            let matches = tokens.matches(SwiftText.makeWindow)
            // Each in a class of this file conforming to DemoModule, and no other makeWindow.
            let modules = SwiftText.classes(in: tokens).filter { $0.conforms(to: "DemoModule", in: tokens) }
            guard list.filter({ $0.text == "makeWindow" }).count == matches.count,
                matches.allSatisfy({ match in modules.contains { $0.body.contains(match.first) } })
            else { return fail(path) }
            var result = "", done = 0
            for match in matches {
                let view = match.names[0], open = list[view - 1].text == "return" ? view - 2 : view - 1
                result +=
                    tokens.text(from: done, to: list[match.first].start)
                    + "func makeView(host: DemoHost) -> any DemoView {"
                    + tokens.text(from: list[open].end, to: list[view + 5].end)  // `return`, XView(host: host)
                    + tokens.text(from: list[view + 7].end, to: list[match.last].start) + "}"
                done = list[match.last].end
                views.append(list[view].text)
                madeIn[list[view].text] = path
            }
            texts[path] = result + tokens.text(from: done, to: text.utf8.count)
        }
    }

    /// Each view `makeView` returns as `XView(host: host)` conforms to
    /// `DemoView`, when it is a class of these files with a `window`.
    mutating func makeViewsDemoViews() {
        var returned = Set(views)
        for path in swiftPaths {
            let tokens = SwiftTokens(texts[path] ?? "")
            for match in tokens.matches(SwiftText.simpleMakeView) {
                returned.insert(tokens.tokens[match.names[0]].text)
            }
        }
        for view in returned.sorted() {
            let made = madeIn[view]
            guard
                let path = swiftPaths.first(where: {
                    SwiftText.classes(in: SwiftTokens(texts[$0] ?? "")).contains { $0.name == view }
                }),
                let text = texts[path]
            else {
                if let made { fail(made) }
                continue
            }
            let tokens = SwiftTokens(text)
            guard let declaration = SwiftText.classes(in: tokens).first(where: { $0.name == view }),
                !declaration.conforms(to: "DemoView", in: tokens)
            else { continue }
            // A view of these files that makeView returns must be a DemoView.
            guard declaration.hasWindow(in: tokens),
                let conforming = declaration.addingConformance("DemoView", in: tokens)
            else {
                return fail(path)
            }
            texts[path] = conforming
        }
    }

    /// (d) A line that is only `window.retain(self)`: the SDK keeps the view now.
    mutating func removeRetainLines() {
        for path in swiftPaths {
            guard let text = texts[path] else { continue }
            texts[path] = SwiftText.removingRetainLines(text)
        }
    }

    /// (b) `Entry=NAME` in the manifest's [Plugin] group, after `Module`.
    mutating func nameEntryInManifest() {
        guard let text = texts[manifestName] else { return }
        let lines = ManifestLines(text)
        if let written = lines.value("Entry") {
            // An Entry already there must be the class the old code made.
            if let entry, written != entry, !written.hasSuffix("." + entry) { fail(manifestName) }
            return
        }
        if entry == nil {
            let modules = swiftPaths.flatMap { path in
                let tokens = SwiftTokens(texts[path] ?? "")
                return SwiftText.classes(in: tokens).filter { $0.conforms(to: "DemoModule", in: tokens) }
            }
            guard modules.count == 1 else { return fail(manifestName) }
            entry = modules[0].name
        }
        guard let entry, let added = lines.adding("Entry", entry, after: "Module") else { return fail(manifestName) }
        texts[manifestName] = added
    }
}
