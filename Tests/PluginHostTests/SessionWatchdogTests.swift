import DemoKitTesting
import DemoShellKit
@testable import PluginHost
import Foundation
import TestSupport
import XCTest

/// The launcher's watchdog kills what it was told to when the launcher
/// dies, and never what started it (a fresh clone's CI ended
/// without a word inside the killed-launcher test): its own ancestors are
/// spared whatever the lists say, and a mark is a token of one launcher
/// start, never a pid another process may have.
final class SessionWatchdogTests: XCTestCase {
    /// A shell in a session of its own (`setsid`) carrying
    /// the watchdog's mark starts the watchdog as its child, and three
    /// sleeps: one marked in its session, one unmarked in its session, one
    /// unmarked in a session of its own; it lists its session and the
    /// last one's, then lets the watchdog read the list's end (as at the
    /// launcher's death). The marked sleep and the one in the listed session
    /// end; the shell (an ancestor) and what shares its session unmarked do not.
    func testTheWatchdogKillsItsSessionsAndMarksButNeverItsAncestors() throws {
        let token = "t" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        shell.arguments = [
            "/bin/sh", "-c",
            """
            read -r stat < /proc/$$/stat; set -- ${stat##*') '}; [ "$4" = $$ ] || { echo "not a session leader"; exit 1; }
            sleep 1000 & marked=$!
            env -u \(Subprocess.markVariable) sleep 1000 & beside=$!
            env -u \(Subprocess.markVariable) setsid sleep 1000 & alone=$!
            tries=0
            while [ $tries -lt 100000 ]; do
              read -r stat < /proc/$alone/stat; set -- ${stat##*') '}; [ "$4" = "$alone" ] && break; tries=$((tries + 1))
            done
            printf '+%s\n+%s\n' "$$" "$alone" | /bin/sh -c "$WATCHDOG_SCRIPT" watchdog "\(token)"
            for pid in $marked $beside $alone; do
              state=gone
              if read -r stat 2>/dev/null < /proc/$pid/stat; then set -- ${stat##*') '}; state=$1; fi
              echo "sleep $state"
              kill -9 $pid 2>/dev/null
            done
            echo "ancestor alive"
            """,
        ]
        shell.environment = ProcessInfo.processInfo.environment.merging([
            "WATCHDOG_SCRIPT": MainActor.assumeIsolated { SessionWatchdog.script },
            Subprocess.markVariable: "\(token).1",
        ]) { $1 }
        let output = Pipe()
        shell.standardOutput = output
        try shell.run()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        XCTAssertTrue(said.contains("ancestor alive"), "the watchdog killed the shell that started it: \(said)")
        let states = said.split(separator: "\n").filter { $0.hasPrefix("sleep ") }.map { $0.dropFirst("sleep ".count) }
        XCTAssertEqual(states.count, 3, said)
        guard states.count == 3 else { return }
        XCTAssertTrue(["Z", "gone"].contains(states[0]), "the marked sleep was left running: \(said)")
        XCTAssertFalse(["Z", "gone"].contains(states[1]), "what shares an ancestor's session was killed: \(said)")
        XCTAssertTrue(["Z", "gone"].contains(states[2]), "the listed session was left running: \(said)")
        XCTAssertEqual(shell.terminationReason, .exit)
    }

    /// Two process starts never share a token, and none is a pid.
    func testAMarkIsATokenOfThisProcessStartNotAPid() {
        let token = Subprocess.markToken
        XCTAssertNotEqual(token, String(getpid()))
        XCTAssertNil(Int(token), "a token is not a number another process may have as its pid: \(token)")
        XCTAssertGreaterThanOrEqual(token.count, 9)
    }
}
