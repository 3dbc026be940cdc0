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
    /// is the only code that speaks C: the SDK, the shell, the demos and the
    /// tests see GTK through it.
    func testOnlyTheBindingImportsTheCModules() throws {
        let binding = "Sources/DemoKit/Sources/Gtk/"
        var offenders: [String] = []
        for top in ["Sources", "Tests"] {
            for name in try swiftFiles(under: packageRoot + "/" + top) where !(top + "/" + name).hasPrefix(binding) {
                let text = try String(contentsOfFile: packageRoot + "/" + top + "/" + name, encoding: .utf8)
                if text.split(separator: "\n").contains(where: { $0.hasPrefix("import CGtk") || $0.hasPrefix("@_exported import CGtk") }) {
                    offenders.append(top + "/" + name)
                }
            }
        }
        XCTAssertEqual(offenders, [])
        XCTAssertGreaterThan(try swiftFiles(under: packageRoot + "/" + binding).count, 50, "the binding's files were found")
    }

    /// Test instruments (synthetic input, snapshots, object counts and
    /// finalization probes) are for tests, not plugin authors: `@_spi(Testing)`.
    func testTestInstrumentsAreNotPublicAPI() throws {
        let folder = packageRoot + "/Sources/DemoKit/Sources/Gtk"
        let instruments = ["func sendKey(", "func sendClick(", "func sendKeyPress(", "func sendButton(", "func snapshot(",
                           "func probeFinalization(", "var referenceCount", "var liveCount", "var liveSignalHandlerCount",
                           "func showImmediately("]
        var found = Set<String>(), offenders: [String] = []
        for name in try swiftFiles(under: folder) {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            for line in text.split(separator: "\n") {
                guard let instrument = instruments.first(where: { line.contains($0) }), line.contains("public") else { continue }
                found.insert(instrument)
                if !line.contains("@_spi(Testing)") { offenders.append("\(name): \(line.trimmingCharacters(in: .whitespaces))") }
            }
        }
        XCTAssertEqual(offenders, [])
        XCTAssertEqual(found.count, instruments.count, "every instrument was found: \(Set(instruments).subtracting(found))")
    }

    /// Issue 20 §1: the SDK shows plugin authors no C surface. No public or
    /// open declaration mentions a raw pointer, but the plugin entry point's
    /// (`DemoPlugin.export`, the SDK identity a plugin returns); the shell's
    /// own `DemoPlugin.import` is SPI.
    func testNoPublicDeclarationMentionsARawPointer() throws {
        let folder = packageRoot + "/Sources/DemoKit/Sources"
        let pointers = ["UnsafeMutablePointer", "UnsafePointer", "UnsafeMutableRawPointer", "UnsafeRawPointer", "OpaquePointer"]
        let entryPoint = ["func export(", "var sdkIdentity", "let sdkIdentity"]
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
                guard pointers.contains(where: { declared.contains($0) }),
                      !entryPoint.contains(where: { declared.contains($0) }) else { continue }
                offenders.append("\(name): \(code)")
            }
        }
        XCTAssertGreaterThan(declarations, 300, "the SDK's public declarations were read")
        XCTAssertEqual(offenders, [])
    }

    /// Every .swift file under `folder`, as paths relative to it.
    private func swiftFiles(under folder: String) throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") && !$0.contains(".build") }
    }
}
