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
        let work = try XCTUnwrap(FileSystem.makeTemporaryDirectory("demo-shell-installed-guide-XXXXXX"))
        defer { try? FileManager.default.removeItem(atPath: work) }
        let hello = try buildTheGuidesPlugin(in: work)
        let library = FileSystem.join(hello, "libHello.so")
        let needed = neededLibraries(library)
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

    /// `make install`'s Demo Shell, run with no toolchain on any path
    /// (PATH without Swift's, no library path): the guide's plugin, built
    /// as above, is listed and opens; Edit and Run says what it needs.
    func testAnInstalledDemoShellWithoutAToolchainListsAndOpensThePluginAndSaysWhatEditNeeds() async throws {
        let work = try XCTUnwrap(FileSystem.makeTemporaryDirectory("demo-shell-installed-path-XXXXXX"))
        defer { try? FileManager.default.removeItem(atPath: work) }
        let hello = try buildTheGuidesPlugin(in: work)
        let prefix = FileSystem.join(work, "installed")
        let products = URL(fileURLWithPath: buildProductsDirectory).resolvingSymlinksInPath().path
        let install = try runCommand(
            ["bash", FileSystem.join(packageRoot, "scripts/install"), "--build-dir", products, "--prefix", prefix])
        XCTAssertEqual(install.status, 0, install.output)

        let noToolchain = [
            "PATH": "/usr/bin:/bin", "LD_LIBRARY_PATH": "", "DEMO_SHELL_DATA_DIR": "", "DEMO_SHELL_SWIFTC": "",
        ]
        XCTAssertNotEqual(try runCommand(["sh", "-c", "command -v swiftc"], environment: noToolchain).status, 0)
        let path = PluginAuthorsPath(
            test: self, program: FileSystem.join(prefix, "bin/demo-shell"), pluginFolder: hello, work: work,
            environment: noToolchain)
        try path.assertListed("hello", name: "Hello")
        // Opened in an instance of its own (a private D-Bus session), its window shown, then closed.
        let opened = try path.run(["--run=hello", "--autoquit"], through: ["dbus-run-session", "--"])
        XCTAssertEqual(opened.status, 0, opened.output)
        XCTAssertFalse(opened.output.contains("demo-shell:"), opened.output)
        // Exported and imported back by the installed program, no compiler
        // needed (building the export is an author's, with a toolchain).
        try path.exportBuildAndImport(
            "hello", files: ["manifest.plugin", "Model/HelloModel.swift", "Plugin/HelloView.swift"], build: false)

        // Edit and Run with the installed SDK and no swiftc: said, with what to do.
        let installed = ShellPaths(
            executableDirectory: FileSystem.join(prefix, "bin"),
            localeDirectory: FileSystem.join(prefix, "share/locale"),
            resourcesDirectory: FileSystem.join(prefix, "share/demo-shell/resources"),
            sourcesDirectory: FileSystem.join(prefix, "share/demo-shell/sources"), iconsDirectory: nil)
        let entry = try XCTUnwrap(PluginRegistry(searchPath: [hello]).entry(id: "hello"))
        let savedPath = Environment.value("PATH"), savedCompiler = Environment.value("DEMO_SHELL_SWIFTC")
        Environment.set("PATH", "/usr/bin:/bin")
        Environment.set("DEMO_SHELL_SWIFTC", nil)
        defer {
            Environment.set("PATH", savedPath)
            Environment.set("DEMO_SHELL_SWIFTC", savedCompiler)
        }
        let edit = try PluginAuthorsPath.editAndRun(
            entry, paths: installed, editing: { $1 }, until: { $0.status != nil })
        XCTAssertEqual(
            edit.status?.sentence,
            EditRunProblem.noCompiler.message, "the Source page's status line says what Run Edited needs")
    }

    /// The guide's plugin (its files but the package's), built in `work/hello`
    /// with the guide's commands for an installed Demo Shell, as printed
    /// but for the SDK's folder: an SDK laid out as installed in `work`.
    private func buildTheGuidesPlugin(in work: String) throws -> String {
        let guide = try String(
            contentsOfFile: FileSystem.join(packageRoot, "docs", "writing-a-plugin.md"), encoding: .utf8)
        let files = PluginGuideExampleTests.exampleFiles(in: guide)
        var commands = PluginGuideExampleTests.commands(after: "### Against an installed Demo Shell", in: guide)
        XCTAssertEqual(commands.first, "SDK=/usr/lib/demo-shell", "\(commands)")

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
        let (status, said) = try runCommand(
            ["sh", "-c", "set -e\n" + commands.joined(separator: "\n")], environment: ["TMPDIR": work],
            directory: hello)
        XCTAssertEqual(status, 0, said)
        return hello
    }

    /// The libraries `library` names as NEEDED (`readelf -d`).
    private func neededLibraries(_ library: String) -> String {
        let text = output(of: ["readelf", "-d", library])
        return text.components(separatedBy: "\n").filter { $0.contains("(NEEDED)") }.joined(separator: "\n")
    }
}
