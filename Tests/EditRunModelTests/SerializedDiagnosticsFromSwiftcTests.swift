@testable import EditRunModel
import Foundation
import XCTest
@testable import ShellModel

/// The reader of serialized diagnostics on what the installed swiftc
/// writes now, with the flags Edit and Run uses.
final class SerializedDiagnosticsFromSwiftcTests: XCTestCase {
    /// The flags Edit and Run uses: one frontend job (-wmo) for every file, and
    /// an output file map to name the .dia (the driver has no -serialize-diagnostics-path).
    func testInstalledSwiftcWritesWhatThisReads() throws {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        guard
            let swiftc = path.split(separator: ":").map({ $0 + "/swiftc" })
                .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else {
            throw XCTSkip("swiftc is not on PATH")
        }
        let folder = NSTemporaryDirectory() + "demo-shell-dia-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = folder + "/SayHelloView.swift"
        try "func greet() {\n    let = \"Hello\"\n}\n".write(toFile: source, atomically: true, encoding: .utf8)
        let map = folder + "/map.json"
        try "{\"\": {\"diagnostics\": \"\(folder)/out.dia\"}}".write(toFile: map, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: swiftc)
        process.arguments = [
            "-wmo", "-serialize-diagnostics", "-output-file-map", map, "-module-name", "Edited",
            "-o", folder + "/edited", source,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertNotEqual(process.terminationStatus, 0, "the error fails the build")

        let written = try XCTUnwrap(FileManager.default.contents(atPath: folder + "/out.dia"), "swiftc wrote the .dia")
        guard case .success(let found) = SerializedDiagnostics.parse([UInt8](written)) else {
            return XCTFail("the .dia swiftc wrote did not parse")
        }
        XCTAssertEqual(
            found,
            [
                CompilerDiagnostic(severity: .error, path: source, line: 2, column: 9, message: "expected pattern")
            ])
    }
}
