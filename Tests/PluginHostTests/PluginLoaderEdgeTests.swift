import DemoShellKit
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// The loader's edge cases, each seen in an exploratory run of an earlier build.
@MainActor
final class PluginLoaderEdgeTests: XCTestCase {
    private var folder = ""

    override func setUp() async throws {
        folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory("demo-shell-edges-XXXXXX"))
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func registry(_ path: [String]) -> PluginRegistry {
        PluginRegistry(
            searchPath: path,
            checker: PluginChecker(
                executable: FileSystem.join(buildProductsDirectory, "demo-shell"),
                cachePath: FileSystem.join(folder, "cache", "plugin-checks")))
    }

    private func path(_ name: String) -> String { FileSystem.join(folder, name) }

    private func reason(_ registry: PluginRegistry, file name: String) -> String? {
        (registry.failures + registry.duplicates).first { $0.manifestPath == path(name) }?.reason
    }

    func testABrokenPluginEarlierOnThePathDoesNotHideAWorkingOne() async throws {
        // Seen: Id=say-hello with its library missing hid the built-in Say Hello.
        try FileSystem.writeAtomically(
            "[Plugin]\nId=say-hello\nModule=Missing\nName=Broken Hello\nABI=1\n", to: path("hello.plugin"))
        let registry = registry([folder, buildProductsDirectory])
        XCTAssertEqual(registry.entry(id: "say-hello")?.info.name, "Say Hello")
        XCTAssertTrue(
            reason(registry, file: "hello.plugin")?.contains("libMissing.so\u{2069} is missing") ?? false,
            "the broken one is still reported: \(registry.failures)")
        XCTAssertNil(registry.failure(id: "say-hello"), "the id is available")
        guard case .success = registry.module(id: "say-hello") else { return XCTFail("\(registry.failures)") }
    }

    func testAPluginFailingItsCheckGivesWayToTheNextWithItsID() async throws {
        // A library that is not one: loadable manifest, failing check.
        try FileSystem.writeAtomically(
            "[Plugin]\nId=say-hello\nModule=Fake\nName=Fake Hello\nABI=1\n", to: path("hello.plugin"))
        try FileSystem.writeAtomically("not an ELF file", to: path("libFake.so"))
        let registry = registry([folder, buildProductsDirectory])
        XCTAssertEqual(registry.entry(id: "say-hello")?.info.name, "Fake Hello", "unchecked, the first wins")
        XCTAssertTrue(registry.verify(id: "say-hello"))
        XCTAssertEqual(registry.entry(id: "say-hello")?.info.name, "Say Hello")
        XCTAssertTrue(
            reason(registry, file: "hello.plugin")?.contains("cannot be loaded") ?? false, "\(registry.failures)")
        XCTAssertFalse(
            registry.duplicates.contains { $0.name == "Say Hello" }, "the built-in is no longer called a duplicate")
    }

