import DemoShellKit
import Launcher
import PluginHost
import ShellModel
import DemoKitTesting
import Glibc

/// `demo-shell-memory-cycles --compile-server`: the compile server's life in
/// one launcher, twice. Say Hello's Source page, Edit on (the server starts
/// and compiles its primer, the ready child starts), one Run Edited of a
/// greeting no build had before (its view compiled by the server), Stop,
/// Edit off; the second life with Show Values on (another build, compiled
/// again). After each the server's process must be gone, and after the
/// second the launcher must hold no more threads and descriptors than after
/// the first: what it kept for the server (its pipes, the watch on its
/// process) is given back. (The first life starts what the launcher keeps
/// from then on: `SessionWatchdog`'s `sh`, its socket and process watch,
/// and the Swift concurrency pool's threads.) Its memory is valgrind's to
/// judge (`make leaks` runs this under it).
@MainActor
enum CompileServerLife {
    static let option = "--compile-server"
    static let name = "compile-server"

    static func run() -> Int32 {
        // Never built before: the view's step must be compiled.
        let greeting = "Compiled by the server \(getpid()) \(Int(MainLoop.monotonicSeconds * 1000))"
        guard
            let driver = LauncherDriver.start(
                name,
                edits: [
                    "Plugin/SayHelloView.swift": { text in
                        text = text.replacingFirst(
                            "private let greeting = Label()", with: "private let greeting = Label(\"\(greeting)\")")
                    }
                ])
        else { return 1 }
        defer { driver.finish() }
        guard driver.openSayHellosSource() else {
            print("\(name): no Say Hello")
            return 1
        }
        MainLoop.spin(seconds: 0.5)
        let before = Holdings()
        guard let first = life(driver, showValues: false) else { return 1 }
        let afterFirst = Holdings()
        guard let second = life(driver, showValues: true) else { return 1 }
        let afterSecond = Holdings()
        for (number, life) in [(1, first), (2, second)] {
            print(
                "\(name): life \(number): server \(life.server) compiled \(life.compiles) step\(life.compiles == 1 ? "" : "s") "
                    + "of the Run Edited\(number == 2 ? " (Show Values)" : ""); after Edit off "
                    + "\(life.gone ? "its process is gone" : "it STILL RUNS"), \(life.ended ? "no child left" : "children left")"
            )
        }
        print(
            "\(name): launcher threads \(before.threads.count) before Edit, \(first.during.threads.count) with the server, "
                + "\(afterFirst.threads.count) after life 1, \(afterSecond.threads.count) after life 2; descriptors "
                + "\(before.descriptors.count), \(first.during.descriptors.count), \(afterFirst.descriptors.count), \(afterSecond.descriptors.count)"
        )
        let newThreads = afterSecond.threads.difference(afterFirst.threads)
        let newDescriptors = afterSecond.descriptors.difference(afterFirst.descriptors)
        if !newThreads.isEmpty { print("\(name): threads kept from life 2: \(newThreads.joined(separator: ", "))") }
        if !newDescriptors.isEmpty {
            print("\(name): descriptors kept from life 2: \(newDescriptors.joined(separator: ", "))")
        }
        let ok =
            [first, second].allSatisfy { $0.compiles >= 1 && $0.gone && $0.ended }
            && afterSecond.threads.count <= afterFirst.threads.count && newDescriptors.isEmpty
        print("\(name): \(ok ? "ok" : "FAILED")")
        return ok ? 0 : 1
    }

    /// The threads and descriptors this process has, once what ended has settled.
    private struct Holdings {
        let threads = LauncherDriver.threads(), descriptors = LauncherDriver.descriptors()
    }

    private struct Life {
        let server: Int32, compiles: Int, gone: Bool, ended: Bool, during: Holdings
    }

    /// Edit on, the server ready, one Run Edited, Stop and Edit off.
    private static func life(_ driver: LauncherDriver, showValues: Bool) -> Life? {
        let session = driver.session
        guard driver.set("Show Values", on: showValues), driver.set("Edit", on: true),
            driver.waitForEditsHelpers(timeout: 600),
            let server = session.builder.server.processID
        else {
            print("\(name): Edit on started no compile server that came to wait")
            return nil
        }
        let during = Holdings()
        let compiledBefore = session.builder.server.compiles
        guard driver.click("Run Edited"),
            MainLoop.run(until: { session.childProcessID != nil || session.phase == .idle }, timeout: 600),
            session.childProcessID != nil
        else {
            print("\(name): Run Edited started no demo")
            return nil
        }
        let compiles = session.builder.server.compiles - compiledBefore
        let ended = driver.endEditing()
        let gone = MainLoop.run(until: { LauncherDriver.isGone(server) }, timeout: 30)
        MainLoop.spin(seconds: 0.5)
        return Life(server: server, compiles: compiles, gone: gone, ended: ended, during: during)
    }
}

extension Array where Element == String {
    /// The elements of `self` that `other` lacks, as many times as `self` has more of them.
    func difference(_ other: [String]) -> [String] {
        var left = other
        return filter { element in
            guard let index = left.firstIndex(of: element) else { return true }
            left.remove(at: index)
            return false
        }
    }
}
