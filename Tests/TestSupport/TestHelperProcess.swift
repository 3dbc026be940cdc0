import DemoShellKit
import Foundation
import XCTest

extension XCTestCase {
    /// `demo-shell-test-helper SUBCOMMAND FOLDER` (Sources/TestHelper), a
    /// launcher the test kills, started with this process's environment and
    /// `environment` added. What it says on standard error goes to
    /// FOLDER/test-helper.err (`testHelperErrors`), for the test's messages.
    package func startTestHelper(_ subcommand: String, folder: String, environment: [String: String] = [:]) throws
        -> Process
    {
        let helper = Process()
        helper.executableURL = URL(fileURLWithPath: FileSystem.join(buildProductsDirectory, "demo-shell-test-helper"))
        helper.arguments = [subcommand, folder]
        helper.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        helper.standardOutput = FileHandle.nullDevice
        let errors = FileSystem.join(folder, "test-helper.err")
        XCTAssertTrue(FileManager.default.createFile(atPath: errors, contents: nil))
        helper.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        try helper.run()
        return helper
    }

    /// What the helper started in `folder` said on standard error.
    package func testHelperErrors(in folder: String) -> String {
        "the helper said: " + (FileSystem.read(FileSystem.join(folder, "test-helper.err")) ?? "")
    }
}
