import DemoBasics
import Foundation
import ShellBasics
import ShellModel
import TestSupport
import XCTest

/// The plugin shape with the manifest's Entry brought to a learner's demos written in the
/// old one, without a display or a file: the old template's output and
/// variants of it updated exactly, anything else left as it is and named.
final class SDKShapeUpdateTests: XCTestCase {
    let demo = DemoIdentity(name: "My First", id: "my-first", module: "MyFirst")

    func testTheOldTemplatesDemoBecomesTheNewTemplatesShape() {
        let old = OldShapeDemo.blank(demo), new = DemoTemplate.blank(demo)
        let update = SDKShapeUpdate.of(old)
        XCTAssertNil(update.problem)
        XCTAssertEqual(
            update.changed.keys.sorted(), ["Plugin/MyFirstPlugin.swift", "Plugin/MyFirstView.swift", "manifest.plugin"])
        XCTAssertEqual(update.changed["manifest.plugin"], new["manifest.plugin"], "Entry=MyFirstDemo after Module")
        XCTAssertEqual(
            update.changed["Plugin/MyFirstView.swift"], new["Plugin/MyFirstView.swift"], ": DemoView, no retain(self)")
        XCTAssertEqual(
            update.changed["Plugin/MyFirstPlugin.swift"], OldShapeDemo.updatedPlugin(demo),
            "makeView, no entry functions")
    }

    func testRunningItAgainChangesNothing() {
        var files = OldShapeDemo.blank(demo)
        files.merge(SDKShapeUpdate.of(files).changed) { $1 }
        XCTAssertEqual(SDKShapeUpdate.of(files), SDKShapeUpdate())
        XCTAssertEqual(
            SDKShapeUpdate.of(DemoTemplate.blank(demo)), SDKShapeUpdate(), "the new template is left as it is")
    }

    func testOtherSpacingReturnAndAnEntryFunctionFileOfItsOwn() {
        var files = OldShapeDemo.blank(demo)
        files["Plugin/MyFirstPlugin.swift"] = """
            import DemoKit

            final class MyFirstDemo : DemoModule {
                func makeWindow( host : DemoHost )->Window { return MyFirstView( host: host ) . window }
            }

            """
        files["Plugin/Entry.swift"] = """
            import DemoKit
            @_cdecl( "demo_shell_plugin_sdk" ) public func demoShellPluginSDK() -> UnsafePointer<CChar> {
              SDKContract.sdkIdentity
            }
            @_cdecl("demo_shell_plugin_create")
            public func demoShellPluginCreate() -> UnsafeMutableRawPointer { DemoPlugin.export {
                MyFirstDemo()
            } }
            """
        files["Plugin/MyFirstView.swift"] = files["Plugin/MyFirstView.swift"]!
            .replacingOccurrences(of: "final class MyFirstView {", with: "final class MyFirstView: NSObject {")
            .replacingOccurrences(of: "let window: Window", with: "var window: Window")
            .replacingOccurrences(of: "        window.retain(self)\n", with: "\t\twindow.retain(self)  \n")
        let update = SDKShapeUpdate.of(files)
        XCTAssertNil(update.problem)
        XCTAssertEqual(
            update.changed["Plugin/MyFirstPlugin.swift"],
            """
            import DemoKit

            final class MyFirstDemo : DemoModule {
                func makeView(host: DemoHost) -> any DemoView { return MyFirstView( host: host ) }
            }

            """)
        XCTAssertEqual(update.changed["Plugin/Entry.swift"], "import DemoKit\n")
        let view = update.changed["Plugin/MyFirstView.swift"] ?? ""
        XCTAssertTrue(view.contains("final class MyFirstView: NSObject, DemoView {"), view)
        XCTAssertFalse(view.contains("retain"), view)
        XCTAssertTrue(update.changed["manifest.plugin"]?.contains("Module=MyFirst\nEntry=MyFirstDemo\n") == true)
    }

