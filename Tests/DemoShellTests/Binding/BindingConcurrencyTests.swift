import DemoShellKit
import DemoKitTesting
import Foundation
import TestSupport
import XCTest

/// Swift concurrency inside GTK's loop: main-actor jobs run between GTK's
/// events, so `async` code in a plugin updates its window.
@MainActor
final class BindingConcurrencyTests: GtkTestCase {
    func testAMainActorTaskRunsWithinOneLoopIteration() async {
        let label = Label("before")
        Task { @MainActor in label.text = "after" }
        XCTAssertEqual(label.text, "before", "the task has not run yet")
        MainLoop.iterate()
        XCTAssertEqual(label.text, "after")
    }

    func testCodeAfterAnAwaitUpdatesTheWindowWhileGtkSpins() async {
        let window = Window(title: "Sleep")
        let label = Label("waiting")
        window.add(label)
        show(window)
        Task { @MainActor in
            try await Task.sleep(for: .milliseconds(50))
            label.text = "slept"
        }
        XCTAssertTrue(
            MainLoop.run(until: { label.text == "slept" }),
            "the continuation after the await ran inside GTK's loop")
    }

    func testAWrapperDroppedOnAnotherThreadIsReleasedOnTheMainThread() async {
        final class Tracked: Button {
            nonisolated(unsafe) static var deinitOnMainThread: Bool?
            isolated deinit { Tracked.deinitOnMainThread = Thread.isMainThread }
        }
        Tracked.deinitOnMainThread = nil
        let holder = Holder(Tracked(label: "off the main thread"))
        let probe = (holder.value as! Button).probeFinalization()
        let releasedOffMain = Flag()
        Task.detached {
            releasedOffMain.value = !Thread.isMainThread
            holder.value = nil
        }
        // No await here: only GTK's loop runs, so the deinit job must reach it.
        XCTAssertTrue(MainLoop.run(until: { probe.isFinalized }), "the GObject was finalized")
        XCTAssertTrue(releasedOffMain.value, "the last reference was dropped off the main thread")
        XCTAssertEqual(Tracked.deinitOnMainThread, true, "the isolated deinit ran on the main thread")
    }

    /// The runtime counts GLib's executor as the main actor's (the shim's
    /// `swift_task_isMainExecutor_hook`): code on the main thread outside any
    /// Swift job, as GTK's handlers run in the shell, is on the main actor,
    /// so a wrapper released there is finalized at once. Without the hook
    /// its isolated deinit waits for a later job, and the GObject with it.
    func testAWrapperReleasedOnTheMainThreadOutsideAnyJobIsReleasedAtOnce() async {
        final class Released: Button {
            nonisolated(unsafe) static var deinitRan = false
            isolated deinit { Released.deinitRan = true }
        }
        // The test itself runs as a job; a block of libdispatch's main queue
        // does not (XCTest's run loop runs it while the test waits).
        let releasedAtOnce: Bool = await withCheckedContinuation { continuation in
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    Released.deinitRan = false
                    do { _ = Released(label: "released outside a job") }
                    continuation.resume(returning: Released.deinitRan)
                }
            }
        }
        XCTAssertTrue(releasedAtOnce, "the isolated deinit ran when the last reference went, not in a later job")
    }
}

/// Carries a wrapper to another thread (the test's whole point).
final class Holder: @unchecked Sendable {
    var value: AnyObject?
    init(_ value: AnyObject) { self.value = value }
}

final class Flag: @unchecked Sendable {
    var value = false
}
