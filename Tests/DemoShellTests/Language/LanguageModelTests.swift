import DemoShellKit
@testable import PluginHost
@testable import EditRunModel
@testable import ShellModel
import TestSupport
import XCTest

/// The editor's language rules without a display or a process: when the
/// list opens, what it shows and writes, and how a file typed in is given
/// to the service (Run Edited's plan, in the service's own folder).
final class LanguageModelTests: XCTestCase {
    private func opens(_ before: String) -> Bool {
        let text = Array(before)
        return LanguageCompletions.opensByItself(before: text.count, in: text)
    }

    func testTheListOpensAfterADotOrTwoLettersOnlyInCode() {
        XCTAssertTrue(opens("        greeting."))
        XCTAssertTrue(opens("        f()."))
        XCTAssertTrue(opens("        gr"), "two letters of a name")
        XCTAssertFalse(opens("        g"), "one letter")
        XCTAssertTrue(opens("        gre"), "the third letter too: typed quickly, the name is asked about as it pauses")
        XCTAssertFalse(opens("        1."), "a number's point")
        XCTAssertFalse(opens("        ."), "a dot after nothing")
        XCTAssertFalse(opens("        // greeting."), "in a comment")
        XCTAssertFalse(opens("        let s = \"greeting."), "in a string")
        XCTAssertFalse(opens("        x = 12"), "digits are no name")
        XCTAssertEqual(LanguageCompletions.typedName(in: Array("a greeting.te"), caret: 13).start, 11)
        XCTAssertEqual(LanguageCompletions.typedName(in: Array("a greeting.te"), caret: 13).typed, "te")
        XCTAssertEqual(LanguageCompletions.typedName(in: Array("a greeting."), caret: 11).typed, "")
    }

    func testTheListShowsWhatBeginsWithWhatIsTypedChosenBeforeFirst() {
        let items = ["textWidth", "Text", "text", "isSelectable", "textPixelSize"].map {
            CompletionItem(name: $0, insertion: $0, type: "T", brief: "")
        }
        XCTAssertEqual(
            LanguageCompletions.shown(items, typed: "te").map(\.name), ["textWidth", "text", "textPixelSize", "Text"],
            "the exact case first, then SourceKit's order")
        XCTAssertEqual(
            LanguageCompletions.shown(items, typed: "te", used: ["textPixelSize", "text"]).map(\.name),
            ["text", "textPixelSize", "textWidth", "Text"], "what was chosen before, latest first")
        XCTAssertEqual(LanguageCompletions.shown(items, typed: "").count, 5)
        XCTAssertEqual(LanguageCompletions.shown(items, typed: "zz"), [])
    }

    func testChoosingACallWritesItsArgumentsAsNamedPlaceholders() {
        let call = CompletionItem(
            name: "textWidth(of: String, family: String)",
            insertion: "textWidth(of: <#T##String#>, family: <#T##family: String##String#>)",
            type: "Double", brief: "")
        let written = LanguageCompletions.insertion(of: call)
        XCTAssertEqual(written.text, "textWidth(of: String, family: family: String)")
        XCTAssertEqual(written.placeholders, [14..<20, 30..<44])
        XCTAssertEqual(
            LanguageCompletions.insertion(of: .init(name: "a", insertion: "text", type: "", brief: "")).text, "text")
        XCTAssertEqual(
            LanguageCompletions.insertion(of: .init(name: "a", insertion: "f(<#x", type: "", brief: "")).text, "f(<#x",
            "a placeholder never closed is written as it is")
    }

    func testADeclarationsMarkupIsReadAsWritten() {
        XCTAssertEqual(
            LanguageMarkup.plainText(
                fromXML:
                    "<Declaration>@<Type usr=\"s:ScM\">MainActor</Type> convenience init(_ text: <Type usr=\"s:SS\">String</Type> = &quot;&quot;)</Declaration>"
            ), "@MainActor convenience init(_ text: String = \"\")")
        XCTAssertEqual(LanguageMarkup.plainText(fromXML: "a &lt;b&gt; &amp; &unknown; & c"), "a <b> & &unknown; & c")
        XCTAssertEqual(LanguageMarkup.plainText(fromXML: "cut <Type"), "cut ")
    }

