import DemoShellKit
import DemoKitTesting
@testable import PluginHost
@testable import ShellModel
import Foundation
import Glibc
import TestSupport
import XCTest

/// A plugin from elsewhere whose manifest names its own catalog
/// (`TextDomain`, compiled under `locale/` beside the manifest) has its
/// `localized` calls, written without `domain:`, translated from it once the
/// shell loads it; the shell's and the built-in demos' code keeps
/// `demo-shell`.
@MainActor
final class PluginTextDomainTests: GtkTestCase {
    func testAPluginsLocalizedUsesTheCatalogItsManifestNames() async throws {
        let folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory("demo-shell-text-domain-XXXXXX"))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try installExternalGreeter(in: folder)
        // The built library itself (a hard link), not a copy, as
        // PluginLoaderTests loads it in this process too.
        let library = FileSystem.join(folder, "libGreeter.so")
        try FileManager.default.removeItem(atPath: library)
        try FileManager.default.linkItem(
            atPath: FileSystem.join(try buildExternalPackage(), "libGreeter.so"), toPath: library)
        let manifest = FileSystem.join(folder, "external-greeter.plugin")
        try FileSystem.writeAtomically(try XCTUnwrap(FileSystem.read(manifest)) + "TextDomain=greeter\n", to: manifest)
        let messages = FileSystem.join(folder, "locale/zh_CN/LC_MESSAGES")
        try FileManager.default.createDirectory(atPath: messages, withIntermediateDirectories: true)
        let catalog = FileSystem.join(folder, "greeter.po")
        try FileSystem.writeAtomically(
            """
            msgid ""
            msgstr "Content-Type: text/plain; charset=UTF-8\\n"

            msgid "External button"
            msgstr "外来的按钮"

            """, to: catalog)
        let msgfmt = try Process.run(
            URL(fileURLWithPath: "/usr/bin/msgfmt"),
            arguments: ["-o", FileSystem.join(messages, "greeter.mo"), catalog])
        msgfmt.waitUntilExit()
        XCTAssertEqual(msgfmt.terminationStatus, 0, "msgfmt compiles the plugin's catalog")

        // Chinese, as `LANG=zh_CN.UTF-8` would have it, for this test alone.
        Gettext.bind(domain: Gettext.shellDomain, directory: ShellPaths.current().localeDirectory)
        let savedLocale = String(cString: setlocale(LC_MESSAGES, nil))
        let savedLanguage = Environment.value("LANGUAGE")
        XCTAssertNotNil(setlocale(LC_MESSAGES, "zh_CN.UTF-8"), "the zh_CN.UTF-8 locale is installed")
        Environment.set("LANGUAGE", "zh_CN")
        defer {
            setlocale(LC_MESSAGES, savedLocale)
            Environment.set("LANGUAGE", savedLanguage)
        }

        let registry = PluginRegistry(searchPath: [folder])
        let entry = try XCTUnwrap(registry.entry(id: "external-greeter"), "\(registry.failures)")
        XCTAssertEqual(entry.manifest.textDomain, "greeter")
        guard case .success(let module) = registry.module(id: "external-greeter") else {
            return XCTFail("\(registry.failures)")
        }
        let window = module.makeWindow(host: TestHost(info: entry.info))
        defer { window.destroy() }
        show(window)
        XCTAssertNotNil(
            window.find(Button.self, named: "外来的按钮"),
            "the plugin's own catalog translates its button: \(window.descendants.compactMap { $0.as(Button.self)?.label })"
        )
        // Code of any other module (this test's, the shell's) still reads demo-shell.
        XCTAssertEqual(localized("Quit"), "退出")
    }
}
