import DemoShellKit
import Foundation
import TestSupport
import XCTest

/// The SDK's reference (`make docs`) is made from the doc comments of
/// DemoBasics, Gtk and DemoKit: every public declaration has one, every
/// widget class a demo uses shows how in a ```swift example, and those
/// examples compile against the SDK as a plugin sees it (its installed
/// interfaces). Read from the symbol graphs DocC reads, emitted from the
/// sources as they are now.
final class SDKDocCommentTests: XCTestCase {
    /// Emitted once for the class: a few seconds of compiling.
    private static var emitted: Result<SDKSymbolGraphs, Error>?
    private var folder = ""

    override func setUpWithError() throws {
        folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory("sdk-docs-XXXXXX"))
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func graphs() throws -> SDKSymbolGraphs {
        if Self.emitted == nil {
            let graphs = FileSystem.join(folder, "graphs")
            Self.emitted = Result { try SDKSymbolGraphs.emit(into: graphs) }
        }
        return try XCTUnwrap(Self.emitted).get()
    }

    func testEveryPublicDeclarationOfTheSDKHasADocComment() throws {
        let graphs = try graphs()
        // What the graphs must hold, so that an empty reading cannot pass.
        for module in SDKSymbolGraphs.modules {
            XCTAssertTrue(graphs.declarations.contains { $0.module == module }, "nothing read of \(module)")
        }
        for (module, path) in [("Gtk", "Button.init(label:)"), ("DemoKit", "DemoModule"), ("DemoBasics", "DemoInfo")] {
            XCTAssertTrue(
                graphs.declarations.contains { $0.module == module && $0.path == path }, "\(module).\(path) not read")
        }
        XCTAssertGreaterThan(graphs.declarations.count, 700)
        let missing = graphs.undocumented.map { "\($0.place): \($0.module).\($0.path) (\($0.kind))" }
        XCTAssertEqual(
            missing, [],
            "public declarations of the SDK without a doc comment (say why and when a plugin uses it):\n"
                + missing.joined(separator: "\n"))
    }

    func testEveryWidgetADemoUsesHasAnExample() throws {
        let graphs = try graphs()
        let demos = try demoViewSources()
        let used = graphs.widgetClasses.filter { widget in
            demos.range(of: "\\b\(widget.path)\\b", options: .regularExpression) != nil
        }
        for name in ["Label", "Button", "Entry", "Box", "Grid", "SpinButton", "DemoWindow"] {
            XCTAssertTrue(used.contains { $0.path == name }, "\(name) is a widget the demos use")
        }
        let without = used.filter { $0.swiftExamples.isEmpty }.map { "\($0.place): \($0.path)" }
        XCTAssertEqual(
            without, [],
            "widget classes the demos use with no ```swift example in their doc comment:\n"
                + without.joined(separator: "\n"))
    }

    /// Each example of a doc comment is the body of a function with
    /// `window` (a `Window`) and `host` (a `DemoHost`) at hand, as a demo's
    /// view has them; so is each of the catalogs' articles' examples, but
    /// those that declare types (Say Hello's classes) stand in a file of their
    /// article. All are type-checked against the SDK's interfaces alone.
    func testTheExamplesCompileAgainstTheSDKsInterfaces() throws {
        let graphs = try graphs()
        var examples = graphs.declarations.flatMap { declaration in
            declaration.swiftExamples.map { (name: declaration.path, place: declaration.place, code: $0) }
        }
        XCTAssertGreaterThan(examples.count, 20)
        var articles: [String: String] = [:]
        for (article, place, code) in try catalogExamples() {
            let declaresTypes = code.split(separator: "\n").contains {
                ["import ", "@MainActor", "final class ", "class ", "struct "].contains(where: $0.hasPrefix)
            }
            if declaresTypes {
                articles[article, default: "import DemoKit\n"] += "\n// \(place)\n\(code)\n"
            } else {
                examples.append((article, place, code))
            }
        }
        XCTAssertNotNil(articles["FirstPlugin"], "Say Hello's walk-through has its classes")
        let modules = FileSystem.join(folder, "modules")
        try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: true)
        for module in SDKSymbolGraphs.modules {
            let interface = FileSystem.join(buildProductsDirectory, "Modules", "\(module).swiftinterface")
            try FileManager.default.copyItem(
                atPath: interface, toPath: FileSystem.join(modules, "\(module).swiftinterface"))
        }
        var source = "import DemoKit\n"
        for (index, (name, place, code)) in examples.enumerated() {
            // Named after its declaration, which the compiler's message then shows.
            let identifier = name.map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
            source += "\n// \(name), \(place)\n"
            source += "@MainActor func example\(index)_\(identifier)(window: Window, host: DemoHost) {\n\(code)\n}\n"
        }
        var files = [FileSystem.join(folder, "Examples.swift")]
        try FileSystem.writeAtomically(source, to: files[0])
        for (article, text) in articles.sorted(by: { $0.key < $1.key }) {
            files.append(FileSystem.join(folder, "\(article).swift"))
            try FileSystem.writeAtomically(text, to: files[files.count - 1])
        }
        let (status, said) = try runCommand(
            [
                "swiftc", "-typecheck", "-swift-version", "6", "-module-name", "Examples", "-I", modules,
                "-module-cache-path", FileSystem.join(folder, "cache"), "-suppress-warnings",
            ] + files)
        XCTAssertEqual(
            status, 0,
            "an example of the SDK's reference does not compile (its function is named after its declaration):\n"
                + said + "\n" + source + articles.values.joined(separator: "\n"))
    }

    /// The ```swift blocks of the articles of the SDK's catalogs
    /// (`Sources/DemoKit/Sources/MODULE/MODULE.docc/*.md`): the article's
    /// name, the block's place, its code.
    private func catalogExamples() throws -> [(article: String, place: String, code: String)] {
        var examples: [(article: String, place: String, code: String)] = []
        for module in SDKSymbolGraphs.modules {
            let catalog = "\(module)/\(module).docc"
            let folder = FileSystem.join(packageRoot, "Sources/DemoKit/Sources", catalog)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() where name.hasSuffix(".md")
            {
                let text = try String(contentsOfFile: FileSystem.join(folder, name), encoding: .utf8)
                for block in SDKSymbolGraphs.swiftBlocks(in: text.components(separatedBy: "\n")) {
                    examples.append((String(name.dropLast(3)), "\(catalog)/\(name):\(block.line + 1)", block.code))
                }
            }
        }
        return examples
    }

    /// The Swift files of every demo's view (`Sources/Demos/NAME/Plugin/`).
    private func demoViewSources() throws -> String {
        let demos = FileSystem.join(packageRoot, "Sources/Demos")
        var text = ""
        for demo in try FileManager.default.contentsOfDirectory(atPath: demos).sorted() {
            let plugin = FileSystem.join(demos, demo, "Plugin")
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: plugin) else { continue }
            for name in files.sorted() where name.hasSuffix(".swift") {
                text += try String(contentsOfFile: FileSystem.join(plugin, name), encoding: .utf8)
            }
        }
        XCTAssertTrue(text.contains("DemoModule"), "no demo read from \(demos)")
        return text
    }
}
