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
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".swift") {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("_static_string(") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                offenders.append("\(name):\(number + 1)")
            }
        }
        XCTAssertEqual(offenders, [], "use g_quark_from_string / g_intern_string, which copy")
    }
}
