import DemoKitTesting
import DemoShellKit
import Foundation
import XCTest

/// An AT-SPI client (scripts/atspi-windows.c), as a screen reader is one:
/// how tests read what another process's windows show.
extension XCTestCase {
    /// scripts/atspi-windows.c, built for this test run: an AT-SPI client.
    package func buildATSPIClient() throws -> String {
        let folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory("atspi-client-XXXXXX"))
        let binary = FileSystem.join(folder, "atspi-windows")
        let build = Process()
        build.executableURL = URL(fileURLWithPath: "/bin/sh")
        build.arguments = [
            "-c", "gcc -o \"$1\" \"$2\" $(pkg-config --cflags --libs atspi-2 gobject-2.0)", "sh",
            binary, FileSystem.join(packageRoot, "scripts/atspi-windows.c"),
        ]
        try build.run()
        build.waitUntilExit()
        XCTAssertEqual(
            build.terminationStatus, 0, "cannot build the AT-SPI client (libatspi2.0-dev comes with libgtk-3-dev)")
        return binary
    }

    /// What a fresh run of the client lists, `depth` levels down, of every
    /// application on the accessibility bus of `environment`'s session (an
    /// application in another process: this one does not answer meanwhile).
    package func listWindows(with client: String, depth: Int = 40, environment: [String: String]) throws -> String {
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
    /// `described`: each object's description too, after " | ".
    package func listWindows(with client: String, depth: Int = 2, described: Bool = false) throws -> String {
        let lister = Process()
        lister.executableURL = URL(fileURLWithPath: client)
        lister.arguments = [String(depth)] + (described ? ["described"] : [])
        let output = Pipe()
        lister.standardOutput = output
        try lister.run()
        var data = Data()
        let reader = output.fileHandleForReading
        XCTAssertTrue(MainLoop.run(until: { !lister.isRunning }, timeout: 10), "the AT-SPI client never finished")
        data.append(reader.readDataToEndOfFile())
        return String(decoding: data, as: UTF8.self)
    }

    /// Does the first action of this process's object called `name` with
    /// `role` through AT-SPI, as a screen reader does (shown or not), while
    /// this process's loop answers; the client's line ("acted click").
    @discardableResult
    package func act(with client: String, on name: String, role: String) throws -> String {
        let actor = Process()
        actor.executableURL = URL(fileURLWithPath: client)
        actor.arguments = ["act", name, role]
        let output = Pipe()
        actor.standardOutput = output
        try actor.run()
        XCTAssertTrue(MainLoop.run(until: { !actor.isRunning }, timeout: 10), "the AT-SPI client never finished")
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(actor.terminationStatus, 0, "\(name) [\(role)]: \(said)")
        return said.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Tests of the built `demo-shell` in a process of its own, with an
/// accessibility bus on the test's session, read by fresh AT-SPI clients
/// (scripts/atspi-windows.c) as screen readers read it.
open class AccessibleShellProcessTestCase: ShellProcessTestCase {
    open override func setUpWithError() throws {
        try super.setUpWithError()
        environment["NO_AT_BRIDGE"] = nil
    }

    /// A fresh client's listing of the whole tree, once `condition` holds
    /// (the last one anyway after a safety net of 15 s).
    package func listing(
        _ client: String, file: StaticString = #filePath, line: UInt = #line,
        _ condition: (String) -> Bool
    ) -> String {
        var text = ""
        if !Poll.until(
            timeout: 15, interval: 0.1,
            {
                text = (try? listWindows(with: client, environment: environment)) ?? ""
                return condition(text)
            })
        {
            XCTFail("the listing never changed as expected:\n\(text)", file: file, line: line)
        }
        return text
    }

    /// Activates one of the running shell's application actions over D-Bus.
    package func activateAction(_ name: String) {
        let gdbus = Process()
        gdbus.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        gdbus.arguments = [
            "gdbus", "call", "--session", "--dest", "io.github.demoshell.DemoShell",
            "--object-path", "/io/github/demoshell/DemoShell",
            "--method", "org.gtk.Actions.Activate", name, "[]", "{}",
        ]
        gdbus.environment = environment
        gdbus.standardOutput = FileHandle.nullDevice
        XCTAssertNoThrow(try gdbus.run())
        gdbus.waitUntilExit()
        XCTAssertEqual(gdbus.terminationStatus, 0, "app.\(name) over D-Bus")
    }
}
