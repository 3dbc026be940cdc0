import DemoShellKit
import Launcher
@testable import PluginHost
import ShellModel
import Foundation
import TestSupport
import XCTest

/// The run-time loader: plugins from anywhere on the search path, and every
/// way a plugin can be broken kept with its reason, never fatal.
@MainActor
final class PluginLoaderTests: GtkTestCase {
    /// A fresh folder for one test's plugins.
    private func makeFolder() throws -> String {
        try XCTUnwrap(FileSystem.makeTemporaryDirectory("demo-shell-plugins-XXXXXX"))
    }

    private func write(_ text: String, to path: String) throws {
        try FileSystem.writeAtomically(text, to: path)
    }

    private func manifest(
        id: String, module: String, entry: String = "FixtureDemo", name: String = "Fixture", abi: String = "1",
        omit: String? = nil
    ) -> String {
        var lines = ["[Plugin]"]
        let keys = [
            ("Id", id), ("Module", module), ("Entry", entry), ("Name", name), ("Name[zh_CN]", "测试"),
            ("Description", "A fixture"), ("Category", "Tests"), ("Version", "9.9"), ("ABI", abi),
        ]
        for (key, value) in keys where key != omit { lines.append("\(key)=\(value)") }
        return lines.joined(separator: "\n") + "\n"
    }

    func testBuiltInPluginsAreFoundBesideTheExecutable() async {
        let registry = PluginRegistry(searchPath: [buildProductsDirectory])
        XCTAssertTrue(registry.ids.contains("say-hello"), "\(registry.failures)")
        XCTAssertEqual(registry.failures, [])
        XCTAssertFalse(registry.isLoaded(id: "say-hello"), "listing must not load code")
    }

    /// A start reads the manifests on another thread while GTK starts
    /// (`Pending`, `PluginRegistry.Manifests`): the registry made from them
    /// is the one a scan on the main thread makes, broken manifests included.
    func testManifestsReadOnAnotherThreadMakeTheSameRegistry() async throws {
        let folder = try makeFolder()
        try write(manifest(id: "ghost", module: "Ghost"), to: FileSystem.join(folder, "ghost.plugin"))
        try write(manifest(id: "nameless", module: "X", omit: "Name"), to: FileSystem.join(folder, "nameless.plugin"))
        let path = [buildProductsDirectory, folder]
        let mainThread = pthread_self()
        let pending = Pending(threadName: "manifests") {
            (PluginRegistry.Manifests(searchPath: path), pthread_equal(pthread_self(), mainThread) == 0)
        }
        let (manifests, elsewhere) = pending.result
        XCTAssertTrue(elsewhere, "the manifests were read on a thread of their own")
        let read = PluginRegistry(manifests), scanned = PluginRegistry(searchPath: path)
        XCTAssertEqual(read.searchPath, path)
        XCTAssertTrue(read.ids.contains("say-hello"), "\(read.failures)")
        XCTAssertEqual(read.entries, scanned.entries)
        XCTAssertEqual(read.failures, scanned.failures)
        XCTAssertEqual(read.failures.count, 2, "the missing library and the missing name")
        XCTAssertEqual(read.duplicates, scanned.duplicates)
    }

    func testManifestsWithoutRequiredKeysAreUnavailable() async throws {
        let folder = try makeFolder()
        for key in ["Id", "Module", "Name"] {
            try write(
                manifest(id: "no-\(key.lowercased())", module: "X", omit: key),
                to: FileSystem.join(folder, "no-\(key.lowercased()).plugin"))
        }
        try write("this is = not [a key file\n\u{0}", to: FileSystem.join(folder, "garbage.plugin"))
        let registry = PluginRegistry(searchPath: [folder])
        XCTAssertEqual(registry.entries.count, 0)
        XCTAssertEqual(registry.failures.count, 4)
        let reasons = registry.failures.map(\.reason).joined(separator: "\n")
        for key in ["Id", "Module", "Name"] {
            XCTAssertTrue(reasons.contains("no \(key) key"), reasons)
        }
    }