    private func plan() throws -> EditBuildPlan {
        let path = FileSystem.join(packageRoot, "Sources/Demos/SayHello/manifest.plugin")
        let manifest = try PluginEntry.read(manifestPath: path, searchDirectory: buildProductsDirectory).get().manifest
        let sdk = EditSDK(
            modulesDirectory: "/sdk/modules", includeDirectory: "/sdk/include", libraryDirectory: "/sdk/lib",
            sharedModulesDirectory: FileSystem.join(
                FileSystem.dirname(ShellPaths.current().sourcesDirectory), "modules"),
            cFlags: ["-I/usr/include/gtk-3.0"], compilerVersion: "Swift version 6.3.1", identity: "abc")
        return EditBuildPlan.make(
            compiler: "/usr/bin/swiftc", sdk: sdk, manifest: manifest, manifestText: "[Plugin]\n",
            inputs: [
                .init(relativePath: "Model/SayHelloModel.swift", text: "import TextBounds\npublic struct M {}\n"),
                .init(relativePath: "Plugin/SayHelloView.swift", text: "import DemoKit\nimport SayHelloModel\n"),
            ],
            workspace: EditWorkspace(demoID: "say-hello", editsDirectory: "/edits"), sharedBuilds: "/cache/shared",
            moduleCache: "/cache/modules")
    }

    func testAFileIsAskedAboutWithItsBuildsArgumentsInTheServicesFolder() throws {
        let plan = try plan()
        let context = try XCTUnwrap(
            LanguageContext(plan: plan, relativePath: "Plugin/SayHelloView.swift", folder: "/l"))
        XCTAssertEqual(context.path, "/l/src/Plugin/SayHelloView.swift")
        XCTAssertTrue(context.arguments.contains("/l/src/Plugin/SayHelloView.swift"))
        XCTAssertFalse(context.arguments.contains("/usr/bin/swiftc"), "the compiler is no argument")
        for output in ["-emit-object", "-o", "-serialize-diagnostics", "-output-file-map"] {
            XCTAssertFalse(context.arguments.contains(output), "\(output): nothing is written for a question")
        }
        XCTAssertFalse(context.arguments.contains { $0.hasPrefix(plan.directory) && $0 != plan.directory })
        let model = try XCTUnwrap(plan.modelDirectory)
        let moved = "/l/modules/" + FileSystem.basename(model)
        XCTAssertTrue(zip(context.arguments, context.arguments.dropFirst()).contains { $0 == "-I" && $1 == moved })
        XCTAssertFalse(context.arguments.contains(model), "the build's model folder comes and goes with builds")
        // The model first, in the service's folder, named by the plan's hash of its files.
        let prerequisite = try XCTUnwrap(context.prerequisites.last)
        XCTAssertEqual(prerequisite.output, moved + "/SayHelloModel.swiftmodule")
        XCTAssertTrue(prerequisite.arguments.contains("/l/src/Model/SayHelloModel.swift"))
        XCTAssertTrue(prerequisite.arguments.contains("-emit-module-path"))
        XCTAssertEqual(
            context.files.map(\.path), ["/l/src/Model/SayHelloModel.swift", "/l/src/Plugin/SayHelloView.swift"])
        // The model's own file needs no model first.
        let modelContext = try XCTUnwrap(
            LanguageContext(plan: plan, relativePath: "Model/SayHelloModel.swift", folder: "/l"))
        XCTAssertFalse(modelContext.prerequisites.contains { $0.output.hasSuffix("SayHelloModel.swiftmodule") })
        XCTAssertNil(LanguageContext(plan: plan, relativePath: "Plugin/Nothing.swift", folder: "/l"))
        // The SDK through its interfaces alone (SourceKit crashed on its binary modules), the model too.
        let read = try XCTUnwrap(
            LanguageContext(
                plan: plan, relativePath: "Plugin/SayHelloView.swift", folder: "/l", sdkModules: "/sdk/modules"))
        XCTAssertFalse(read.arguments.contains("/sdk/modules"))
        XCTAssertTrue(zip(read.arguments, read.arguments.dropFirst()).contains { $0 == "-I" && $1 == "/l/interfaces" })
        XCTAssertTrue(read.prerequisites.allSatisfy { !$0.arguments.contains("/sdk/modules") })
        XCTAssertNotNil(context.request(id: 1, .complete, text: "ab", offset: 2))
        XCTAssertNil(context.request(id: 1, .complete, text: "ab", offset: 3), "past the text: not asked")
    }

