import DemoShellKit
import Foundation
import TestSupport
import XCTest

/// demo-shell(1), which the Debian package installs, is made from `--help`
/// by scripts/man-page: every option is in it, and groff finds no fault.
final class ManPageTests: XCTestCase {
    /// In English, whatever the machine's language: the page is `--help`'s.
    private func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try runCommand(arguments, environment: ["LC_ALL": "C.UTF-8", "LANGUAGE": "en"])
    }

    func testTheManualPageHoldsEveryOptionOfHelp() throws {
        let program = buildProductsDirectory + "/demo-shell"
        let page = try run([packageRoot + "/scripts/man-page", program])
        XCTAssertEqual(page.status, 0, page.output)
        XCTAssertTrue(page.output.hasPrefix(".TH DEMO\\-SHELL 1"), page.output)
        let help = try run([program, "--help"]).output
        let options = help.split(separator: "\n").filter { $0.hasPrefix("  -") }
            .map { $0.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ")[0] }
        XCTAssertGreaterThanOrEqual(options.count, 5, help)
        for option in options {
            XCTAssertTrue(
                page.output.contains(".B " + option.replacingOccurrences(of: "-", with: "\\-")),
                "\(option) is in the page")
        }
        let file = NSTemporaryDirectory() + "demo-shell-\(UUID().uuidString).1"
        try page.output.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let groff = try run(["groff", "-man", "-ww", "-z", "-K", "utf8", file])
        XCTAssertEqual(groff.status, 0, groff.output)
        XCTAssertEqual(groff.output, "", "groff warns: \(groff.output)")
    }
}
