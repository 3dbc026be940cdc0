import DemoShellKit
import Foundation
import TestSupport
import XCTest

/// `make install` as a user runs it: into a prefix of its own, with the build
/// tree moved away afterwards, then `make uninstall`.
final class InstallTests: XCTestCase {
    private struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs a program to its end; output goes through files, so any amount is fine.
    private func run(
        _ arguments: [String], in directory: String? = nil, environment: [String: String]? = nil,
        timeout: TimeInterval = 60
    ) throws -> Run {
        let folder = NSTemporaryDirectory() + "install-run-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/out", contents: nil))
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/err", contents: nil))
        let out = try XCTUnwrap(FileHandle(forWritingAtPath: folder + "/out"))
        let err = try XCTUnwrap(FileHandle(forWritingAtPath: folder + "/err"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if let environment { process.environment = environment }
        process.standardOutput = out
        process.standardError = err
        try process.run()
        if !Poll.until(timeout: timeout, { !process.isRunning }) {
            process.terminate()
            XCTFail("\(arguments) did not finish within \(timeout) s")
        }
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Run(
            status: process.terminationStatus,
            stdout: (try? String(contentsOfFile: folder + "/out", encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: folder + "/err", encoding: .utf8)) ?? "")
    }

    /// The ids of the built-in demos, from their manifests in the sources.
    private func builtInIDs() throws -> [String] {
        let demos = packageRoot + "/Sources/Demos"
        return try FileManager.default.contentsOfDirectory(atPath: demos).compactMap { folder in
            let text = try? String(contentsOfFile: "\(demos)/\(folder)/manifest.plugin", encoding: .utf8)
            return text?.split(separator: "\n").first { $0.hasPrefix("Id=") }.map { String($0.dropFirst(3)) }
        }.sorted()
    }

    func testInstallRunsWithoutTheBuildTreeAndUninstallLeavesThePrefixEmpty() throws {
        let fm = FileManager.default
        let work = NSTemporaryDirectory() + "demo-shell-install-\(UUID().uuidString)"
        let prefix = work + "/prefix with space"
        let elsewhere = work + "/elsewhere"
        try fm.createDirectory(atPath: prefix, withIntermediateDirectories: true)
        try fm.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        defer { try? fm.removeItem(atPath: work) }

        // Where the toolchain's runtime is, before anything moves.
        let products = URL(fileURLWithPath: buildProductsDirectory).resolvingSymlinksInPath().path
        let builtLdd = try run(["ldd", products + "/demo-shell"])
        let core = try XCTUnwrap(builtLdd.stdout.split(separator: "\n").first { $0.contains("libswiftCore.so =>") })
        let toolchainLibraries = FileSystem.dirname(
            String(try XCTUnwrap(core.split(separator: " ").dropFirst(2).first)))
        XCTAssertFalse(toolchainLibraries.hasPrefix(prefix))

        let install = try run(["bash", packageRoot + "/scripts/install", "--build-dir", products, "--prefix", prefix])
        XCTAssertEqual(install.status, 0, install.stderr)

        // The build tree moves away: nothing installed may depend on it.
        let scratch = FileSystem.dirname(FileSystem.dirname(products))
        let moved = scratch + "-moved-by-install-test"
        XCTAssertEqual(rename(scratch, moved), 0, "moving \(scratch) away")
        var restored = false
        func restore() {
            guard !restored else { return }
            restored = true
            XCTAssertEqual(rename(moved, scratch), 0, "moving the build tree back to \(scratch)")
        }
        defer { restore() }
        XCTAssertFalse(fm.fileExists(atPath: products + "/demo-shell"))

        // An environment with no way back to the build or the user's files.
        var environment = ProcessInfo.processInfo.environment
        for key in ["LD_LIBRARY_PATH", "DEMO_SHELL_PLUGIN_PATH", "DEMO_SHELL_DATA_DIR"] { environment[key] = nil }
        environment["XDG_CONFIG_HOME"] = work + "/config"
        environment["XDG_DATA_HOME"] = work + "/data"
        environment["PATH"] = "/usr/bin:/bin"

        let binary = prefix + "/bin/demo-shell"
        let plugins = try fm.contentsOfDirectory(atPath: prefix + "/lib/demo-shell/plugins").filter {
            $0.hasSuffix(".so")
        }
        XCTAssertEqual(plugins.count, try builtInIDs().count, "one library per built-in demo")
        for file in [binary] + plugins.map({ prefix + "/lib/demo-shell/plugins/" + $0 }) {
            let ldd = try run(["ldd", file], environment: environment)
            XCTAssertEqual(ldd.status, 0, ldd.stderr)
            XCTAssertFalse(
                ldd.stdout.contains(toolchainLibraries), "\(file) reaches into the toolchain:\n\(ldd.stdout)")
            XCTAssertFalse(ldd.stdout.contains("not found"), "\(file):\n\(ldd.stdout)")
            XCTAssertFalse(ldd.stdout.contains(scratch), "\(file) reaches into the build tree:\n\(ldd.stdout)")
            XCTAssertTrue(
                ldd.stdout.contains("libswiftCore.so => \(prefix)/bin/../lib/demo-shell/")
                    || ldd.stdout.contains("libswiftCore.so => \(prefix)/lib/demo-shell/plugins/../"),
                "\(file) finds the Swift runtime installed beside it:\n\(ldd.stdout)")
        }

        // The installed program, from another working folder.
        let list = try run([binary, "--list"], in: elsewhere, environment: environment)
        XCTAssertEqual(list.status, 0)
        XCTAssertEqual(list.stderr, "", "every installed plugin loads")
        XCTAssertEqual(
            list.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }.sorted(),
            try builtInIDs())
        var chinese = environment
        chinese["LANG"] = "zh_CN.UTF-8"
        chinese["LC_ALL"] = nil
        chinese["LANGUAGE"] = nil
        let chineseList = try run([binary, "--list"], in: elsewhere, environment: chinese)
        XCTAssertTrue(
            chineseList.stdout.contains("say-hello\t打招呼"), "the installed translations are used: \(chineseList.stdout)")
        for id in try builtInIDs() {
            // A private D-Bus session: never handed over to another instance.
            let result = try run(
                ["dbus-run-session", "--", binary, "--run=\(id)", "--autoquit"],
                in: elsewhere, environment: environment)
            XCTAssertEqual(result.status, 0, "\(id): \(result.stderr)")
            XCTAssertFalse(result.stderr.contains("demo-shell:"), "\(id): \(result.stderr)")
        }
        let launcher = try run(
            ["dbus-run-session", "--", binary, "--autoquit"], in: elsewhere, environment: environment)
        XCTAssertEqual(launcher.status, 0, launcher.stderr)

        // The desktop entry points at the installed program, and each action's icon is installed.
        let desktop = prefix + "/share/applications/io.github.demoshell.DemoShell.desktop"
        let entry = try String(contentsOfFile: desktop, encoding: .utf8)
        XCTAssertTrue(entry.contains("Exec=\"\(prefix)/bin/demo-shell\" --run=say-hello\n"), entry)
        let validation = try run(["desktop-file-validate", desktop])
        XCTAssertEqual(validation.status, 0)
        XCTAssertEqual(validation.stdout + validation.stderr, "")
        for line in entry.split(separator: "\n") where line.hasPrefix("Icon=") {
            let name = line.dropFirst(5)
            let found = [
                "scalable/apps/\(name).svg", "symbolic/apps/\(name)-symbolic.svg", "64x64/apps/\(name).png",
                "128x128/apps/\(name).png",
            ]
            .contains { fm.fileExists(atPath: prefix + "/share/icons/hicolor/" + $0) }
            XCTAssertTrue(found, "the icon \(name) is installed")
        }
        XCTAssertTrue(
            fm.fileExists(
                atPath: prefix + "/share/icons/hicolor/symbolic/apps/io.github.demoshell.DemoShell-symbolic.svg"))
        XCTAssertTrue(fm.fileExists(atPath: prefix + "/share/metainfo/io.github.demoshell.DemoShell.metainfo.xml"))
        XCTAssertTrue(fm.fileExists(atPath: prefix + "/share/demo-shell/sources/say-hello/Model/SayHelloModel.swift"))
        XCTAssertTrue(
            fm.fileExists(atPath: prefix + "/share/demo-shell/modules/TextBounds/TextLimit.swift"),
            "the modules demos import are shown in an installed copy too")
        XCTAssertTrue(
            fm.fileExists(atPath: prefix + "/lib/demo-shell/sdk/values/PlaygroundHooks.swift"),
            "Show Values' support module is in the installed SDK")
        for module in ["DemoKit", "Gtk", "DemoBasics"] {
            XCTAssertTrue(
                fm.fileExists(atPath: prefix + "/lib/demo-shell/sdk/modules/\(module).swiftinterface"),
                "plugins from elsewhere compile against \(module)'s interface")
        }
        for module in ["DemoShellKit", "ShellBasics", "DemoKitTesting"] {
            XCTAssertFalse(
                fm.fileExists(atPath: prefix + "/lib/demo-shell/sdk/modules/\(module).swiftinterface"),
                "\(module) is no plugin's")
        }

        restore()
        // A file of the user's in the prefix is not install's to remove.
        try "mine".write(toFile: prefix + "/notes.txt", atomically: false, encoding: .utf8)
        let uninstall = try run(["bash", packageRoot + "/scripts/install", "--uninstall", "--prefix", prefix])
        XCTAssertEqual(uninstall.status, 0, uninstall.stderr)
        XCTAssertEqual(
            try fm.contentsOfDirectory(atPath: prefix), ["notes.txt"],
            "uninstall removed all it installed, and only that")
        try fm.removeItem(atPath: prefix + "/notes.txt")
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: prefix), [])
    }

    /// Staged for a package (`--destdir`, as debian/rules runs it),
    /// the install writes no cache of a shared folder. The icon theme's cache
    /// is the system's, written by dh_icons' trigger: a package shipping one
    /// replaced the system's and left it behind when purged. (scripts/deb
    /// checks the built .deb for the same.)
    func testAStagedInstallWritesNoThemeOrDesktopCache() throws {
        let fm = FileManager.default
        let destdir = NSTemporaryDirectory() + "demo-shell-destdir-\(UUID().uuidString)"
        defer { try? fm.removeItem(atPath: destdir) }
        let products = URL(fileURLWithPath: buildProductsDirectory).resolvingSymlinksInPath().path
        let install = try run([
            "bash", packageRoot + "/scripts/install", "--build-dir", products, "--prefix", "/usr",
            "--destdir", destdir,
        ])
        XCTAssertEqual(install.status, 0, install.stderr)
        let files = fm.enumerator(atPath: destdir)?.compactMap { $0 as? String } ?? []
        XCTAssertTrue(
            files.contains("usr/share/icons/hicolor/symbolic/apps/io.github.demoshell.DemoShell-symbolic.svg"),
            "the icons were staged: \(files.filter { $0.contains("icons") })")
        let caches = files.filter { $0.hasSuffix("icon-theme.cache") || $0.hasSuffix("mimeinfo.cache") }
        XCTAssertEqual(caches, [], "the staged tree holds caches the system's triggers own")
        let list =
            (try? String(contentsOfFile: destdir + "/usr/share/demo-shell/installed-files", encoding: .utf8)) ?? ""
        XCTAssertFalse(list.isEmpty, "install listed what it put there")
        XCTAssertFalse(list.contains(".cache"), "nor does its list name one:\n\(list)")
    }
}