    func testMissingLibraryIsReportedWithoutLoading() async throws {
        let folder = try makeFolder()
        try write(manifest(id: "ghost", module: "Ghost"), to: FileSystem.join(folder, "ghost.plugin"))
        let registry = PluginRegistry(searchPath: [folder])
        let failure = try XCTUnwrap(registry.failure(id: "ghost"))
        XCTAssertTrue(failure.reason.contains("libGhost.so"), failure.reason)
        guard case .failure(let again) = registry.module(id: "ghost") else { return XCTFail("opened a ghost") }
        XCTAssertEqual(again, failure)
    }

    func testUnloadableLibraryFailsWithTheLoadersReason() async throws {
        let folder = try makeFolder()
        try write(manifest(id: "broken", module: "Broken"), to: FileSystem.join(folder, "broken.plugin"))
        try write("not an ELF file", to: FileSystem.join(folder, "libBroken.so"))
        let registry = PluginRegistry(searchPath: [folder])
        XCTAssertNotNil(registry.entry(id: "broken"), "the manifest itself is fine")
        guard case .failure(let failure) = registry.module(id: "broken") else { return XCTFail("loaded garbage") }
        XCTAssertTrue(failure.reason.contains("cannot be loaded"), failure.reason)
        XCTAssertNil(registry.entry(id: "broken"), "it moves to the unavailable list")
        XCTAssertEqual(registry.failure(id: "broken"), failure)
    }

    /// A library that needs no version node of libDemoKit.so
    /// (built before the SDK had versions, or not against it) is refused
    /// from its file, with its own message.
    func testALibraryBuiltWithoutTheSDKsVersionIsRefused() async throws {
        let folder = try makeFolder()
        try write(
            manifest(id: "no-version", module: "NoVersion", name: "Old Plugin"),
            to: FileSystem.join(folder, "no-version.plugin"))
        // A real, loadable shared library that is not a plugin.
        let zlib = try XCTUnwrap(
            ["/lib/x86_64-linux-gnu/libz.so.1", "/usr/lib/x86_64-linux-gnu/libz.so.1", "/lib64/libz.so.1"]
                .first(where: FileSystem.exists))
        let real = URL(fileURLWithPath: zlib).resolvingSymlinksInPath().path
        try FileManager.default.copyItem(atPath: real, toPath: FileSystem.join(folder, "libNoVersion.so"))
        let registry = PluginRegistry(searchPath: [folder])
        guard case .failure(let failure) = registry.module(id: "no-version") else {
            return XCTFail("no SDK version, yet loaded")
        }
        XCTAssertEqual(
            failure.reason,
            "\u{2068}Old Plugin\u{2069} was built before the Demo Shell SDK had versions, or not against it; "
                + "this Demo Shell offers SDK ABI \(SDKContract.abiVersion) with Swift \(SDKVersionNode.shell.swift ?? "?"). "
                + "Rebuild the plugin against this Demo Shell.")
    }

    /// The Entry class is looked up by name among the classes
    /// of the plugin's own library: one of the same name in a library
    /// loaded before (another plugin's) is not taken for it, and a class
    /// that is no `DemoModule` is named as such.
    func testTheEntryClassMustBeTheLibrarysOwnDemoModule() async throws {
        // Say Hello's classes are loaded.
        _ = PluginRegistry(searchPath: [buildProductsDirectory]).module(id: "say-hello")
        XCTAssertNotNil(_typeByName("SayHello.SayHelloDemo"))
        let labels = FileSystem.join(buildProductsDirectory, "libLabels.so")
        guard
            case .failure(let elsewhere) = PluginLoader.load(
                PluginCheckSubject(library: labels, entry: "SayHello.SayHelloDemo"))
        else {
            return XCTFail("another library's class was made as this plugin's")
        }
        XCTAssertEqual(elsewhere, .noClass("SayHello.SayHelloDemo"))
        let hello = FileSystem.join(buildProductsDirectory, "libSayHello.so")
        guard
            case .failure(let view) = PluginLoader.load(
                PluginCheckSubject(library: hello, entry: "SayHello.SayHelloView"))
        else {
            return XCTFail("a class that is no DemoModule was made")
        }
        XCTAssertEqual(view, .notADemo("SayHello.SayHelloView"))
        XCTAssertEqual(
            view.reason(plugin: "Say Hello"),
            "The class \u{2068}SayHello.SayHelloView\u{2069}, which the manifest’s Entry names, is not a DemoModule.")
        guard
            case .success(let loaded) = PluginLoader.load(
                PluginCheckSubject(library: hello, entry: "SayHello.SayHelloDemo"))
        else {
            return XCTFail("Say Hello's own class was not made")
        }
        XCTAssertEqual(String(describing: type(of: loaded.module)), "SayHelloDemo")
    }

