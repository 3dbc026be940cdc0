import DemoShellKit
import Foundation
import TestSupport
import XCTest

/// The public declarations of what a plugin sees (DemoBasics, Gtk,
/// DemoKit), as the compiler lists them in the symbol graphs the SDK's
/// reference is made from (`scripts/sdk-docs --symbol-graphs`): what is
/// public is the compiler's say, members of extensions included, and each
/// declaration comes with its doc comment and its place.
struct SDKSymbolGraphs {
    /// One public declaration of the SDK, in the module whose folder declares it.
    struct Declaration {
        let module: String
        let identifier: String
        /// "swift.class", "swift.init", "swift.extension"…
        let kind: String
        /// Its path in the module ("Button.init(label:)").
        let path: String
        /// The file, relative to `Sources/DemoKit/Sources`, and the line (from 1).
        let file: String
        let line: Int
        /// Its doc comment's lines, without the `///` (empty: none).
        let docLines: [String]
        /// It overrides a declaration of a superclass (each widget's
        /// `gtkType`): without a doc comment of its own, it is that
        /// declaration again, which the reference leaves out.
        let isOverride: Bool
        /// The classes it inherits from and the protocols it conforms to.
        let supertypes: Set<String>

        var place: String { "\(file):\(line)" }
        var isDocumented: Bool { docLines.contains { !$0.trimmingCharacters(in: .whitespaces).isEmpty } }

        /// The code of each ```swift block of its doc comment.
        var swiftExamples: [String] { SDKSymbolGraphs.swiftBlocks(in: docLines).map(\.code) }
    }

    /// The ```swift blocks of Markdown `lines`: each block's code, and the
    /// index of its first line.
    static func swiftBlocks(in lines: [String]) -> [(line: Int, code: String)] {
        var blocks: [(line: Int, code: String)] = []
        var current: (line: Int, lines: [String])?
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = (index + 1, [])
            } else if let block = current, trimmed == "```" {
                blocks.append((block.line, block.lines.joined(separator: "\n")))
                current = nil
            } else {
                current?.lines.append(line)
            }
        }
        return blocks
    }

    static let modules = ["DemoBasics", "Gtk", "DemoKit"]

    let declarations: [Declaration]

    /// Emits the graphs into `folder` from the sources as they are now,
    /// against the modules the last build made, and reads them.
    static func emit(into folder: String) throws -> SDKSymbolGraphs {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: packageRoot + "/scripts/sdk-docs")
        process.arguments = ["--symbol-graphs", folder, "--build-dir", buildProductsDirectory]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let said = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw SymbolGraphError(message: "scripts/sdk-docs --symbol-graphs failed: \(said)")
        }
        return try read(folder)
    }

    /// Reads `folder/MODULE/*.symbols.json`, keeping of each module's graphs
    /// only what its own folder declares (DemoKit's graph also holds what it
    /// re-exports), once each.
    static func read(_ folder: String) throws -> SDKSymbolGraphs {
        let sources = packageRoot + "/Sources/DemoKit/Sources/"
        var found: [String: Declaration] = [:]
        for module in modules {
            let directory = folder + "/" + module
            let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter {
                $0.hasSuffix(".symbols.json")
            }
            for name in names.sorted() {
                let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
                let graph = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any], name)
                let relationships = graph["relationships"] as? [[String: Any]] ?? []
                var overriding: Set<String> = []
                var supertypes: [String: Set<String>] = [:]
                for relationship in relationships {
                    guard let kind = relationship["kind"] as? String, let source = relationship["source"] as? String,
                        let target = relationship["target"] as? String
                    else { continue }
                    if kind == "overrides" { overriding.insert(source) }
                    if kind == "inheritsFrom" || kind == "conformsTo" { supertypes[source, default: []].insert(target) }
                }
                for symbol in graph["symbols"] as? [[String: Any]] ?? [] {
                    guard let location = symbol["location"] as? [String: Any],
                        let uri = location["uri"] as? String, uri.hasPrefix("file://" + sources + module + "/"),
                        let position = location["position"] as? [String: Any], let line = position["line"] as? Int,
                        let identifier = (symbol["identifier"] as? [String: Any])?["precise"] as? String,
                        let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String,
                        let path = symbol["pathComponents"] as? [String]
                    else { continue }
                    let comment = symbol["docComment"] as? [String: Any]
                    let lines = (comment?["lines"] as? [[String: Any]] ?? []).map { $0["text"] as? String ?? "" }
                    found[identifier] = Declaration(
                        module: module, identifier: identifier, kind: kind, path: path.joined(separator: "."),
                        file: String(uri.dropFirst(("file://" + sources).count)), line: line + 1, docLines: lines,
                        isOverride: overriding.contains(identifier), supertypes: supertypes[identifier] ?? [])
                }
            }
        }
        return SDKSymbolGraphs(
            declarations: found.values.sorted { ($0.file, $0.line, $0.path) < ($1.file, $1.line, $1.path) })
    }

    /// The declarations a plugin author would find no word about in the
    /// reference: no doc comment, and no declaration of a superclass they
    /// repeat.
    var undocumented: [Declaration] { declarations.filter { !$0.isDocumented && !$0.isOverride } }

    /// The classes that are widgets (GtkWidget's subclasses) or a demo's
    /// view (`DemoView`'s classes, such as `DemoWindow`).
    var widgetClasses: [Declaration] {
        let classes = declarations.filter { $0.kind == "swift.class" }
        let byIdentifier = Dictionary(uniqueKeysWithValues: classes.map { ($0.identifier, $0) })
        let roots = Set(
            declarations.filter { ($0.kind == "swift.class" && $0.path == "Widget") || $0.path == "DemoView" }
                .map(\.identifier))
        func isWidget(_ declaration: Declaration) -> Bool {
            roots.contains(declaration.identifier)
                || declaration.supertypes.contains { roots.contains($0) || byIdentifier[$0].map(isWidget) == true }
        }
        return classes.filter(isWidget)
    }
}

struct SymbolGraphError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
