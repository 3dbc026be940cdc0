import DemoBasics
import ShellBasics
import Foundation
import EditRunModel
@testable import PluginHost
import ShellModel
import TestSupport
import XCTest

/// Export and import on a real (temporary) file system, no display.
final class DemoTransferTests: XCTestCase {
    var folder = ""
    var store: MyDemoStore!
    var sdk: EditSDK!

    override func setUpWithError() throws {
        folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory("demo-transfer-XXXXXX"))
        store = MyDemoStore(root: folder + "/data/demos")
        sdk = EditSDK(
            modulesDirectory: "/sdk/modules", includeDirectory: "/sdk/include", libraryDirectory: "/sdk/lib",
            sharedModulesDirectory: folder + "/no-shared", cFlags: [], compilerVersion: "", identity: "")
    }

    override func tearDown() { FileSystem.removeTree(folder) }

    private func blankFiles(_ name: String = "My First") throws -> DemoFiles {
        let demo = try XCTUnwrap(DemoNaming.identity(forName: name, takenIDs: [], takenModules: []))
        let texts = DemoTemplate.blank(demo)
        return DemoFiles(texts: texts, manifest: try DemoFiles.parseManifest(text: texts["manifest.plugin"]!).get())
    }

    private func importDemo(_ path: String, taken: Set<String> = ["say-hello"]) -> Result<MyDemo, MyDemosProblem> {
        DemoTransfer.importDemo(from: path, into: store, takenIDs: taken, takenModules: ["SayHello"], sdk: sdk)
    }

    func testAnExportIsAPackageInDirID() throws {
        let target = try DemoTransfer.export(try blankFiles(), to: folder + "/out", sdk: sdk).get()
        XCTAssertEqual(target, folder + "/out/my-first")
        for file in [
            "Package.swift", "README.md", "manifest.plugin", "Model/MyFirstModel.swift",
            "Tests/MyFirstModelTests.swift",
        ] {
            XCTAssertTrue(FileSystem.isRegularFile(target + "/" + file), file)
        }
        XCTAssertEqual(FileSystem.contents(ofDirectory: folder + "/out"), ["my-first"], "no temporary folder is left")
    }

    /// A plugin from elsewhere, read as Export reads it (`DemoFiles.current`).
    private func externalFiles(_ files: [String: String], manifest: String) throws -> DemoFiles {
        let plugin = folder + "/plugin"
        for (path, text) in files {
            try FileSystem.makeDirectory(FileSystem.dirname(plugin + "/" + path))
            try FileSystem.writeAtomically(text, to: plugin + "/" + path)
        }
        let manifestPath = plugin + "/tip.plugin"
        try FileSystem.writeAtomically(manifest, to: manifestPath)
        let entry = PluginEntry(
            manifest: try DemoFiles.parseManifest(text: manifest).get(), manifestPath: manifestPath,
            libraryPath: plugin + "/libTip.so", searchDirectory: plugin)
        return try DemoFiles.current(
            entry, myDemo: nil, sourcesDirectory: nil, resourcesDirectory: nil,
            edits: EditWorkspace(demoID: "tip-\(getpid())")
        ).get()
    }

    /// A plugin laid out as a package (`Sources/Tip/`) is
    /// refused with the reason, nothing written; one in a demo's shape
    /// keeps its `Tests/` and its catalogs under `locale/`.
    func testAnExportRefusesAPluginOutsideTheDemoLayoutAndKeepsTestsAndCatalogs() throws {
        let guideLayout = try externalFiles(
            ["Sources/Tip/Tip.swift": "import DemoKit\n"],
            manifest: "[Plugin]\nId=tip\nModule=Tip\nEntry=TipDemo\nName=Tip\nABI=1\nSources=Sources/Tip/Tip.swift\n")
        let refusal = try XCTUnwrap(DemoTransfer.export(guideLayout, to: folder + "/out", sdk: sdk).failure)
        XCTAssertEqual(
            refusal.plainMessage,
            "“Tip” cannot be exported: Export writes a demo’s Swift files from Model/ and Plugin/ beside its "
                + "manifest, and its manifest lists none there. Its folder is a package already: copy it instead. "
                + "Nothing was written.")
        XCTAssertFalse(FileSystem.exists(folder + "/out/tip"))

        FileSystem.removeTree(folder + "/plugin")
        let demoShape = try externalFiles(
            [
                "Model/TipModel.swift": "public struct TipModel {}\n", "Plugin/TipView.swift": "import DemoKit\n",
                "Tests/TipModelTests.swift": "import XCTest\n", "locale/zh_CN/LC_MESSAGES/tip.mo": "mo",
            ],
            manifest:
                "[Plugin]\nId=tip\nModule=Tip\nEntry=TipDemo\nName=Tip\nABI=1\nTextDomain=tip\n"
                + "Sources=Model/TipModel.swift;Plugin/TipView.swift\n")
        let target = try DemoTransfer.export(demoShape, to: folder + "/out", sdk: sdk).get()
        XCTAssertEqual(FileSystem.read(target + "/Tests/TipModelTests.swift"), "import XCTest\n")
        XCTAssertEqual(FileSystem.read(target + "/locale/zh_CN/LC_MESSAGES/tip.mo"), "mo")
        XCTAssertEqual(FileSystem.read(target + "/Plugin/TipView.swift"), "import DemoKit\n")
    }

    /// An exported package carries the demos' way to its
    /// translations: `update-translations` reads `localized("…")` (which
    /// xgettext cannot), writes `locale/DOMAIN.pot`, and compiles each
    /// `locale/LANG.po` where the shell binds the plugin's catalog.
    func testAnExportedPackageUpdatesAndCompilesItsOwnTranslations() throws {
        var files = try blankFiles()
        files.texts["manifest.plugin"] = try XCTUnwrap(files.texts["manifest.plugin"]) + "TextDomain=my-first\n"
        files.texts["Plugin/Extra.swift"] = "let greeting = localized(\"Hello, {name}!\")\n"
        let target = try DemoTransfer.export(files, to: folder + "/out", sdk: sdk).get()
        func update() throws -> (status: Int32, output: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "update-translations"]
            process.currentDirectoryURL = URL(fileURLWithPath: target)
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, output)
        }
        XCTAssertEqual(try update().status, 0)
        let pot = try XCTUnwrap(FileSystem.read(target + "/locale/my-first.pot"))
        XCTAssertTrue(pot.contains("#: Plugin/Extra.swift:1\nmsgid \"Hello, {name}!\""), pot)
        try FileSystem.writeAtomically(
            pot.replacingOccurrences(
                of: "msgid \"Hello, {name}!\"\nmsgstr \"\"", with: "msgid \"Hello, {name}!\"\nmsgstr \"你好，{name}！\""),
            to: target + "/locale/zh_CN.po")
        let second = try update()
        XCTAssertEqual(second.status, 0, second.output)
        let mo = try XCTUnwrap(FileSystem.readBytes(target + "/locale/zh_CN/LC_MESSAGES/my-first.mo"))
        XCTAssertTrue(String(decoding: mo, as: UTF8.self).contains("你好，{name}！"))
        // Imported again: its catalogs come with it, and the script is the store's own, written anew.
        let imported = try importDemo(target).get()
        XCTAssertTrue(FileSystem.exists(imported.folder + "/locale/zh_CN.po"))
        XCTAssertEqual(FileSystem.read(imported.folder + "/" + TranslationScript.fileName), TranslationScript.text)
    }

    func testAnExportNeverWritesIntoAFolderThatExists() throws {
        try FileSystem.makeDirectory(folder + "/out/my-first")
        try FileSystem.writeAtomically("mine", to: folder + "/out/my-first/Package.swift")
        let failure = try XCTUnwrap(DemoTransfer.export(try blankFiles(), to: folder + "/out", sdk: sdk).failure)
        XCTAssertEqual(failure, .exportExists(folder + "/out/my-first"))
        XCTAssertTrue(failure.message.contains("already exists"), failure.message)
        XCTAssertEqual(FileSystem.read(folder + "/out/my-first/Package.swift"), "mine")
        XCTAssertEqual(FileSystem.contents(ofDirectory: folder + "/out"), ["my-first"])
        // An empty folder or a file of that name is not written over either.
        FileSystem.removeTree(folder + "/out/my-first")
        try FileSystem.writeAtomically("x", to: folder + "/out/my-first")
        XCTAssertEqual(
            DemoTransfer.export(try blankFiles(), to: folder + "/out", sdk: sdk).failure,
            .exportExists(folder + "/out/my-first"))
    }

    func testAnInterruptedExportLeavesNothingThatLooksComplete() throws {
        var saved = rlimit()
        getrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved)
        let oldHandler = signal(SIGXFSZ, SIG_IGN)
        var small = saved
        small.rlim_cur = 200  // the first file or two fit, the rest do not
        setrlimit(Int32(RLIMIT_FSIZE.rawValue), &small)
        let result = DemoTransfer.export(try blankFiles(), to: folder + "/out", sdk: sdk)
        setrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved)
        signal(SIGXFSZ, oldHandler)
        let failure = try XCTUnwrap(result.failure)
        XCTAssertTrue(failure.message.contains("Nothing was left there"), failure.message)
        XCTAssertEqual(FileSystem.contents(ofDirectory: folder + "/out"), [])
    }

    func testAnExportImportsBackUnderAFreeIDAndModule() throws {
        let exported = try DemoTransfer.export(try blankFiles("Say Hello"), to: folder + "/out", sdk: sdk).get()
        XCTAssertEqual(FileSystem.basename(exported), "say-hello")
        let demo = try importDemo(exported).get()
        XCTAssertEqual(demo.id, "say-hello-2", "the built-in demo's id is taken")
        XCTAssertEqual(demo.manifest.module, "SayHello2")
        XCTAssertTrue(
            FileSystem.read(demo.folder + "/Plugin/SayHello2View.swift")?.contains("import SayHello2Model") == true)
        XCTAssertEqual(
            try importDemo(try DemoTransfer.export(try blankFiles("Mine"), to: folder + "/out", sdk: sdk).get()).get()
                .id,
            "mine", "a free id is kept")
    }

    func testAnImportedPackagesOwnManifestIsNeverKeptOrRun() throws {
        let exported = try DemoTransfer.export(try blankFiles(), to: folder + "/out", sdk: sdk).get()
        try FileSystem.writeAtomically(
            "// swift-tools-version:6.2\nimport Foundation\n// EVIL: rm -rf ~\n", to: exported + "/Package.swift")
        try FileSystem.makeDirectory(exported + "/.build/debug")
        try FileSystem.writeAtomically("x", to: exported + "/.build/debug/libMyFirst.so")
        let demo = try importDemo(exported).get()
        let package = try XCTUnwrap(FileSystem.read(demo.folder + "/Package.swift"))
        XCTAssertFalse(package.contains("EVIL"), "the store writes its own Package.swift")
        XCTAssertTrue(package.contains("let sdkModules = \"/sdk/modules\""))
        XCTAssertFalse(FileSystem.exists(demo.folder + "/.build"))
    }

    func testAFolderThatIsNoDemoIsRefusedNamingWhatIsMissing() throws {
        try FileSystem.makeDirectory(folder + "/empty")
        XCTAssertEqual(importDemo(folder + "/empty").failure, .importRefused(.noManifest(folder + "/empty")))
        XCTAssertEqual(
            importDemo(folder + "/nothing-here").failure, .importRefused(.notAFolder(folder + "/nothing-here")))
        let exported = try DemoTransfer.export(try blankFiles(), to: folder + "/out", sdk: sdk).get()
        _ = FileSystem.remove(exported + "/Plugin/MyFirstView.swift")
        XCTAssertEqual(importDemo(exported).failure, .importRefused(.missingSources(["Plugin/MyFirstView.swift"])))
        XCTAssertEqual(store.list().demos, [])
    }

    func testALinkPointingOutsideIsRefused() throws {
        let exported = try DemoTransfer.export(try blankFiles(), to: folder + "/out", sdk: sdk).get()
        XCTAssertEqual(symlink("../../../../../../etc/passwd", exported + "/Model/secret"), 0)
        XCTAssertEqual(importDemo(exported).failure, .importRefused(.linkOutside("Model/secret")))
        _ = FileSystem.remove(exported + "/Model/secret")
        XCTAssertEqual(symlink("/etc", exported + "/etc"), 0)
        XCTAssertEqual(importDemo(exported).failure, .importRefused(.linkOutside("etc")))
        XCTAssertEqual(store.list().demos, [])
    }

    /// Each of these was left out, and the import said only
    /// "Imported as …". Now the package is refused, naming the file.
    func testAFileAnImportCannotCopyRefusesThePackageNamingIt() throws {
        let exported = try DemoTransfer.export(try blankFiles(), to: folder + "/out", sdk: sdk).get()
        func refusal() -> MyDemosProblem? { importDemo(exported).failure }
        XCTAssertEqual(symlink("../Model/MyFirstModel.swift", exported + "/Plugin/Shared.swift"), 0)
        XCTAssertEqual(refusal(), .importRefused(.linkInside("Plugin/Shared.swift")), "a link to a file inside")
        let message = refusal()?.message ?? ""
        XCTAssertTrue(message.contains("\u{2068}Plugin/Shared.swift\u{2069}” is a symbolic link"), message)
        _ = FileSystem.remove(exported + "/Plugin/Shared.swift")
        XCTAssertEqual(symlink("loop", exported + "/loop"), 0)
        XCTAssertEqual(refusal(), .importRefused(.linkInside("loop")), "a link to itself")
        _ = FileSystem.remove(exported + "/loop")
        XCTAssertEqual(mkfifo(exported + "/Model/pipe", 0o600), 0)
        XCTAssertEqual(refusal(), .importRefused(.notAFile("Model/pipe")), "a FIFO")
        XCTAssertTrue(refusal()?.message.contains("neither a file nor a folder") == true, refusal()?.message ?? "")
        _ = FileSystem.remove(exported + "/Model/pipe")
        let latin1: [UInt8] = Array((exported + "/caf").utf8) + [0xE9, 0]  // "café" in Latin-1
        let fd = latin1.withUnsafeBytes {
            open($0.baseAddress!.assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT | O_EXCL, 0o600)
        }
        XCTAssertGreaterThanOrEqual(fd, 0)
        close(fd)
        XCTAssertEqual(refusal(), .importRefused(.undecodableName("caf\u{FFFD}")), "a name that is not UTF-8")
        XCTAssertEqual(store.list().demos, [], "nothing imported")
    }

    func testTenThousandFilesAreRefused() throws {
        let exported = try DemoTransfer.export(try blankFiles(), to: folder + "/out", sdk: sdk).get()
        try FileSystem.makeDirectory(exported + "/Resources")
        for index in 0..<10_000 {
            let fd = open(exported + "/Resources/f\(index)", O_WRONLY | O_CREAT | O_EXCL, 0o600)
            XCTAssertGreaterThanOrEqual(fd, 0)
            close(fd)
        }
        let failure = try XCTUnwrap(importDemo(exported).failure)
        XCTAssertEqual(failure, .importRefused(.tooManyFiles))
        XCTAssertTrue(failure.message.contains("2,000"), failure.message)
    }

    func testAGigabyteFileIsRefusedWithoutBeingRead() throws {
        let exported = try DemoTransfer.export(try blankFiles(), to: folder + "/out", sdk: sdk).get()
        // Sparse: a gigabyte by its size, no disk used.
        let fd = open(exported + "/movie.bin", O_WRONLY | O_CREAT | O_EXCL, 0o600)
        XCTAssertEqual(ftruncate(fd, 1 << 30), 0)
        close(fd)
        let failure = try XCTUnwrap(importDemo(exported).failure)
        XCTAssertEqual(failure, .importRefused(.fileTooLarge("movie.bin")))
        XCTAssertTrue(failure.message.contains("8 MiB"), failure.message)
    }
}
