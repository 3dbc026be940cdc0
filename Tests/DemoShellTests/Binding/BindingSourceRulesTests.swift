import Foundation
import TestSupport
import XCTest

/// Rules of the binding that no run can be trusted to catch.
final class BindingSourceRulesTests: XCTestCase {
    /// A Swift string passed to a `const char *` parameter is a temporary
    /// copy (a string of up to 15 bytes always is: it lives inside the
    /// String value, not in the binary). GLib's `_static_string` functions
    /// keep that pointer for ever: the quark's name then pointed into a dead
    /// stack frame, and valgrind saw GTK read it on every widget realized
    /// (111 invalid reads in one launcher run).
    func testNoSwiftStringIsHandedToGLibAsStatic() throws {
        let folder = packageRoot + "/Sources/DemoKit/Sources/Gtk"
        var offenders: [String] = []
        for name in try swiftFiles(under: folder) {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("_static_string(") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                offenders.append("\(name):\(number + 1)")
            }
        }
        XCTAssertEqual(offenders, [], "use g_quark_from_string / g_intern_string, which copy")
    }

    /// The binding, in its folders (GObject, Widgets, Input, Drawing, GLib),
    /// the shell's half of it (DemoShellKit: GtkSourceView, processes) and
    /// the tests' instruments (DemoKitTesting) are the only code that speaks
    /// C: the SDK, the shell, the demos and the tests see GTK through them.
    /// Every form of import counts (`internal import CGtk` too).
    func testOnlyTheBindingImportsTheCModules() throws {
        let speakingC = ["Gtk", "DemoShellKit", "DemoKitTesting"].map { "Sources/DemoKit/Sources/\($0)/" }
        var offenders: [String] = []
        for top in ["Sources", "Tests"] {
            for name in try swiftFiles(under: packageRoot + "/" + top)
            where !speakingC.contains(where: { (top + "/" + name).hasPrefix($0) }) {
                let modules = try importLines(of: packageRoot + "/" + top + "/" + name).map(importedModule)
                if modules.contains(where: { $0.hasPrefix("CGtk") }) { offenders.append(top + "/" + name) }
            }
        }
        XCTAssertEqual(offenders, [])
        XCTAssertGreaterThan(
            try swiftFiles(under: packageRoot + "/" + speakingC[0]).count, 50, "the binding's files were found")
    }

    /// What test instruments are called: synthetic input, pictures of the
    /// screen, lifetime probes, object counts, recorders, and states forced
    /// at once (a page shown without its transition, a timer run out now).
    private let instrumentNames = [
        #"^send[A-Z]"#, #"^snapshot$"#, #"^probe[A-Z]"#, #"^(live\w*|reference)Count$"#,
        #"Recording$|^recorded$"#, #"^showAs[A-Z]|Immediately$|Now$"#,
    ]

    /// Test instruments are for tests, not plugin authors, and live
    /// in DemoKitTesting, which no plugin can link. A public declaration
    /// named as the instruments are named, anywhere else in the SDK, fails
    /// (what the binding keeps for an instrument is `package`).
    func testTestInstrumentsAreInDemoKitTestingOnly() throws {
        let declarations = try SDKDeclaration.all(packageRoot: packageRoot).filter(\.isPublic)
        let instruments = declarations.filter { $0.place.hasPrefix("DemoKitTesting/") }
        XCTAssertGreaterThan(instruments.count, 40, "DemoKitTesting's instruments were read")
        func named(_ pattern: String, _ declaration: SDKDeclaration) -> Bool {
            declaration.name.range(of: pattern, options: .regularExpression) != nil
        }
        for pattern in instrumentNames {
            XCTAssertTrue(instruments.contains { named(pattern, $0) }, "an instrument is named \(pattern)")
        }
        let offenders = declarations.filter { declaration in
            !declaration.place.hasPrefix("DemoKitTesting/") && instrumentNames.contains { named($0, declaration) }
        }
        XCTAssertEqual(offenders.map { "\($0.place): \($0.text)" }, [], "an instrument goes in DemoKitTesting")
        // Nor is DemoKitTesting linked into the SDK's library: no symbol of
        // it (a mangled name holds its module as "14DemoKitTesting").
        let library = try XCTUnwrap(FileManager.default.contents(atPath: buildProductsDirectory + "/libDemoKit.so"))
        XCTAssertGreaterThan(library.count, 1_000_000, "libDemoKit.so was read")
        XCTAssertNil(library.range(of: Data("14DemoKitTesting".utf8)), "libDemoKit.so holds DemoKitTesting's code")
    }

    /// No SPI in the SDK. An `@_spi` declaration is still an
    /// exported symbol of libDemoKit.so and is printed in the module's private
    /// interface, for any plugin to import with `@_spi(…)`: an instrument
    /// goes in DemoKitTesting, a service only the shell uses in DemoShellKit,
    /// and what the SDK's own modules share is `package`. Read in the
    /// sources of every SDK module (declarations and imports) and in the
    /// private interfaces the build printed for the plugin-facing ones.
    func testTheSDKDeclaresNoSPI() throws {
        let root = packageRoot + "/Sources/DemoKit/Sources"
        var offenders: [String] = [], files = 0
        for name in try swiftFiles(under: root) {
            files += 1
            let text = try String(contentsOfFile: root + "/" + name, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//"), let spi = code.range(of: "@_spi(") else { continue }
                if let comment = code.range(of: "//"), comment.lowerBound < spi.lowerBound { continue }
                offenders.append("\(name):\(number + 1): \(code)")
            }
        }
        XCTAssertGreaterThan(files, 100, "the SDK's files were read")
        XCTAssertEqual(offenders, [], "no @_spi in the SDK")
        for module in ["DemoBasics", "Gtk", "DemoKit"] {
            let path = buildProductsDirectory + "/Modules/\(module).private.swiftinterface"
            let interface = try String(contentsOfFile: path, encoding: .utf8)
            XCTAssertTrue(interface.contains("public"), "\(module)'s private interface was read")
            XCTAssertFalse(interface.contains("_spi"), "\(module)'s private interface declares SPI")
        }
    }

    /// Only tests (and the benchmarks, which measure what tests measure)
    /// import the instruments: the shell, the demos and the SDK's other
    /// modules never call one.
    func testOnlyTestsImportTheInstruments() throws {
        var offenders: [String] = [], files = 0
        for name in try swiftFiles(under: packageRoot + "/Sources")
        where !name.hasPrefix("DemoKit/Sources/DemoKitTesting/") && !name.hasPrefix("Benchmarks/") {
            files += 1
            if try importLines(of: packageRoot + "/Sources/" + name).map(importedModule).contains("DemoKitTesting") {
                offenders.append(name)
            }
        }
        XCTAssertGreaterThan(files, 250, "the SDK's, the shell's and the demos' files were read")
        XCTAssertEqual(offenders, [])
    }

    /// A plugin sees what the plugin guide documents (docs/writing-a-plugin.md):
    /// `import DemoKit`, never the shell's services (DemoShellKit, and
    /// ShellBasics within the library), the tests' instruments
    /// (DemoKitTesting) or an `@_spi` import. The same holds for the
    /// external plugin the tests build and the demos Edit and Run's
    /// diagnostics tests compile.
    func testPluginsImportNeitherTheShellsModulesNorTheInstruments() throws {
        let forbidden: Set = ["DemoShellKit", "ShellBasics", "DemoKitTesting"]
        var offenders: [String] = [], plugins = 0
        for folder in [
            "Sources/Demos", "Tests/DemoShellTests/Fixtures/ExternalPlugin",
            "Tests/DemoShellTests/Fixtures/Diagnostics",
        ] {
            for name in try swiftFiles(under: packageRoot + "/" + folder) {
                let imports = try importLines(of: packageRoot + "/" + folder + "/" + name)
                if name.contains("/Plugin/") && imports.contains("import DemoKit") { plugins += 1 }
                offenders += imports.filter { $0.contains("@_spi(") || forbidden.contains(importedModule($0)) }
                    .map { "\(folder)/\(name): \($0)" }
            }
        }
        XCTAssertGreaterThan(plugins, 20, "the demos' plugin files were read")
        XCTAssertEqual(offenders, [])
    }

    /// The SDK shows plugin authors no C surface. No public or
    /// open declaration mentions a raw pointer (not even an entry
    /// point's, since a plugin's manifest names its class instead).
    func testNoPublicDeclarationMentionsARawPointer() throws {
        let folder = packageRoot + "/Sources/DemoKit/Sources"
        let pointers = [
            "UnsafeMutablePointer", "UnsafePointer", "UnsafeMutableRawPointer", "UnsafeRawPointer", "OpaquePointer",
        ]
        var offenders: [String] = [], declarations = 0
        for name in try swiftFiles(under: folder) where !name.hasPrefix("CGtk") {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            for line in text.split(separator: "\n") {
                // Attributes and modifiers first ("@MainActor", "nonisolated"), then the access level.
                let code = line.trimmingCharacters(in: .whitespaces)
                let words = code.split(separator: " ")
                guard let access = words.firstIndex(where: { $0 == "public" || $0 == "open" }),
                    words[..<access].allSatisfy({ $0.hasPrefix("@") || $0 == "nonisolated" || $0 == "final" })
                else { continue }
                declarations += 1
                // What is declared: the text before the body.
                let declared = code.split(separator: "{", maxSplits: 1).first.map(String.init) ?? code
                guard pointers.contains(where: { declared.contains($0) }) else { continue }
                offenders.append("\(name): \(code)")
            }
        }
        XCTAssertGreaterThan(declarations, 300, "the SDK's public declarations were read")
        XCTAssertEqual(offenders, [])
    }

    /// A file's `import` lines, trimmed (attributes and access levels included).
    private func importLines(of path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter {
                $0.range(
                    of: #"^(@[\w()]+ +)*((public|package|internal|fileprivate|private) +)?import "#,
                    options: .regularExpression) != nil
            }
    }

    /// The module an import line names ("Gtk" of `@_spi(Testing) import Gtk`,
    /// "Glibc" of `import struct Glibc.stat`).
    private func importedModule(_ line: String) -> String {
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(of: "import") else { return "" }
        let rest = words.dropFirst(index + 1)
        let path =
            rest.count > 1
                && ["struct", "class", "enum", "func", "var", "let", "typealias", "protocol"].contains(
                    String(rest.first!))
            ? rest.dropFirst().first! : rest.first ?? ""
        return String(path.split(separator: ".").first ?? "")
    }

    /// Every .swift file under `folder`, as paths relative to it.
    private func swiftFiles(under folder: String) throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") && !$0.contains(".build") }
    }
}