    // MARK: What lasts, what is underlined

    func testNamesChosenLastAcrossLaunchesBoundedAndAHostileFileIsIgnored() throws {
        let folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory("history-XXXXXX"))
        defer { FileSystem.removeTree(folder) }
        let path = FileSystem.join(folder, "demo-shell", "completion-history")
        var history = CompletionHistory(path: path)
        XCTAssertEqual(history.names, [], "no file yet")
        history.note("text")
        history.note("isSelectable")
        history.note("text")
        XCTAssertTrue(history.save())
        XCTAssertEqual(CompletionHistory(path: path).names, ["isSelectable", "text"], "read again, latest last")
        for index in 0..<(CompletionHistory.limit + 50) { history.note("name\(index)") }
        XCTAssertTrue(history.save())
        let read = CompletionHistory(path: path).names
        XCTAssertEqual(read.count, CompletionHistory.limit)
        XCTAssertEqual(read.last, "name\(CompletionHistory.limit + 49)", "the oldest went")
        // Torn, foreign, huge, not a file: an empty list, never a crash.
        try FileSystem.writeAtomically("demo-shell completion hist", to: path)
        XCTAssertEqual(CompletionHistory(path: path).names, [], "a torn header")
        try FileSystem.writeAtomically("\u{0}\u{1}garbage\ntext\n", to: path)
        XCTAssertEqual(CompletionHistory(path: path).names, [])
        let huge = CompletionHistory.header + "\n" + String(repeating: "text\n", count: CompletionHistory.byteLimit)
        try FileSystem.writeAtomically(huge, to: path)
        XCTAssertEqual(CompletionHistory(path: path).names, [], "a file the shell never writes")
        let hostile = [CompletionHistory.header, "ok", "bell\u{7}", String(repeating: "n", count: 5000), "", "fine"]
        try FileSystem.writeAtomically(hostile.joined(separator: "\n"), to: path)
        XCTAssertEqual(CompletionHistory(path: path).names, ["ok", "fine"], "only names fit to rank")
        XCTAssertTrue(FileSystem.remove(path))
        try FileSystem.makeDirectory(path)
        var blocked = CompletionHistory(path: path)
        XCTAssertEqual(blocked.names, [])
        blocked.note("text")
        XCTAssertFalse(blocked.save(), "a folder in the way: not written")
        XCTAssertEqual(blocked.names, ["text"], "kept for this launch all the same")
    }

    func testAHighlightedRangeBecomesColumnsOfTheDiagnosticsLine() {
        let text = "let a = 1\nlet bé = greting + 2\n"
        let lines = LineStarts(text)
        let secondLine = "let a = 1\n".utf8.count
        let greting = secondLine + "let bé = ".utf8.count
        XCTAssertEqual(lines.columns(onLine: 2, at: 11, of: [(greting, 7)]), 11..<18, "in UTF-8 columns")
        XCTAssertEqual(
            lines.columns(onLine: 2, at: 21, of: [(greting, 7), (greting + 10, 1)]), 21..<22, "the one at the column")
        XCTAssertEqual(lines.columns(onLine: 2, at: 11, of: [(greting, 100)]), 11..<22, "cut at the line's end")
        XCTAssertNil(lines.columns(onLine: 1, at: 1, of: [(greting, 7)]), "on another line")
        XCTAssertNil(lines.columns(onLine: 9, at: 1, of: [(0, 3)]))
        XCTAssertNil(lines.columns(onLine: 2, at: 11, of: [(greting, 0)]), "empty")
    }
}