    func testManifestABIMismatchIsRejectedBeforeLoading() async throws {
        let folder = try makeFolder()
        try write(manifest(id: "future", module: "Future", abi: "99"), to: FileSystem.join(folder, "future.plugin"))
        let registry = PluginRegistry(searchPath: [folder])
        let failure = try XCTUnwrap(registry.failure(id: "future"))
        XCTAssertTrue(failure.reason.contains("ABI=99"), failure.reason)
    }

    func testFirstIDOnThePathWinsAndTheSecondIsReported() async throws {
        let first = try makeFolder(), second = try makeFolder()
        try write(manifest(id: "twin", module: "Twin", name: "First"), to: FileSystem.join(first, "twin.plugin"))
        try write("", to: FileSystem.join(first, "libTwin.so"))
        try write(manifest(id: "twin", module: "Twin", name: "Second"), to: FileSystem.join(second, "twin.plugin"))
        try write("", to: FileSystem.join(second, "libTwin.so"))
        // A broken manifest with the same id is a duplicate too, not a second failure.
        let third = try makeFolder()
        try write(manifest(id: "twin", module: "Missing", name: "Third"), to: FileSystem.join(third, "twin.plugin"))
        let registry = PluginRegistry(searchPath: [first, second, third])
        XCTAssertEqual(registry.entries.map(\.info.name), ["First"])
        XCTAssertEqual(registry.duplicates.map(\.name), ["Second", "Third"])
        XCTAssertEqual(registry.failures, [])
        XCTAssertTrue(registry.duplicates[0].reason.contains(first), registry.duplicates[0].reason)
    }

    func testSearchPathOrder() async {
        let saved = (Environment.value("DEMO_SHELL_PLUGIN_PATH"), Environment.value("XDG_DATA_HOME"))
        defer {
            Environment.set("DEMO_SHELL_PLUGIN_PATH", saved.0)
            Environment.set("XDG_DATA_HOME", saved.1)
        }
        Environment.set("DEMO_SHELL_PLUGIN_PATH", "/a:/b::")
        Environment.set("XDG_DATA_HOME", "/data")
        XCTAssertEqual(
            PluginRegistry.defaultSearchPath(executableDirectory: "/usr/bin"),
            ["/a", "/b", "/data/demo-shell/plugins", "/usr/bin", "/usr/lib/demo-shell/plugins"])
    }

    func testPluginBuiltOutsideThePackageIsFoundThroughTheEnvironmentAndOpens() async throws {
        let products = try buildExternalPackage()
        XCTAssertEqual(
            try ELFVersionNeeds.needs(of: FileSystem.join(products, "libGreeter.so"), from: "libDemoKit.so").get(),
            [SDKVersionNode.shell.name], "built against the SDK by path, it needs the SDK's node")
        let folder = try makeFolder()
        // The built library itself (a hard link): the other tests that load
        // the Greeter in this process load this very file, as a second
        // library of the same Swift module cannot have its classes found by
        // name (the runtime finds the first; the loader refuses it).
        try FileManager.default.linkItem(
            atPath: FileSystem.join(products, "libGreeter.so"),
            toPath: FileSystem.join(folder, "libGreeter.so"))
        try write(
            manifest(id: "external-greeter", module: "Greeter", entry: "GreeterDemo", name: "External Greeter"),
            to: FileSystem.join(folder, "greeter.plugin"))

        let saved = Environment.value("DEMO_SHELL_PLUGIN_PATH")
        defer { Environment.set("DEMO_SHELL_PLUGIN_PATH", saved) }
        Environment.set("DEMO_SHELL_PLUGIN_PATH", folder)
        let registry = PluginRegistry(
            searchPath: PluginRegistry.defaultSearchPath(executableDirectory: buildProductsDirectory))
        XCTAssertEqual(registry.entry(id: "external-greeter")?.info.name, "External Greeter")
        XCTAssertTrue(registry.ids.contains("say-hello"), "built-ins are still found after the custom path")

        guard case .success(let module) = registry.module(id: "external-greeter") else {
            return XCTFail("\(registry.failures)")
        }
        let host = TestHost(info: registry.entry(id: "external-greeter")!.info)
        let window = module.makeWindow(host: host)
        show(window)
        XCTAssertEqual(window.title, "External Greeter")
        XCTAssertNotNil(window.find(Button.self, named: "External button"), "the plugin's widgets are real GTK widgets")
    }

