import DemoShellKit
import Foundation
import TestSupport
import XCTest

/// A plugin from elsewhere outlives an update of the shell's SDK, as long as
/// the SDK's ABI version holds; after a change of the ABI it is refused,
/// by name and with both versions, before any of its code runs.
///
/// The story, once, with real builds (a few minutes on two cores):
/// 1. the installed SDK, as `make install` lays it out: the interfaces of
///    DemoBasics, Gtk and DemoKit and libDemoKit.so, nothing else;
/// 2. a copy of Say Hello outside the tree, compiled against that alone;
/// 3. the SDK changed in a copy of the tree in the ways a plugin cannot
///    notice (a method's body, a private stored property of a public
///    class, a new public method), `scripts/sdk-abi` accepting it, the SDK
///    rebuilt and the shell linked again with it (its code, compiled against
///    the SDK's interfaces, needs no new compile): the old plugin opens and
///    greets;
/// 4. a public method the plugin calls removed: `scripts/sdk-abi` refuses
///    it until the ABI version is bumped; bumped, rebuilt and linked, the
///    shell refuses the old plugin with a sentence that names it and both
///    versions, exit 1.
final class SDKUpdateTests: AccessibleShellProcessTestCase {
    private var work = ""
    private var shells = 0

    override func setUpWithError() throws {
        try super.setUpWithError()
        work = try XCTUnwrap(FileSystem.makeTemporaryDirectory("sdk-update-XXXXXX"))
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: work)
        super.tearDown()
    }

    func testAPluginOutlivesACompatibleSDKUpdateAndIsRefusedAfterAnIncompatibleOne() async throws {
        // 3. A compatible update, built while the plugin is (the two
        // longest steps, at once).
        let tree = try copyOfTheSDK()
        let label = FileSystem.join(tree, "Sources/Gtk/Widgets/Label.swift")
        try change(
            label, "    public func setMarkup(_ markup: String) {\n        let previous",
            to: "    public func setMarkup(_ markup: String) {\n        markupChanges &+= 1\n        let previous")
        try change(
            label, "    public var text: String {\n",
            to:
                "    private var markupChanges = 0\n\n    /// How often `setMarkup` ran.\n    public var markupChangeCount: Int { markupChanges }\n\n    public var text: String {\n"
        )
        let updating = try startSDKBuild(tree)
        let client = try buildATSPIClient()
        let plugin = try buildSayHelloCopy(against: try installedSDK())
        let updated = try finish(updating)
        let accepted = try runCommand([
            FileSystem.join(packageRoot, "scripts/sdk-abi"), "--check", "--interfaces",
            FileSystem.join(updated, "Modules"),
        ])
        XCTAssertEqual(accepted.status, 0, "the ABI check accepts the compatible change: \(accepted.output)")
        let shell = try shellFolder(linkedWith: updated)

        let greeter = try Run(
            FileSystem.join(shell, "demo-shell"), ["--run-plugin=" + plugin], environment: environment)
        defer { if greeter.process.isRunning { kill(greeter.pid, SIGKILL) } }
        XCTAssertTrue(
            waitForWindow(named: "Say Hello Copy", pid: greeter.pid, while: greeter.process),
            "the old plugin opens with the updated SDK: \(greeter.stderr)")
        let maps = FileSystem.read("/proc/\(greeter.pid)/maps") ?? ""
        XCTAssertTrue(maps.contains(FileSystem.join(shell, "libDemoKit.so")), "the updated SDK is the one loaded")
        let window = try XCTUnwrap(windows(named: "Say Hello Copy", pid: greeter.pid).first)
        xdotool(["windowfocus", "--sync", window])
        _ = listing(client) { $0.contains("Say Hello Copy [frame] active") }
        xdotool(["type", "--delay", "20", "Ada"])
        xdotool(["key", "Return"])
        _ = listing(client) { $0.contains("Hello, Ada!") }
        greeter.process.terminate()
        if greeter.finish(within: 10) == nil { kill(greeter.pid, SIGKILL) }

        // 4. An incompatible update: a public method the plugin calls (and
        // the shell does not), gone.
        try change(
            FileSystem.join(tree, "Sources/Gtk/Widgets/LabelSelection.swift"),
            "    public func copySelection(as transform:", to: "    func copySelection(as transform:")
        var broken = try buildSDK(tree)
        let refused = try runCommand([
            FileSystem.join(packageRoot, "scripts/sdk-abi"), "--check", "--interfaces",
            FileSystem.join(broken, "Modules"),
        ])
        XCTAssertEqual(refused.status, 1, refused.output)
        XCTAssertTrue(refused.output.contains("copySelection(as:) has been removed"), refused.output)

        // Bumped, as the check asks, and rebuilt.
        let map = FileSystem.join(tree, "DemoKit.map")
        let node = try XCTUnwrap(FileSystem.read(map)).split(separator: " ").first.map(String.init) ?? ""
        let (abi, next) = (SDKContract.abiVersion, SDKContract.abiVersion + 1)
        XCTAssertTrue(node.hasPrefix("DEMOKIT_ABI_\(abi)_SWIFT_"), node)
        try change(map, node, to: node.replacingOccurrences(of: "DEMOKIT_ABI_\(abi)_", with: "DEMOKIT_ABI_\(next)_"))
        try change(
            FileSystem.join(tree, "Sources/DemoBasics/SDKContract.swift"),
            "public static let abiVersion: Int32 = \(abi)", to: "public static let abiVersion: Int32 = \(next)")
        broken = try buildSDK(tree)
        let bumped = try shellFolder(linkedWith: broken)
        let old = try Run(FileSystem.join(bumped, "demo-shell"), ["--run-plugin=" + plugin], environment: environment)
        let status = old.finish(within: 60)
        if status == nil { kill(old.pid, SIGKILL) }
        XCTAssertEqual(status, 1, "refused with exit status 1, never a crash: \(old.stderr)")
        let swift = node.components(separatedBy: "_SWIFT_").last ?? ""
        XCTAssertTrue(
            old.stderr.contains(
                "Say Hello Copy was built for Demo Shell SDK ABI \(abi) with Swift \(swift); "
                    + "this Demo Shell offers ABI \(next) with Swift \(swift)."), old.stderr)
        XCTAssertTrue(windows(named: "Say Hello Copy", pid: old.pid).isEmpty)
    }

    // MARK: The pieces

    /// The SDK as installed: the three interfaces (no binary module, no
    /// source, no C header) and the library.
    private func installedSDK() throws -> String {
        let sdk = FileSystem.join(work, "prefix/lib/demo-shell")
        let modules = FileSystem.join(sdk, "sdk/modules")
        try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: true)
        for module in ["DemoBasics", "Gtk", "DemoKit"] {
            try FileManager.default.copyItem(
                atPath: FileSystem.join(buildProductsDirectory, "Modules", "\(module).swiftinterface"),
                toPath: FileSystem.join(modules, "\(module).swiftinterface"))
        }
        try FileManager.default.copyItem(
            atPath: FileSystem.join(buildProductsDirectory, "libDemoKit.so"),
            toPath: FileSystem.join(sdk, "libDemoKit.so"))
        return sdk
    }

    /// Say Hello's model, view and entry (and the TextBounds rules it uses)
    /// as one module of a plugin from elsewhere; its manifest path.
    private func buildSayHelloCopy(against sdk: String) throws -> String {
        let folder = FileSystem.join(work, "say-hello-copy")
        let sources = FileSystem.join(folder, "Sources")
        try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        var files: [String] = []
        for (directory, names) in [
            ("Sources/Demos/SayHello/Model", ["SayHelloModel.swift"]),
            ("Sources/Demos/SayHello/Plugin", ["SayHelloPlugin.swift", "SayHelloView.swift"]),
            (
                "Sources/TextBounds",
                FileSystem.contents(ofDirectory: FileSystem.join(packageRoot, "Sources/TextBounds"))
            ),
        ] {
            for name in names where name.hasSuffix(".swift") {
                let text = try XCTUnwrap(FileSystem.read(FileSystem.join(packageRoot, directory, name)))
                    .components(separatedBy: "\n").filter { $0 != "import SayHelloModel" && $0 != "import TextBounds" }
                    .joined(separator: "\n")
                let file = FileSystem.join(sources, name)
                try FileSystem.writeAtomically(text, to: file)
                files.append(file)
            }
        }
        let built = try runCommand(
            [
                "swiftc", "-emit-library", "-swift-version", "6", "-module-name", "SayHelloCopy",
                "-I", FileSystem.join(sdk, "sdk/modules"), "-L", sdk, "-lDemoKit",
                "-module-cache-path", FileSystem.join(work, "module-cache"),
                "-o", FileSystem.join(folder, "libSayHelloCopy.so"),
            ] + files)
        XCTAssertEqual(built.status, 0, built.output)
        let manifest = FileSystem.join(folder, "say-hello-copy.plugin")
        try FileSystem.writeAtomically(
            """
            [Plugin]
            Id=say-hello-copy
            Module=SayHelloCopy
            Entry=SayHelloDemo
            Name=Say Hello Copy
            ABI=1

            """, to: manifest)
        return manifest
    }

    /// The SDK package copied out of the tree (its sources only), its
    /// folder; built in a scratch folder that outlives the test, so that a
    /// second run rebuilds only what changed.
    private func copyOfTheSDK() throws -> String {
        let base = FileSystem.join(packageRoot, ".build-sdk-update")
        let tree = FileSystem.join(base, "DemoKit")
        try? FileManager.default.removeItem(atPath: tree)
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: true)
        let copied = try runCommand([
            "sh", "-c",
            "cd \"$1\" && tar -cf - --exclude=.build Package.swift DemoKit.map Plugins Sources | (cd \"$2\" && tar -xpf -)",
            "sh", FileSystem.join(packageRoot, "Sources/DemoKit"), tree,
        ])
        XCTAssertEqual(copied.status, 0, copied.output)
        return tree
    }

    /// `swift build` of the SDK's library alone; the products folder.
    private func buildSDK(_ tree: String) throws -> String { try finish(try startSDKBuild(tree)) }

    /// That build, started: its process and the file it writes to.
    private func startSDKBuild(_ tree: String) throws -> (process: Process, log: String) {
        let scratch = FileSystem.join(packageRoot, ".build-sdk-update/scratch")
        let log = FileSystem.join(work, "sdk-build-\(UUID().uuidString).log")
        XCTAssertTrue(FileManager.default.createFile(atPath: log, contents: nil))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swift", "build", "--package-path", tree, "--scratch-path", scratch, "--product", "DemoKit",
        ]
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        try handle.close()
        return (process, log)
    }

    /// Waits for a build `startSDKBuild` started; the products folder.
    private func finish(_ build: (process: Process, log: String)) throws -> String {
        build.process.waitUntilExit()
        XCTAssertEqual(build.process.terminationStatus, 0, FileSystem.read(build.log) ?? "")
        return FileSystem.join(packageRoot, ".build-sdk-update/scratch/debug")
    }

    /// A folder with this build's shell linked again, from its objects,
    /// against the SDK library in `products` (as the build links it, from
    /// SwiftPM's own command), that library beside it (the executable's
    /// RUNPATH is its own folder) and the shell's data.
    private func shellFolder(linkedWith products: String) throws -> String {
        shells += 1
        let folder = FileSystem.join(work, "shell-\(shells)")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let manifest = try XCTUnwrap(
            FileSystem.read(FileSystem.join(packageRoot, ".build/debug.yaml")), "the build's llbuild manifest")
        let lines = manifest.components(separatedBy: "\n")
        let key = "  \"C.demo-shell-\(FileSystem.basename(FileSystem.dirname(buildProductsDirectory)))-debug.exe\":"
        let start = try XCTUnwrap(lines.firstIndex(of: key), "no link command \(key)")
        let argsLine = try XCTUnwrap(lines[start...].first { $0.hasPrefix("    args: ") })
        var arguments = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(argsLine.dropFirst("    args: ".count).utf8)) as? [String])
        for (index, argument) in arguments.enumerated().dropLast() {
            if argument == "-L", arguments[index + 1] == buildProductsDirectory { arguments[index + 1] = products }
            if argument == "-o" { arguments[index + 1] = FileSystem.join(folder, "demo-shell") }
        }
        let linked = try runCommand(arguments)
        XCTAssertEqual(linked.status, 0, linked.output)
        try FileManager.default.copyItem(
            atPath: FileSystem.join(products, "libDemoKit.so"), toPath: FileSystem.join(folder, "libDemoKit.so"))
        for name in FileSystem.contents(ofDirectory: buildProductsDirectory)
        where name.hasSuffix("_DemoShellData.resources") {
            try FileManager.default.createSymbolicLink(
                atPath: FileSystem.join(folder, name),
                withDestinationPath: FileSystem.join(buildProductsDirectory, name))
        }
        return folder
    }

    private func change(_ path: String, _ old: String, to new: String) throws {
        let text = try XCTUnwrap(FileSystem.read(path), path)
        XCTAssertTrue(text.contains(old), "\(path) no longer has \(old.debugDescription)")
        try FileSystem.writeAtomically(text.replacingOccurrences(of: old, with: new), to: path)
    }
}
