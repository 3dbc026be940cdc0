import DemoBasics
import EditRunModel
import ShellBasics
import DemoShellKit
import Foundation
@testable import PluginHost
import ShellModel
import TestSupport
import XCTest

/// The store of the learner's demos on a real (temporary) file system, no
/// display: create, rename, delete and undo, listing what was damaged by
/// hand, two launchers at once, a folder that cannot be written.
final class MyDemoStoreTests: XCTestCase {
    var folder = ""
    var store: MyDemoStore!
    var sdk: EditSDK!

    override func setUpWithError() throws {
        folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory("my-demos-XXXXXX"))
        store = MyDemoStore(root: folder + "/data/demo-shell/demos")
        try FileSystem.makeDirectory(folder + "/shared/TextBounds")
        try FileSystem.writeAtomically(
            "public struct TextLimit {}\n", to: folder + "/shared/TextBounds/TextLimit.swift")
        sdk = EditSDK(
            modulesDirectory: "/sdk/modules", includeDirectory: "/sdk/include", libraryDirectory: "/sdk/lib",
            sharedModulesDirectory: folder + "/shared", cFlags: [], compilerVersion: "", identity: "")
    }

    override func tearDown() {
        MyDemoStore.beforeRename = nil
        chmod(store.root, 0o700)
        FileSystem.removeTree(folder)
    }

    private func create(_ name: String, from start: MyDemoStore.Start = .blank, taken: Set<String> = ["say-hello"])
        throws -> MyDemo
    {
        try store.create(name: name, from: start, takenIDs: taken, takenModules: ["SayHello"], sdk: sdk).get()
    }

    func testABlankDemoIsAPackageInItsOwnFolder() throws {
        let demo = try create("My First")
        XCTAssertEqual(demo.id, "my-first")
        XCTAssertEqual(demo.folder, store.root + "/my-first")
        XCTAssertEqual(demo.manifest.module, "MyFirst")
        XCTAssertEqual(demo.manifest.info.name, "My First")
        for file in [
            "manifest.plugin", "Package.swift", "README.md", "Model/MyFirstModel.swift", "Plugin/MyFirstView.swift",
            "Plugin/MyFirstPlugin.swift", "Tests/MyFirstModelTests.swift",
        ] {
            XCTAssertTrue(FileSystem.isRegularFile(demo.folder + "/" + file), file)
        }
        XCTAssertEqual(store.list().demos.map(\.id), ["my-first"])
        XCTAssertEqual(FileSystem.contents(ofDirectory: store.root), ["my-first"], "no temporary folder is left")
        XCTAssertEqual(try create("My First").id, "my-first-2")
        XCTAssertEqual(try create("Say Hello").id, "say-hello-2", "never a built-in demo's id")
        XCTAssertEqual(try create("我的第一个").id, "demo-69e25c")
        XCTAssertEqual(try create("我的第二个").manifest.module, "Demo6a9c33")
        XCTAssertEqual(
            store.create(name: " / ", from: .blank, takenIDs: [], takenModules: [], sdk: sdk).failure, .emptyName)
    }

    func testACopyOfAnInstalledDemoTakesItsFilesAsTheyAreNow() throws {
        let manifestText =
            "[Plugin]\nId=say-hello\nModule=SayHello\nName=Say Hello\nABI=1\nSources=Model/SayHelloModel.swift;Plugin/SayHelloView.swift\n"
        let manifest = try DemoFiles.parseManifest(text: manifestText).get()
        let files = DemoFiles(
            texts: [
                "manifest.plugin": manifestText,
                "Model/SayHelloModel.swift": "import TextBounds\npublic struct SayHelloModel {}\n",
                "Plugin/SayHelloView.swift": "import SayHelloModel\n// edited\n",
            ], manifest: manifest)
        let demo = try create("My Hello", from: .copy(files))
        XCTAssertEqual(demo.manifest.module, "MyHello")
        XCTAssertEqual(FileSystem.read(demo.folder + "/Plugin/MyHelloView.swift"), "import MyHelloModel\n// edited\n")
        XCTAssertEqual(
            FileSystem.read(demo.folder + "/Shared/TextBounds/TextLimit.swift"), "public struct TextLimit {}\n")
        XCTAssertTrue(
            FileSystem.read(demo.folder + "/Package.swift")?.contains(
                "\"MyHelloModel\", dependencies: [\"TextBounds\"]") == true)
    }

    func testRenameChangesTheNameOnly() throws {
        let demo = try create("My First")
        let renamed = try store.rename(id: demo.id, to: "  Better\tName ").get()
        XCTAssertEqual(renamed.id, "my-first")
        XCTAssertEqual(renamed.manifest.info.name, "Better Name")
        XCTAssertEqual(renamed.manifest.module, "MyFirst")
        XCTAssertEqual(store.rename(id: "nothing", to: "x").failure, .noDemo("nothing"))
    }

    func testDeleteHidesAtOnceUndoBringsBackPurgeRemoves() throws {
        let demo = try create("My First")
        let deleted = try store.delete(id: demo.id).get()
        XCTAssertEqual(store.list().demos, [], "no longer listed")
        XCTAssertTrue(
            FileSystem.isRegularFile(deleted.trashPath + "/manifest.plugin"), "its files are kept until purged")
        XCTAssertEqual(
            try create("My First").id, "my-first-2", "a deleted demo's id stays taken while Undo may bring it back")
        XCTAssertEqual(try store.undo(deleted).get(), "my-first")
        XCTAssertEqual(store.list().demos.map(\.id).sorted(), ["my-first", "my-first-2"])
        let again = try store.delete(id: demo.id).get()
        store.purge(again)
        XCTAssertFalse(FileSystem.exists(again.trashPath))
        XCTAssertEqual(store.list().demos.map(\.id), ["my-first-2"])
        XCTAssertEqual(store.delete(id: "../x").failure, .noDemo("../x"))
    }

    func testWhatAKilledLauncherLeftIsPurgedOnceItIsOld() throws {
        let kept = try store.create(name: "Kept", from: .blank, takenIDs: [], takenModules: [], sdk: sdk).get()
        let gone = try store.create(name: "Gone", from: .blank, takenIDs: [], takenModules: [], sdk: sdk).get()
        let deleted = try store.delete(id: gone.id).get()
        let halfMade = FileSystem.join(store.root, ".new-abc123")
        try FileSystem.makeDirectory(halfMade)
        var info = stat()
        XCTAssertEqual(lstat(deleted.trashPath, &info), 0)
        let renamedAt = Int(info.st_ctim.tv_sec)

        XCTAssertEqual(
            store.purgeAbandoned(now: renamedAt + 10), [], "an Undo another launcher may still offer is kept")
        XCTAssertTrue(FileSystem.isDirectory(deleted.trashPath))
        XCTAssertEqual(
            Set(store.purgeAbandoned(now: renamedAt + 3600)), [FileSystem.basename(deleted.trashPath), ".new-abc123"])
        XCTAssertFalse(FileSystem.exists(deleted.trashPath))
        XCTAssertFalse(FileSystem.exists(halfMade))
        XCTAssertEqual(store.ids, [kept.id], "a listed demo is never touched")
    }

    /// A demo deleted for good left its edits, builds and
    /// settings under its id, and a new demo of that id started from them.
    func testNothingOfADeletedDemoSurvivesUnderItsIDWhateverEndedIt() throws {
        let saved = ["XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"].map { ($0, Environment.value($0)) }
        defer { for (name, value) in saved { Environment.set(name, value) } }
        for (name, _) in saved { Environment.set(name, folder + "/" + name) }
        func leave(_ id: String) throws -> [String] {
            let paths = [
                EditWorkspace(demoID: id).editedPath("Model/GhostModel.swift"),
                FileSystem.join(MyDemoBuilds.workspace(id: id).buildDirectory, "KEY", "libGhost.so"),
                Settings.path(pluginID: id), Settings.path(pluginID: id + ".edited"),
            ]
            for path in paths { try FileSystem.writeAtomically("the old demo's", to: path) }
            return paths
        }
        func assertGone(_ paths: [String], _ why: String, line: UInt = #line) {
            for path in paths { XCTAssertFalse(FileSystem.exists(path), "\(why): \(path)", line: line) }
        }
        // Undo lapsed: purge.
        var left = try leave(try create("Ghost").id)
        store.purge(try store.delete(id: "ghost").get())
        assertGone(left, "purged")
        // A launcher killed before the purge: the next one's start.
        left = try leave(try create("Ghost").id)
        let deleted = try store.delete(id: "ghost").get()
        XCTAssertEqual(store.purgeAbandoned(now: Int(time(nil)) + 3600), [FileSystem.basename(deleted.trashPath)])
        assertGone(left, "purged as abandoned")
        // Its trash removed by hand, or an older Demo Shell's: the new demo's making.
        left = try leave("ghost")
        XCTAssertEqual(try create("Ghost").id, "ghost")
        assertGone(left, "a new demo of that id")
        // Undo brings a demo back with what it had.
        left = try leave("ghost")
        XCTAssertEqual(try store.undo(try store.delete(id: "ghost").get()).get(), "ghost")
        for path in left { XCTAssertTrue(FileSystem.exists(path), "kept while Undo may bring it back: \(path)") }
    }

    func testAFolderDeletedOrDamagedByHandIsSkippedOrListedAsAFailure() throws {
        let first = try create("First"), second = try create("Second"), third = try create("Third")
        FileSystem.removeTree(first.folder)
        try FileSystem.writeAtomically("not a key file [", to: second.manifestPath)
        _ = FileSystem.remove(third.manifestPath)
        try FileSystem.makeDirectory(store.root + "/empty")
        try FileSystem.writeAtomically("x", to: store.root + "/stray-file")
        let listing = store.list()
        XCTAssertEqual(listing.demos, [])
        XCTAssertEqual(listing.failures.map(\.id), ["empty", "second", "third"])
        XCTAssertFalse(listing.failures[1].reason.isEmpty)
    }

    func testTwoLaunchersCreatingAtOnceNeverMix() throws {
        // Another launcher renames its "my-first" into place between this
        // one's writing and renaming: this one takes the next id.
        MyDemoStore.beforeRename = { [store] _, target in
            MyDemoStore.beforeRename = nil
            _ = try? store!.create(name: "My First", from: .blank, takenIDs: [], takenModules: [], sdk: self.sdk).get()
            XCTAssertTrue(FileSystem.exists(target))
        }
        let mine = try create("My First")
        XCTAssertEqual(mine.id, "my-first-2")
        XCTAssertEqual(store.list().demos.map(\.id), ["my-first", "my-first-2"])
        XCTAssertEqual(
            FileSystem.contents(ofDirectory: store.root + "/my-first").sorted(),
            FileSystem.contents(ofDirectory: store.root + "/my-first-2").sorted())
        XCTAssertFalse(
            FileSystem.contents(ofDirectory: store.root).contains { $0.hasPrefix(".") }, "no temporary folder is left")
    }

    func testADemoThatCannotBeReadBackIsNotLeftHalfMade() throws {
        MyDemoStore.beforeRename = { written, _ in
            MyDemoStore.beforeRename = nil
            try? FileSystem.writeAtomically("[Plugin]\nId=my-first\n", to: written + "/manifest.plugin")
        }
        let failure = try XCTUnwrap(
            store.create(name: "My First", from: .blank, takenIDs: [], takenModules: [], sdk: sdk).failure)
        XCTAssertEqual(failure, .cannotWrite(folder: store.root, reason: "The manifest has no Module key."))
        XCTAssertEqual(FileSystem.contents(ofDirectory: store.root), [], "nothing left")
        XCTAssertEqual(try create("My First").id, "my-first")
    }

    func testADataFolderThatCannotBeMadeGivesAClearMessage() throws {
        // A file where the data folder should be: mkdir fails, for root too.
        try FileSystem.writeAtomically("x", to: folder + "/blocked")
        let blocked = MyDemoStore(root: folder + "/blocked/demos")
        let failure = try XCTUnwrap(
            blocked.create(name: "New", from: .blank, takenIDs: [], takenModules: [], sdk: sdk).failure)
        XCTAssertEqual(failure, .cannotWrite(folder: blocked.root, reason: "cannot create \(blocked.root)"))
        XCTAssertTrue(failure.message.contains("\u{2068}\(blocked.root)\u{2069}"), failure.message)
        XCTAssertEqual(FileSystem.read(folder + "/blocked"), "x", "nothing lost")
    }

    func testAReadOnlyDataFolderGivesAClearMessageAndLosesNothing() throws {
        let kept = try create("Kept")
        // Root writes into any folder: the test acts as nobody (the
        // effective user only, given back at the end) in folders nobody
        // may read but not write.
        for part in ["", "/data", "/data/demo-shell"] { chmod(folder + part, 0o755) }
        chmod(store.root, 0o555)
        defer { chmod(store.root, 0o700) }
        if geteuid() == 0 { XCTAssertEqual(seteuid(65534), 0) }
        defer { if getuid() == 0 { seteuid(0) } }
        let failure = try XCTUnwrap(
            store.create(name: "New", from: .blank, takenIDs: [], takenModules: [], sdk: sdk).failure)
        guard case .cannotWrite(let place, let reason) = failure else { return XCTFail("\(failure)") }
        XCTAssertEqual(place, store.root)
        XCTAssertEqual(reason, "Permission denied")
        XCTAssertTrue(failure.message.contains("Nothing was changed"), failure.message)
        XCTAssertEqual(store.list().demos.map(\.id), [kept.id])
        XCTAssertEqual(store.delete(id: kept.id).failure, .cannotWrite(folder: store.root, reason: "Permission denied"))
        XCTAssertEqual(
            store.rename(id: kept.id, to: "Other").failure.map { if case .cannotWrite = $0 { true } else { false } },
            true)
        XCTAssertEqual(store.list().demos.map(\.manifest.info.name), ["Kept"], "still there, as it was")
    }

    func testAFullDataFolderGivesAClearMessageAndLeavesNothingBehind() throws {
        let kept = try create("Kept")
        // No file may grow past 64 bytes: each write of the new demo fails
        // as on a full disk (EFBIG, the signal ignored), for root too.
        var saved = rlimit()
        getrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved)
        let oldHandler = signal(SIGXFSZ, SIG_IGN)
        var small = saved
        small.rlim_cur = 64
        setrlimit(Int32(RLIMIT_FSIZE.rawValue), &small)
        let result = store.create(name: "New", from: .blank, takenIDs: [], takenModules: [], sdk: sdk)
        setrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved)
        signal(SIGXFSZ, oldHandler)
        let failure = try XCTUnwrap(result.failure)
        guard case .cannotWrite(let place, _) = failure else { return XCTFail("\(failure)") }
        XCTAssertEqual(place, store.root)
        XCTAssertTrue(failure.message.contains("Nothing was changed"), failure.message)
        XCTAssertEqual(
            FileSystem.contents(ofDirectory: store.root), [kept.id], "no half-written demo, no temporary folder")
        XCTAssertEqual(store.list().demos.map(\.id), [kept.id])
    }
}