    /// A plugin linked against another SDK's libDemoKit.so (a
    /// stand-in whose symbols carry "SDK ABI 99") needs that version node.
    /// The system's loader would refuse it too, naming only a symbol
    /// version; the shell reads the node from the file first and says what
    /// it means and what to do, and none of the plugin's code runs, in the
    /// launcher or in `--run-plugin`.
    func testAPluginBuiltAgainstAnotherSDKIsRefusedBeforeItsCodeRuns() async throws {
        let folder = try makeFolder()
        let library = FileSystem.join(folder, "libGreeter.so"), marker = FileSystem.join(folder, "ran")
        try NativeLibraries.pluginOfAnotherSDK(
            node: "DEMOKIT_ABI_99_SWIFT_6.3.1", library: library, marker: marker, in: folder)
        XCTAssertEqual(
            try ELFVersionNeeds.needs(of: library, from: "libDemoKit.so").get(), ["DEMOKIT_ABI_99_SWIFT_6.3.1"])
        // What dlopen says of it, beside this process's libDemoKit.so (its constructor never runs).
        XCTAssertNil(dlopen(library, RTLD_NOW | RTLD_LOCAL))
        let loaderSays = String(cString: dlerror())
        XCTAssertTrue(loaderSays.contains("DEMOKIT_ABI_99_SWIFT_6.3.1") && loaderSays.contains("not found"), loaderSays)

        try write(
            manifest(id: "other-sdk", module: "Greeter", entry: "GreeterDemo", name: "Other SDK"),
            to: FileSystem.join(folder, "other.plugin"))
        let expected =
            "Other SDK was built for Demo Shell SDK ABI 99 with Swift 6.3.1; this Demo Shell offers ABI "
            + "\(SDKContract.abiVersion) with Swift \(SDKVersionNode.shell.swift ?? "?"). Rebuild the plugin against this Demo Shell."
        let registry = PluginRegistry(searchPath: [folder])
        XCTAssertFalse(registry.verify(id: "other-sdk"))
        guard case .failure(let failure) = registry.module(id: "other-sdk") else {
            return XCTFail("a plugin built against another SDK was loaded")
        }
        XCTAssertEqual(
            failure.reason, "\u{2068}Other SDK\u{2069}" + expected.dropFirst("Other SDK".count), "the name is isolated")
        XCTAssertFalse(registry.isLoaded(id: "other-sdk"))
        // In this process too, without the checker's child: refused before dlopen.
        XCTAssertEqual(
            PluginLoader.load(PluginCheckSubject(library: library, entry: "Greeter.GreeterDemo")).failure,
            .otherSDK("DEMOKIT_ABI_99_SWIFT_6.3.1"))

        // The runner of a plugin from elsewhere says the same on its terminal (no isolates there).
        let process = Process()
        process.executableURL = URL(fileURLWithPath: FileSystem.join(buildProductsDirectory, "demo-shell"))
        process.arguments = ["--run-plugin=" + FileSystem.join(folder, "other.plugin")]
        process.environment = ProcessInfo.processInfo.environment.merging([
            "XDG_CACHE_HOME": FileSystem.join(folder, "cache")
        ]) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 1, said)
        XCTAssertEqual(said, "demo-shell: Other SDK: \(expected)\n")
        XCTAssertFalse(FileSystem.exists(marker), "none of the plugin's code ran")
    }
}
