import Foundation
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
    /// and the shell's half of it (DemoShellKit: GtkSourceView, processes)
    /// are the only code that speaks C: the SDK, the shell, the demos and
    /// the tests see GTK through them.
    func testOnlyTheBindingImportsTheCModules() throws {
        let bindings = ["Sources/DemoKit/Sources/Gtk/", "Sources/DemoKit/Sources/DemoShellKit/"]
        var offenders: [String] = []
        for top in ["Sources", "Tests"] {
            for name in try swiftFiles(under: packageRoot + "/" + top) where !bindings.contains(where: { (top + "/" + name).hasPrefix($0) }) {
                let text = try String(contentsOfFile: packageRoot + "/" + top + "/" + name, encoding: .utf8)
                if text.split(separator: "\n").contains(where: { $0.hasPrefix("import CGtk") || $0.hasPrefix("@_exported import CGtk") }) {
                    offenders.append(top + "/" + name)
                }
            }
        }
        XCTAssertEqual(offenders, [])
        XCTAssertGreaterThan(try swiftFiles(under: packageRoot + "/" + bindings[0]).count, 50, "the binding's files were found")
    }

    /// What test instruments are called: synthetic input, pictures of the
    /// screen, lifetime probes, object counts, recorders, and states forced
    /// at once (a page shown without its transition, a timer run out now).
    private let instrumentNames = [#"^send[A-Z]"#, #"^snapshot$"#, #"^probe[A-Z]"#, #"^(live\w*|reference)Count$"#,
                                   #"Recording$|^recorded$"#, #"^showAs[A-Z]|Immediately$|Now$"#]

    /// Test instruments are for tests, not plugin authors: `@_spi(Testing)`.
    /// They are found by that attribute; a public declaration named as the
    /// instruments are named fails without it, whatever it is.
    func testTestInstrumentsAreNotPublicAPI() throws {
        let declarations = try SDKDeclaration.all(packageRoot: packageRoot)
        let instruments = declarations.filter { $0.isPublic && $0.spiGroups.contains("Testing") }
        XCTAssertGreaterThan(instruments.count, 40, "the instruments were found by their attribute")
        func named(_ pattern: String, _ declaration: SDKDeclaration) -> Bool {
            declaration.name.range(of: pattern, options: .regularExpression) != nil
        }
        for pattern in instrumentNames {
            XCTAssertTrue(instruments.contains { named(pattern, $0) }, "an instrument is named \(pattern)")
        }
        let offenders = declarations.filter { declaration in
            declaration.isPluginAPI && instrumentNames.contains { named($0, declaration) }
        }
        XCTAssertEqual(offenders.map { "\($0.place): \($0.text)" }, [], "an instrument needs @_spi(Testing)")
    }

    /// Only tests (and the benchmarks, which measure what tests measure)
    /// import the instruments: the shell and the demos never call one.
    func testOnlyTestsImportTheInstruments() throws {
        var offenders: [String] = [], files = 0
        for name in try swiftFiles(under: packageRoot + "/Sources")
        where !name.hasPrefix("DemoKit/") && !name.hasPrefix("Benchmarks/") {
            files += 1
            if try importLines(of: packageRoot + "/Sources/" + name).contains(where: { $0.contains("@_spi(Testing)") }) {
                offenders.append(name)
            }
        }
        XCTAssertGreaterThan(files, 100, "the shell's and the demos' files were read")
        XCTAssertEqual(offenders, [])
    }

    /// A demo sees what the plugin guide documents (docs/writing-a-plugin.md):
    /// `import DemoKit`, never an `@_spi` import of the shell's services or
    /// the tests' instruments. The same holds for the external plugin the
    /// tests build.
    func testDemoPluginsImportNoSPI() throws {
        var offenders: [String] = [], plugins = 0
        for folder in ["Sources/Demos", "Tests/DemoShellTests/Fixtures/ExternalPlugin"] {
            for name in try swiftFiles(under: packageRoot + "/" + folder) {
                let imports = try importLines(of: packageRoot + "/" + folder + "/" + name)
                if name.contains("/Plugin/") && imports.contains("import DemoKit") { plugins += 1 }
                offenders += imports.filter { $0.contains("@_spi(") }.map { "\(folder)/\(name): \($0)" }
            }
        }
        XCTAssertGreaterThan(plugins, 20, "the demos' plugin files were read")
        XCTAssertEqual(offenders, [])
    }

    /// Issue 20 §1: the SDK shows plugin authors no C surface. No public or
    /// open declaration mentions a raw pointer (issue 44: not even an entry
    /// point's, since a plugin's manifest names its class instead).
    func testNoPublicDeclarationMentionsARawPointer() throws {
        let folder = packageRoot + "/Sources/DemoKit/Sources"
        let pointers = ["UnsafeMutablePointer", "UnsafePointer", "UnsafeMutableRawPointer", "UnsafeRawPointer", "OpaquePointer"]
        var offenders: [String] = [], declarations = 0
        for name in try swiftFiles(under: folder) where !name.hasPrefix("CGtk") {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            for line in text.split(separator: "\n") {
                // Attributes and modifiers first ("@MainActor", "nonisolated"), then the access level.
                let code = line.trimmingCharacters(in: .whitespaces)
                let words = code.split(separator: " ")
                guard let access = words.firstIndex(where: { $0 == "public" || $0 == "open" }),
                      words[..<access].allSatisfy({ $0.hasPrefix("@") || $0 == "nonisolated" || $0 == "final" }),
                      !code.hasPrefix("@_spi(") else { continue }
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

    /// A file's `import` lines, trimmed (attributes included).
    private func importLines(of path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.range(of: #"^(@[\w()]+ +)*import "#, options: .regularExpression) != nil }
    }

    /// Every .swift file under `folder`, as paths relative to it.
    private func swiftFiles(under folder: String) throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") && !$0.contains(".build") }
    }
}
