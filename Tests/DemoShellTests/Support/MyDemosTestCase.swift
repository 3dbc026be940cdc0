import DemoShellKit
import DemoKitTesting
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import TestSupport
import XCTest

/// A launcher test whose learner's demos live in a data folder of its own,
/// made for each test and removed after it, with the store over it.
@MainActor
open class MyDemosTestCase: LauncherTestCase {
    package private(set) var dataHome = ""
    private var savedDataHome: String?
    package var store: MyDemoStore!

    open override func setUp() async throws {
        try await super.setUp()
        savedDataHome = Environment.value("XDG_DATA_HOME")
        dataHome = try XCTUnwrap(FileSystem.makeTemporaryDirectory("demo-shell-mydemos-XXXXXX"))
        Environment.set("XDG_DATA_HOME", dataHome)
        store = MyDemoStore()
    }

    /// A Blank demo of the learner's, next to the built-in Say Hello.
    @discardableResult
    package func create(_ name: String) throws -> MyDemo {
        let sdk = try EditSDK.locate(paths: ShellPaths.current()).get()
        return try store.create(name: name, from: .blank, takenIDs: ["say-hello"], takenModules: ["SayHello"], sdk: sdk)
            .get()
    }

    /// After a subclass's own tear-down: the launcher's window goes, then the folder.
    open override func tearDown() async throws {
        shell?.launcher?.window.destroy()
        MainLoop.drain()
        Environment.set("XDG_DATA_HOME", savedDataHome)
        FileSystem.removeTree(dataHome)
        try await super.tearDown()
    }
}
