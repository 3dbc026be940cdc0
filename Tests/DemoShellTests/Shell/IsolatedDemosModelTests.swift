import DemoShellKit
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Glibc
import TestSupport
import XCTest

/// The GTK-free parts of running demos in processes of their own:
/// their output in the launcher's, what the launcher says when one ends, the
/// launcher's answer to a child, the roles.
final class IsolatedDemosModelTests: XCTestCase {
    func testAChildsOutputReachesTheLaunchersAsWholeLinesNamingTheDemo() {
        var lines = PrefixedLines(prefix: "[greeter] ")
        XCTAssertEqual(lines.add(Array("hel".utf8), from: .error), "", "no half line")
        XCTAssertEqual(lines.add(Array("out\nwor".utf8), from: .output), "[greeter] out\n", "each stream its own lines")
        XCTAssertEqual(lines.add(Array("lo\n\nFatal".utf8), from: .error), "[greeter] hello\n[greeter] \n")
        // A character split between two reads is kept whole.
        let heart = Array("♥\n".utf8)
        XCTAssertEqual(lines.add([heart[0]], from: .output), "")
        XCTAssertEqual(lines.add(Array(heart[1...]), from: .output), "[greeter] wor♥\n")
        let finished = lines.finish()
        XCTAssertEqual(finished.map(\.1), ["[greeter] Fatal\n"], "what was left, at the end")
        XCTAssertEqual(finished.first?.0, .error)

        var endless = PrefixedLines(prefix: "> ")
        let long = String(repeating: "x", count: PrefixedLines.longestLine + 1)
        XCTAssertEqual(endless.add(Array(long.utf8), from: .output), "> " + long + "\n", "an endless line is cut")
    }

    @MainActor
    func testTheLauncherNamesTheDemoAndTheSignal() async {
        XCTAssertEqual(IsolatedDemos.endMessage(name: "Greeter", signal: SIGILL), "“Greeter” crashed (SIGILL).")
        XCTAssertEqual(IsolatedDemos.endMessage(name: "Greeter", signal: SIGSEGV), "“Greeter” crashed (SIGSEGV).")
        XCTAssertEqual(IsolatedDemos.endMessage(name: "Greeter", signal: SIGKILL), "“Greeter” was stopped (SIGKILL).")
        XCTAssertEqual(IsolatedDemos.endMessage(name: "Greeter", signal: SIGTERM), "“Greeter” was stopped (SIGTERM).")
    }

    @MainActor
    func testTheLaunchersAnswerToOpenADemo() async {
        XCTAssertEqual(LauncherLink.openAnswer("say-hello\t", id: "say-hello"), .opened)
        XCTAssertEqual(
            LauncherLink.openAnswer("say-hello\tBroken: cannot be loaded", id: "say-hello"),
            .refused("Broken: cannot be loaded"))
        XCTAssertNil(LauncherLink.openAnswer("labels\t", id: "say-hello"), "an answer about another demo")
        XCTAssertNil(LauncherLink.openAnswer("", id: "say-hello"))
    }

    func testRolesAndTheLaunchersAddress() {
        let launcher = LauncherAddress(busName: ":1.7", applicationID: "io.github.demoshell.DemoShell")
        XCTAssertEqual(ShellRole.primary.settingsSuffix, "")
        XCTAssertEqual(
            ShellRole.child(edited: false, launcher: launcher).settingsSuffix, "", "the plugin's own settings")
        XCTAssertFalse(ShellRole.child(edited: false, launcher: launcher).marksEdited)
        XCTAssertEqual(ShellRole.child(edited: true, launcher: launcher).settingsSuffix, ".edited")
        XCTAssertTrue(ShellRole.child(edited: true, launcher: launcher).marksEdited)
        XCTAssertFalse(ShellRole.primary.isChild)

        let saved = (
            Environment.value(LauncherAddress.busNameVariable), Environment.value(LauncherAddress.applicationIDVariable)
        )
        defer {
            Environment.set(LauncherAddress.busNameVariable, saved.0)
            Environment.set(LauncherAddress.applicationIDVariable, saved.1)
        }
        for (name, value) in LauncherAddress.environment(
            busName: ":1.7", applicationID: "io.github.demoshell.DemoShell")
        {
            Environment.set(name, value)
        }
        XCTAssertEqual(LauncherAddress.fromEnvironment(default: "x.y"), launcher)
        Environment.set(LauncherAddress.busNameVariable, "io.github.demoshell.DemoShell")  // no unique name
        XCTAssertEqual(
            LauncherAddress.fromEnvironment(default: "x.y"), LauncherAddress(busName: nil, applicationID: "x.y"))
        Environment.set(LauncherAddress.busNameVariable, nil)
        XCTAssertEqual(
            LauncherAddress.fromEnvironment(default: "x.y"), LauncherAddress(busName: nil, applicationID: "x.y"))
    }
}