    /// Kept edits of Say Hello made before the update: an edited view in
    /// the old shape beside the shipped plugin and manifest (which are not
    /// the learner's to change) becomes the shipped view again.
    func testKeptEditsOfABuiltInDemoBesideItsShippedFiles() throws {
        let folder = FileSystem.join(packageRoot, "Sources/Demos/SayHello")
        let view = try XCTUnwrap(FileSystem.read(folder + "/Plugin/SayHelloView.swift"))
        let oldView = view.replacingOccurrences(
            of: "final class SayHelloView: DemoView {", with: "final class SayHelloView {"
        )
        .replacingOccurrences(
            of: "        window.showAll()\n        entry.grabFocus()",
            with: "        window.retain(self)\n        window.showAll()\n        entry.grabFocus()")
        XCTAssertNotEqual(oldView, view)
        let shipped = [
            "manifest.plugin": try XCTUnwrap(FileSystem.read(folder + "/manifest.plugin")),
            "Plugin/SayHelloPlugin.swift": try XCTUnwrap(FileSystem.read(folder + "/Plugin/SayHelloPlugin.swift")),
        ]
        var files = shipped
        files["Plugin/SayHelloView.swift"] = oldView
        let update = SDKShapeUpdate.of(files, fixed: Set(shipped.keys))
        XCTAssertEqual(update, SDKShapeUpdate(changed: ["Plugin/SayHelloView.swift": view]))

        // The old plugin file kept as an edit: the manifest's Entry already names its class.
        files["Plugin/SayHelloPlugin.swift"] = """
            import DemoKit

            @MainActor
            final class SayHelloDemo: DemoModule {
                func makeWindow(host: DemoHost) -> Window {
                    SayHelloView(host: host).window
                }
            }

            @_cdecl("demo_shell_plugin_sdk")
            public func demoShellPluginSDK() -> UnsafePointer<CChar> { DemoKit.sdkIdentity }

            @_cdecl("demo_shell_plugin_create")
            public func demoShellPluginCreate() -> UnsafeMutableRawPointer {
                DemoPlugin.export { SayHelloDemo() }
            }

            """
        let both = SDKShapeUpdate.of(files, fixed: ["manifest.plugin"])
        XCTAssertNil(both.problem)
        XCTAssertEqual(both.changed["Plugin/SayHelloView.swift"], view)
        XCTAssertEqual(
            both.changed["Plugin/SayHelloPlugin.swift"],
            """
            import DemoKit

            @MainActor
            final class SayHelloDemo: DemoModule {
                func makeView(host: DemoHost) -> any DemoView {
                    SayHelloView(host: host)
                }
            }

            """)
    }

    func testAShapeNotKnownIsLeftAsItIsAndNamed() {
        let old = OldShapeDemo.blank(demo), plugin = "Plugin/MyFirstPlugin.swift", viewFile = "Plugin/MyFirstView.swift"
        func leftAlone(
            _ change: (inout [String: String]) -> Void, fixed: Set<String> = [], names file: String,
            line: UInt = #line
        ) {
            var files = old
            change(&files)
            let update = SDKShapeUpdate.of(files, fixed: fixed)
            XCTAssertEqual(update.changed, [:], "nothing is changed", line: line)
            XCTAssertEqual(update.problem?.file, file, line: line)
        }
        // A makeWindow that builds its window itself.
        leftAlone(
            {
                $0[plugin] = $0[plugin]!.replacingOccurrences(
                    of: "MyFirstView(host: host).window",
                    with: "let view = MyFirstView(host: host)\n        return view.window")
            }, names: plugin)
        // An export that passes something: not the old template's.
        leftAlone(
            {
                $0[plugin] = $0[plugin]!.replacingOccurrences(
                    of: "DemoPlugin.export { MyFirstDemo() }", with: "DemoPlugin.export { MyFirstDemo(level: 2) }")
            }, names: plugin)
        // The view keeps its window under another name.
        leftAlone(
            { $0[viewFile] = $0[viewFile]!.replacingOccurrences(of: "window", with: "mainWindow") }, names: viewFile)
        // The view is not a class of the demo's.
        leftAlone({ $0[viewFile] = nil }, names: plugin)
        // A generic view.
        leftAlone(
            {
                $0[viewFile] = $0[viewFile]!.replacingOccurrences(
                    of: "class MyFirstView {", with: "class MyFirstView<T> {")
            },
            names: viewFile)
        // The manifest names another class than the code makes.
        leftAlone(
            {
                $0["manifest.plugin"] = $0["manifest.plugin"]!.replacingOccurrences(
                    of: "Module=MyFirst\n", with: "Module=MyFirst\nEntry=OtherDemo\n")
            }, names: "manifest.plugin")
        // A change needed in a file that is not the learner's.
        leftAlone({ _ in }, fixed: [viewFile], names: viewFile)
    }

    func testTheMessageSaysWhatToChangeWithTheNewShapeInTwoLines() throws {
        var files = OldShapeDemo.blank(demo)
        files["Plugin/MyFirstPlugin.swift"] = files["Plugin/MyFirstPlugin.swift"]!
            .replacingOccurrences(of: "MyFirstView(host: host).window", with: "makeIt()")
        let problem = try XCTUnwrap(SDKShapeUpdate.of(files).problem)
        let lines = problem.message.split(separator: "\n")
        XCTAssertEqual(lines.count, 3)
        XCTAssertTrue(lines[0].contains("\u{2068}Plugin/MyFirstPlugin.swift\u{2069}"), String(lines[0]))
        XCTAssertEqual(lines[1], "Entry=MyFirstDemo")
        XCTAssertEqual(lines[2], "func makeView(host: DemoHost) -> any DemoView { MyFirstView(host: host) }")
        XCTAssertTrue(
            problem.plainMessage.hasPrefix(
                "This demo was written for an older Demo Shell and Plugin/MyFirstPlugin.swift"))
    }
}
