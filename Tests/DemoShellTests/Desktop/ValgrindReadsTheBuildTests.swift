import DemoShellKit
import Foundation
import TestSupport
import XCTest

/// `make leaks` is only as good as valgrind's reading of the build: when its
/// debug-information reader gives up on a library (Debian 12's valgrind 3.19
/// did on libDemoKit.so while its C parts carried clang's DWARF 5), it
/// checks nothing and every run "did not finish". This takes seconds, so
/// that a compiler flag or toolchain change that blinds it fails here.
final class ValgrindReadsTheBuildTests: XCTestCase {
    func testValgrindReadsTheShellAndItsSDKLibrary() throws {
        let valgrind = "/usr/bin/valgrind"
        XCTAssertTrue(FileSystem.isExecutable(valgrind), "valgrind is installed (make deps)")
        let binary = FileSystem.join(buildProductsDirectory, "demo-shell")
        let (status, output) = try runCommand([valgrind, "--error-exitcode=99", binary, "--version"])
        XCTAssertFalse(output.contains("debuginfo reader"), output)
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("demo-shell "), "the program ran to its end under memcheck: \(output)")
        XCTAssertTrue(output.contains("ERROR SUMMARY: 0 errors"), output)
    }
}
