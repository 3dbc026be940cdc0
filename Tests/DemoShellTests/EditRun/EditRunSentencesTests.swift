import DemoShellKit
@testable import EditRunModel
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Glibc
import TestSupport
import XCTest

/// The sentences the Launcher makes of what the edit-and-run session
/// reports (the session reports values, never prose), without a display.
final class EditRunSentencesTests: XCTestCase {
    func testHowTheEditedDemoEndedIsToldWithTheCrashLine() {
        var tail = OutputTail()
        tail.add(
            "about to fail\nSayHello/SayHelloView.swift:15: Fatal error: Index out of range\nCurrent stack trace:\n")
        for index in 0..<60 { tail.add("\(index)    libswiftCore.so   0x00007efe0755f130 swift_reportError + 33\n") }
        XCTAssertEqual(
            EditRunEnding(.signaled(SIGILL), lastError: tail.crashLine).sentence,
            "Crashed: SIGILL (Fatal error: Index out of range).")
        XCTAssertEqual(EditRunEnding(.signaled(SIGSEGV), lastError: nil).sentence, "Crashed: SIGSEGV.")
        XCTAssertEqual(EditRunEnding(.exited(3), lastError: nil).sentence, "Exited with status 3.")
        XCTAssertEqual(EditRunEnding(.signaled(SIGKILL), lastError: "x").sentence, "Stopped (SIGKILL).")
        XCTAssertEqual(
            EditRunEnding(.signaled(SIGTERM), lastError: nil, stoppedHere: false).sentence,
            "Killed (SIGTERM) by another program.")
        XCTAssertEqual(EditRunStatus.ended(EditRunEnding(.exited(0), lastError: nil)).sentence, "Exited with status 0.")
    }

    func testTheBuildsStatusesAreSentences() {
        XCTAssertEqual(EditRunStatus.building.sentence, "Building…")
        XCTAssertEqual(EditRunStatus.buildStopped.sentence, "Build stopped.")
        XCTAssertEqual(EditRunStatus.running.sentence, "Running the edited demo.")
        XCTAssertEqual(
            EditRunStatus.buildFailed(errors: 1, compilerSaid: "x").sentence, "The build failed with 1 error.")
        XCTAssertEqual(
            EditRunStatus.buildFailed(errors: 3, compilerSaid: "x").sentence, "The build failed with 3 errors.")
        XCTAssertEqual(
            EditRunStatus.buildFailed(errors: 0, compilerSaid: "ld: cannot find -lDemoKit").sentence,
            "The build failed: ld: cannot find -lDemoKit", "no error listed: the compiler's last words say why")
        XCTAssertEqual(
            EditRunStatus.overTime(seconds: 300).sentence,
            "The build was stopped: the compiler ran for more than 300 seconds without finishing.")
        XCTAssertEqual(
            EditRunStatus.overTime(seconds: 0.5).sentence,
            "The build was stopped: the compiler ran for more than 0.5 seconds without finishing.")
        XCTAssertEqual(
            EditRunStatus.cannotStart(reason: "No such file or directory").sentence,
            "The edited demo cannot be started: No such file or directory.")
        XCTAssertEqual(EditRunStatus.cannotBuild(.noCompiler).sentence, EditRunProblem.noCompiler.message)
    }
}
