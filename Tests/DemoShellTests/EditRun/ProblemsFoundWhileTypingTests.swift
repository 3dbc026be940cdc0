import DemoShellKit
import DemoKitTesting
@testable import EditRunModel
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import TestSupport
import XCTest

/// What the errors found while typing replace in Problems: the file's
/// earlier ones (a build's are of an older text), never a crash of the
/// run, which the learner must see until the next run, whenever the
/// language service's answer comes.
@MainActor
final class ProblemsFoundWhileTypingTests: GtkTestCase {
    private let file = "Plugin/SayHelloView.swift"

    private func problem(_ message: String, origin: EditRunSession.Problem.Origin) -> EditRunSession.Problem {
        EditRunSession.Problem(
            relativePath: file,
            diagnostic: CompilerDiagnostic(severity: .error, path: "/x/" + file, line: 3, column: 1, message: message),
            origin: origin)
    }

    func testAnAnswerAboutTheTextKeepsTheRunsCrashAndReplacesTheBuildsErrors() async {
        let panel = EditRunPanel()
        let session = EditRunSession(paths: ShellPaths.current())
        let overlay = ValuesOverlay(panel: panel, session: session, settings: nil)
        let results = EditRunResults(panel: panel, session: session, live: LiveEditing(), valuesOverlay: overlay)
        results.editRunSession(
            session,
            didReport: .problems([problem("expected expression", origin: .compiler), problem("boom", origin: .crash)]))
        XCTAssertEqual(results.problems.count, 2)

        results.showFoundWhileTyping([problem("cannot convert", origin: .typing)], in: file)
        XCTAssertEqual(
            results.problems.map(\.diagnostic.message).sorted(), ["boom", "cannot convert"],
            "the crash stays, the build's error of an older text goes")
        results.showFoundWhileTyping([], in: file)
        XCTAssertEqual(results.problems.map(\.diagnostic.message), ["boom"], "a text without errors keeps the crash")
        session.close()
    }
}
