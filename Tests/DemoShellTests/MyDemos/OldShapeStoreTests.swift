import DemoBasics
import EditRunModel
import ShellBasics
import Foundation
@testable import PluginHost
import ShellModel
import TestSupport
import XCTest

/// A learner's work in the old plugin shape (entry functions, no Entry) on a real
/// (temporary) file system, no display: a demo of their own updated as the
/// store lists it, a package as it is imported, kept edits as the Source
/// page shows them; every original kept, nothing written twice, a shape not
/// known left byte for byte.
final class OldShapeStoreTests: XCTestCase {
    var folder = ""
    var store: MyDemoStore!
    var sdk: EditSDK!
    let demo = DemoIdentity(name: "Pocket Lamp", id: "pocket-lamp", module: "PocketLamp")
    let old = ["manifest.plugin", "Plugin/PocketLampView.swift", "Plugin/PocketLampPlugin.swift"]

    override func setUpWithError() throws {
        folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory("old-shape-XXXXXX"))
        store = MyDemoStore(root: folder + "/data/demos")
        sdk = EditSDK(
            modulesDirectory: "/sdk/modules", includeDirectory: "/sdk/include", libraryDirectory: "/sdk/lib",
            sharedModulesDirectory: folder + "/no-shared", cFlags: [], compilerVersion: "", identity: "")
    }

    override func tearDown() { FileSystem.removeTree(folder) }

    /// The store's demo "Pocket Lamp" as an older Demo Shell made it.
    private func placeOldDemo(_ change: (inout [String: String]) -> Void = { _ in }) throws -> String {
        let made = try store.create(name: demo.name, from: .blank, takenIDs: [], takenModules: [], sdk: sdk).get()
        var files = OldShapeDemo.blank(demo)
        change(&files)
        for path in old { try FileSystem.writeAtomically(files[path]!, to: made.folder + "/" + path) }
        return made.folder
    }

    private func texts(in folder: String) -> [String: String] {
        var texts: [String: String] = [:]
        for name in ["", "Model", "Plugin", "Tests"] {
            let sub = name.isEmpty ? folder : folder + "/" + name
            for file in FileSystem.contents(ofDirectory: sub) where FileSystem.isRegularFile(sub + "/" + file) {
                texts[name.isEmpty ? file : name + "/" + file] = FileSystem.read(sub + "/" + file)
            }
        }
        return texts
    }

    func testAMyDemoIsUpdatedAsListedWithItsOriginalsBeside() throws {
        let folder = try placeOldDemo()
        let before = texts(in: folder), new = DemoTemplate.blank(demo)
        let listed = try XCTUnwrap(store.demo(id: "pocket-lamp"))
        XCTAssertEqual(listed.manifest.entry, "PocketLampDemo", "listed with the Entry it was given")
        let after = texts(in: folder)
        XCTAssertEqual(after["Plugin/PocketLampView.swift"], new["Plugin/PocketLampView.swift"])
        XCTAssertEqual(after["Plugin/PocketLampPlugin.swift"], OldShapeDemo.updatedPlugin(demo))
        XCTAssertEqual(after["manifest.plugin"], new["manifest.plugin"])
        for path in old {
            XCTAssertEqual(after[path + ".before-sdk-2"], before[path], "the original of \(path) is kept beside it")
        }
        XCTAssertEqual(
            Set(after.keys), Set(before.keys).union(old.map { $0 + ".before-sdk-2" }), "nothing else written or removed"
        )
        // Listed again (another launcher, a rescan): nothing changes, no second copy.
        _ = store.list()
        XCTAssertEqual(texts(in: folder), after)
    }

    func testAnOriginalKeptBeforeIsNeverReplaced() throws {
        let folder = try placeOldDemo()
        try FileSystem.writeAtomically("someone's", to: folder + "/Plugin/PocketLampPlugin.swift.before-sdk-2")
        let original = FileSystem.read(folder + "/Plugin/PocketLampPlugin.swift")
        _ = store.list()
        XCTAssertEqual(FileSystem.read(folder + "/Plugin/PocketLampPlugin.swift.before-sdk-2"), "someone's")
        XCTAssertEqual(FileSystem.read(folder + "/Plugin/PocketLampPlugin.swift.before-sdk-2.1"), original)
    }

    func testAShapeNotKnownIsLeftByteForByteAndOpeningSaysWhatToChange() throws {
        let folder = try placeOldDemo { files in
            files["Plugin/PocketLampPlugin.swift"] = files["Plugin/PocketLampPlugin.swift"]!
                .replacingOccurrences(
                    of: "PocketLampView(host: host).window",
                    with: "let view = PocketLampView(host: host)\n        return view.window")
        }
        let before = texts(in: folder)
        let listed = try XCTUnwrap(store.demo(id: "pocket-lamp"), "still listed, to be opened and edited")
        XCTAssertNil(listed.manifest.entry)
        XCTAssertEqual(texts(in: folder), before, "nothing changed, nothing added")
        let problem = try XCTUnwrap(DemoShapeUpdates.updateFolder(folder))
        XCTAssertEqual(problem.file, "Plugin/PocketLampPlugin.swift")
        XCTAssertTrue(
            problem.message.hasSuffix(
                "\nEntry=PocketLampDemo\nfunc makeView(host: DemoHost) -> any DemoView { PocketLampView(host: host) }"),
            problem.message)
    }

    func testAPackageExportedBeforeComesInInTheNewShapeItsOriginalsBeside() throws {
        let package = folder + "/exported/pocket-lamp"
        let files = OldShapeDemo.blank(demo)
        for (path, text) in files { try FileSystem.writeAtomically(text, to: package + "/" + path) }
        let imported = try DemoTransfer.importDemo(from: package, into: store, takenIDs: [], takenModules: [], sdk: sdk)
            .get()
        XCTAssertEqual(imported.manifest.entry, "PocketLampDemo")
        let after = texts(in: imported.folder), new = DemoTemplate.blank(demo)
        XCTAssertEqual(after["Plugin/PocketLampView.swift"], new["Plugin/PocketLampView.swift"])
        XCTAssertEqual(after["Plugin/PocketLampPlugin.swift"], OldShapeDemo.updatedPlugin(demo))
        for path in old where path.hasSuffix(".swift") {
            XCTAssertEqual(after[path + ".before-sdk-2"], files[path], path)
        }
        // The manifest's is the copy's, as an import writes it (Id, Module, Category its own), before its Entry.
        XCTAssertEqual(
            after["manifest.plugin.before-sdk-2"],
            after["manifest.plugin"]?
                .replacingOccurrences(of: "Entry=PocketLampDemo\n", with: ""))
        XCTAssertEqual(texts(in: package), files, "the package itself is never written")
    }

    /// Say Hello's kept edit of its view, made before the update.
    func testKeptEditsAreUpdatedWithTheirOriginalsKeptAside() throws {
        let sayHello = FileSystem.join(packageRoot, "Sources/Demos/SayHello")
        let manifest = try DemoFiles.readManifest(sayHello + "/manifest.plugin").get()
        let sources = DemoSources.files(
            for: manifest, manifestPath: sayHello + "/manifest.plugin", installedSourcesDirectory: nil)
        let shipped = try XCTUnwrap(FileSystem.read(sayHello + "/Plugin/SayHelloView.swift"))
        let edited = shipped.replacingOccurrences(
            of: "final class SayHelloView: DemoView {", with: "final class SayHelloView {"
        )
        .replacingOccurrences(
            of: "        window.showAll()\n        entry.grabFocus()",
            with: "        window.retain(self)\n        window.showAll()\n        entry.grabFocus()"
        )
        .replacingOccurrences(of: "width: 440", with: "width: 500")  // the learner's own change
        let edits = EditWorkspace(demoID: "say-hello", editsDirectory: folder + "/edits")
        try edits.save(edited, for: "Plugin/SayHelloView.swift", original: shipped)
        // A copy (New Demo, Export) takes them in the new shape, the kept edit as it is.
        let entry = PluginEntry(
            manifest: manifest, manifestPath: sayHello + "/manifest.plugin", libraryPath: "", searchDirectory: sayHello)
        let copy = try DemoFiles.builtIn(entry, sourcesDirectory: nil, resourcesDirectory: nil, edits: edits).get()
        XCTAssertEqual(
            copy.texts["Plugin/SayHelloView.swift"], shipped.replacingOccurrences(of: "width: 440", with: "width: 500"))
        XCTAssertEqual(edits.editedText("Plugin/SayHelloView.swift"), edited)
        XCTAssertNil(
            DemoShapeUpdates.updateKeptEdits(edits, manifestPath: sayHello + "/manifest.plugin", files: sources))
        XCTAssertEqual(
            edits.editedText("Plugin/SayHelloView.swift"),
            shipped.replacingOccurrences(of: "width: 440", with: "width: 500"))
        XCTAssertEqual(FileSystem.read(edits.root + "/before-sdk-2/Plugin/SayHelloView.swift"), edited)
        XCTAssertEqual(edits.editedFiles, ["Plugin/SayHelloView.swift"], "the original is no edit")
        XCTAssertNil(
            DemoShapeUpdates.updateKeptEdits(edits, manifestPath: sayHello + "/manifest.plugin", files: sources))
        XCTAssertFalse(FileSystem.exists(edits.root + "/before-sdk-2/Plugin/SayHelloView.swift.1"), "once")
        XCTAssertEqual(
            FileSystem.read(sayHello + "/Plugin/SayHelloView.swift"), shipped, "the shipped file is never written")
    }
}
