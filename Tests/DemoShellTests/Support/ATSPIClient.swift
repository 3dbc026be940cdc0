import DemoKit
import Foundation
import XCTest

/// An AT-SPI client (scripts/atspi-windows.c), as a screen reader is one:
/// how tests read what another process's windows show.
extension XCTestCase {
    /// scripts/atspi-windows.c, built for this test run: an AT-SPI client.
    func buildATSPIClient() throws -> String {
        let folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory("atspi-client-XXXXXX"))
        let binary = FileSystem.join(folder, "atspi-windows")
        let build = Process()
        build.executableURL = URL(fileURLWithPath: "/bin/sh")
        build.arguments = ["-c", "gcc -o \"$1\" \"$2\" $(pkg-config --cflags --libs atspi-2 gobject-2.0)", "sh",
                           binary, FileSystem.join(packageRoot, "scripts/atspi-windows.c")]
        try build.run()
        build.waitUntilExit()
        XCTAssertEqual(build.terminationStatus, 0, "cannot build the AT-SPI client (libatspi2.0-dev comes with libgtk-3-dev)")
        return binary
    }

    /// What a fresh run of the client lists, `depth` levels down, of every
    /// application on the accessibility bus of `environment`'s session (an
    /// application in another process: this one does not answer meanwhile).
    func listWindows(with client: String, depth: Int = 40, environment: [String: String]) throws -> String {
        let lister = Process()
        lister.executableURL = URL(fileURLWithPath: client)
        lister.arguments = [String(depth)]
        lister.environment = environment
        let output = Pipe()
        lister.standardOutput = output
        try lister.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        lister.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

extension GtkTestCase {

    /// What an AT-SPI client lists of every application's windows, while this
    /// process's loop answers it (it is asking this very process).
    func listWindows(with client: String, depth: Int = 2) throws -> String {
        let lister = Process()
        lister.executableURL = URL(fileURLWithPath: client)
        lister.arguments = [String(depth)]
        let output = Pipe()
        lister.standardOutput = output
        try lister.run()
        var data = Data()
        let reader = output.fileHandleForReading
        XCTAssertTrue(MainLoop.run(until: { !lister.isRunning }, timeout: 10), "the AT-SPI client never finished")
        data.append(reader.readDataToEndOfFile())
        return String(decoding: data, as: UTF8.self)
    }
}