    func testInvalidUTF8IsNamedAsSuch() async throws {
        // Seen: a Name of invalid UTF-8 was reported as "has no Name key".
        var bytes = Array("[Plugin]\nId=latin\nModule=X\nName=Caf".utf8)
        bytes += [0xE9, 0x0A]  // Latin-1 é
        bytes += Array("ABI=1\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path("latin.plugin")))
        let registry = registry([folder])
        XCTAssertEqual(reason(registry, file: "latin.plugin"), "The manifest is not valid UTF-8 text (line 4).")
    }

    func testAByteOrderMarkIsAccepted() async throws {
        try FileSystem.writeAtomically(
            "\u{FEFF}[Plugin]\nId=bom\nModule=Bom\nName=With a BOM\nABI=1\n", to: path("bom.plugin"))
        try FileSystem.writeAtomically("", to: path("libBom.so"))
        XCTAssertEqual(registry([folder]).entry(id: "bom")?.info.name, "With a BOM")
    }

    func testOddFilesOnThePathAreReportedWithATrueReason() async throws {
        try FileManager.default.createDirectory(atPath: path("folder.plugin"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(
            atPath: path("dangling.plugin"), withDestinationPath: path("nowhere.plugin"))
        XCTAssertEqual(mkfifo(path("fifo.plugin"), 0o600), 0)
        let registry = registry([folder])  // a FIFO with no writer: this must not block
        XCTAssertEqual(reason(registry, file: "folder.plugin"), "This is a folder, not a manifest.")
        XCTAssertEqual(
            reason(registry, file: "dangling.plugin"),
            "This is a symbolic link to \(path("nowhere.plugin")), which does not exist.")
        XCTAssertEqual(reason(registry, file: "fifo.plugin"), "This is not a regular file but a named pipe (FIFO).")
    }

    func testAHugeManifestIsRefusedUnread() async throws {
        // Seen: a 512 MB manifest was read whole (1 GB of memory). A sparse file:
        // reading it would take seconds and 512 MB; stat() takes nothing.
        let fd = open(path("huge.plugin"), O_CREAT | O_WRONLY, 0o600)
        XCTAssertEqual(ftruncate(fd, 512 << 20), 0)
        close(fd)
        XCTAssertEqual(
            reason(registry([folder]), file: "huge.plugin"),
            "The manifest is 512 MiB; manifests larger than 64 KiB are refused unread.")
        // Exactly at the limit is fine as far as size goes (then it is checked as text).
        let header = "[Plugin]\nId=edge\nModule=Edge\nName=Edge\nABI=1\n#"
        try FileSystem.writeAtomically(
            header + String(repeating: "x", count: 65_536 - header.utf8.count), to: path("edge.plugin"))
        XCTAssertEqual(FileManager.default.contents(atPath: path("edge.plugin"))?.count, 65_536)
        XCTAssertEqual(
            reason(registry([folder]), file: "edge.plugin"),
            "The library \u{2068}libEdge.so\u{2069} is missing. Looked in: \u{2068}\(folder)\u{2069}. "
                + "No lib*.so file is there: build the plugin, then put its library beside the manifest.")
        try FileSystem.writeAtomically(
            header + String(repeating: "x", count: 65_537 - header.utf8.count), to: path("edge.plugin"))
        XCTAssertEqual(
            reason(registry([folder]), file: "edge.plugin"),
            "The manifest is 65537 bytes; manifests larger than 64 KiB are refused unread.")
    }

    /// `Module=Tipp` beside libTip.so says where it looked and
    /// what it found there; a trailing `# comment` is said to be part of the value.
    func testAMisspeltModuleSaysWhereItLookedAndWhatItFound() async throws {
        let plugin = path("tip")
        try FileSystem.makeDirectory(FileSystem.join(plugin, ".build", "debug"))
        try FileSystem.writeAtomically("", to: FileSystem.join(plugin, ".build", "debug", "libTip.so"))
        try FileSystem.writeAtomically(
            "[Plugin]\nId=tip\nModule=Tipp\nName=Tip\nABI=1\n", to: FileSystem.join(plugin, "tip.plugin"))
        try FileSystem.writeAtomically(
            "[Plugin]\nId=tip2\nModule=Tip # the library\nName=Tip 2\nABI=1\n",
            to: FileSystem.join(plugin, "tip2.plugin"))
        let found = registry([plugin])
        let misspelt = try XCTUnwrap(found.failures.first { $0.id == "tip" }?.reason)
        XCTAssertEqual(
            misspelt,
            "The library \u{2068}libTipp.so\u{2069} is missing. Looked in: \u{2068}\(plugin)\u{2069}, "
                + "\u{2068}\(plugin)/.build/debug\u{2069}. Found there: \u{2068}libTip.so\u{2069}. "
                + "Module=NAME names libNAME.so.")
        let commented = try XCTUnwrap(found.failures.first { $0.id == "tip2" }?.reason)
        XCTAssertTrue(
            commented.hasSuffix(
                "Comments take a line of their own in a manifest: a “#” after a value is part of the value."),
            commented)
        try FileSystem.writeAtomically(
            "[Plugin]\nId=tip # mine\nModule=Tip\nName=Tip\nABI=1\n", to: FileSystem.join(plugin, "tip.plugin"))
        let id = try XCTUnwrap(registry([plugin]).failures.first { $0.manifestPath.hasSuffix("/tip.plugin") }?.reason)
        XCTAssertTrue(id.contains("a “#” after a value is part of the value"), id)
    }

    /// A plugin in a folder of its own (`plugins/ID/ID.plugin`
    /// or `plugins/ID/manifest.plugin`) is found, the flat layout still is;
    /// a symbolic link to a manifest finds the library beside its target.
    func testAPluginInAFolderOfItsOwnAndALinkedManifestAreFound() async throws {
        let plugins = path("plugins"), elsewhere = path("elsewhere")
        for (folder, manifest) in [("tip", "tip.plugin"), ("bill", "manifest.plugin")] {
            try FileSystem.makeDirectory(FileSystem.join(plugins, folder))
            try FileSystem.writeAtomically(
                "[Plugin]\nId=\(folder)\nModule=M\(folder)\nName=\(folder)\nABI=1\n",
                to: FileSystem.join(plugins, folder, manifest))
            try FileSystem.writeAtomically("", to: FileSystem.join(plugins, folder, "libM\(folder).so"))
        }
        try FileSystem.writeAtomically(
            "[Plugin]\nId=flat\nModule=Flat\nName=Flat\nABI=1\n", to: FileSystem.join(plugins, "flat.plugin"))
        try FileSystem.writeAtomically("", to: FileSystem.join(plugins, "libFlat.so"))
        try FileSystem.makeDirectory(elsewhere)
        try FileSystem.writeAtomically(
            "[Plugin]\nId=linked\nModule=Linked\nName=Linked\nABI=1\n", to: FileSystem.join(elsewhere, "linked.plugin"))
        try FileSystem.writeAtomically("", to: FileSystem.join(elsewhere, "libLinked.so"))
        XCTAssertEqual(
            symlink(FileSystem.join(elsewhere, "linked.plugin"), FileSystem.join(plugins, "linked.plugin")), 0)
        let found = registry([plugins])
        XCTAssertEqual(found.failures.map(\.reason), [])
        XCTAssertEqual(found.entry(id: "tip")?.libraryPath, FileSystem.join(plugins, "tip", "libMtip.so"))
        XCTAssertEqual(found.entry(id: "bill")?.libraryPath, FileSystem.join(plugins, "bill", "libMbill.so"))
        XCTAssertEqual(found.entry(id: "flat")?.libraryPath, FileSystem.join(plugins, "libFlat.so"))
        XCTAssertEqual(found.entry(id: "linked")?.libraryPath, FileSystem.join(elsewhere, "libLinked.so"))
    }

    /// After `cp .build/debug/libTip.so .` and a rebuild, the
    /// newer build loads, not the stale copy beside the manifest.
    func testTheNewestOfTheCandidateLibrariesIsTaken() async throws {
        let plugin = path("tip")
        try FileSystem.makeDirectory(FileSystem.join(plugin, ".build", "debug"))
        try FileSystem.writeAtomically(
            "[Plugin]\nId=tip\nModule=Tip\nName=Tip\nABI=1\n", to: FileSystem.join(plugin, "tip.plugin"))
        let copy = FileSystem.join(plugin, "libTip.so"), built = FileSystem.join(plugin, ".build", "debug", "libTip.so")
        try FileSystem.writeAtomically("", to: copy)
        try FileSystem.writeAtomically("", to: built)
        func age(_ file: String, seconds: Int) {
            var times = [
                timespec(tv_sec: 1_700_000_000 + seconds, tv_nsec: 0),
                timespec(tv_sec: 1_700_000_000 + seconds, tv_nsec: 0),
            ]
            XCTAssertEqual(utimensat(AT_FDCWD, file, &times, 0), 0)
        }
        age(copy, seconds: 0)
        age(built, seconds: 60)
        XCTAssertEqual(registry([plugin]).entry(id: "tip")?.libraryPath, built, "the rebuilt library")
        age(copy, seconds: 120)
        XCTAssertEqual(registry([plugin]).entry(id: "tip")?.libraryPath, copy, "a copy made after it")
    }

    func testManifestTextIsBoundedToOneLineAndNoBidiControls() async throws {
        let long = ManifestText.oneLine(String(repeating: "W", count: 20_000), limit: ManifestText.nameLimit)
        XCTAssertEqual(long.count, ManifestText.nameLimit + 1)
        XCTAssertTrue(long.hasSuffix("…"))
        XCTAssertEqual(ManifestText.oneLine("Two\nlines\tand\u{7}bell", limit: 64), "Two lines and bell")
        XCTAssertEqual(ManifestText.oneLine("\u{202E}dlrow\u{2066} olleh", limit: 64), "dlrow olleh")
        let accents = ManifestText.oneLine("e" + String(repeating: "\u{301}", count: 50_000), limit: 64)
        XCTAssertEqual(accents.unicodeScalars.count, ManifestText.scalarsPerCharacter)
        XCTAssertEqual(ManifestText.paragraphs("One\n\nTwo\u{0}", limit: 100), "One\n\nTwo")
    }
}
