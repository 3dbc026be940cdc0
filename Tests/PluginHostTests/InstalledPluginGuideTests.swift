import DemoShellKit
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// The guide's build against an installed Demo Shell, run as
/// printed against an SDK laid out as `make install` lays it out (the
/// interfaces and libDemoKit.so alone): the plugin it makes needs no
/// runtime library the installed program does not ship (the debug
/// runtime's libswiftSwiftOnoneSupport.so, libswift_StringProcessing.so),
/// and loads.
@MainActor
final class InstalledPluginGuideTests: GtkTestCase {
    func testTheGuidesInstalledBuildNeedsOnlyTheShippedRuntimeAndLoads() async throws {
        let guide = try String(
            contentsOfFile: FileSystem.join(packageRoot, "docs", "writing-a-plugin.md"), encoding: .utf8)
        let files = PluginGuideExampleTests.exampleFiles(in: guide)
        var commands = PluginGuideExampleTests.commands(after: "### Against an installed Demo Shell", in: guide)
        XCTAssertEqual(commands.first, "SDK=/usr/lib/demo-shell", "\(commands)")

        let work = try XCTUnwrap(FileSystem.makeTemporaryDirectory("demo-shell-installed-guide-XXXXXX"))
        defer { try? FileManager.default.removeItem(atPath: work) }
        // The SDK as installed: the three interfaces and the library, nothing
        // else. `make install` ships a release build, whose interfaces say
        // -O where this debug build's say -Onone (which would make every
        // module built from them need the debug runtime): said so here.
        let sdk = FileSystem.join(work, "prefix/lib/demo-shell")
        try FileManager.default.createDirectory(
            atPath: FileSystem.join(sdk, "sdk/modules"), withIntermediateDirectories: true)
        for module in ["DemoBasics", "Gtk", "DemoKit"] {
            let interface = try String(
                contentsOfFile: FileSystem.join(buildProductsDirectory, "Modules", "\(module).swiftinterface"),
                encoding: .utf8)
            let release = interface.components(separatedBy: "\n").map {
                $0.hasPrefix("// swift-module-flags:") ? $0.replacingOccurrences(of: " -Onone ", with: " -O ") : $0
            }
            try release.joined(separator: "\n").write(
                toFile: FileSystem.join(sdk, "sdk/modules", "\(module).swiftinterface"), atomically: true,
                encoding: .utf8)
        }
        try FileManager.default.copyItem(
            atPath: FileSystem.join(buildProductsDirectory, "libDemoKit.so"),
            toPath: FileSystem.join(sdk, "libDemoKit.so"))
        let hello = FileSystem.join(work, "hello")
        for (path, text) in files where !path.hasPrefix("Tests/") && path != "Package.swift" {
            let full = FileSystem.join(hello, path)
            try FileManager.default.createDirectory(atPath: FileSystem.dirname(full), withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }

        // As printed, but for the SDK's folder.
        commands[0] = "SDK=\(sdk)"
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "set -e\n" + commands.joined(separator: "\n")]
        shell.currentDirectoryURL = URL(fileURLWithPath: hello)
        shell.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": work]) { $1 }
        let output = Pipe()
        shell.standardOutput = output
        shell.standardError = output
        try shell.run()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        XCTAssertEqual(shell.terminationStatus, 0, said)

        let library = FileSystem.join(hello, "libHello.so")
        let needed = try runReadelf(library)
        XCTAssertTrue(needed.contains("libDemoKit.so"), needed)
        XCTAssertFalse(needed.contains("libswiftSwiftOnoneSupport.so"), "a debug runtime the install lacks: \(needed)")
        XCTAssertFalse(needed.contains("libswift_StringProcessing.so"), "not shipped: \(needed)")

        let registry = PluginRegistry(searchPath: [hello])
        XCTAssertEqual(registry.failures, [])
        XCTAssertEqual(registry.entry(id: "hello")?.libraryPath, library)
        guard case .success(let module) = registry.module(id: "hello") else { return XCTFail("\(registry.failures)") }
        let entry = try XCTUnwrap(registry.entry(id: "hello"))
        let window = module.makeWindow(host: TestHost(info: entry.info))
        show(window)
        let button = try XCTUnwrap(window.find(Button.self, named: "Wave"))
        button.click()
        XCTAssertEqual(button.label, "👋")
    }

    /// The libraries `library` names as NEEDED (`readelf -d`).
    private func runReadelf(_ library: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["readelf", "-d", library]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.components(separatedBy: "\n").filter { $0.contains("(NEEDED)") }.joined(separator: "\n")
    }
}
