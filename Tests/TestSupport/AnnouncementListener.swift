import DemoKitTesting
import DemoShellKit
import Foundation
import XCTest

/// An AT-SPI client that listens for announcements (`object:announcement`,
/// what Orca speaks), run against this very process: scripts/atspi-windows.c
/// in its "listen" mode. Tests ask it what a screen reader heard, not what
/// the code meant to say.
@MainActor
package final class AnnouncementListener {
    /// One announcement as the client heard it.
    package struct Heard: Equatable, CustomStringConvertible {
        /// AT-SPI's live setting: 1 polite, 2 assertive; 0 unsaid, as
        /// at-spi2-core 2.46 sends every announcement (2.50 on: polite).
        package var politeness: Int
        package var text: String
        /// Waits its turn: not assertive (which interrupts the speech).
        package var isPolite: Bool { politeness != 2 }
        package var description: String { "\(text) (politeness \(politeness))" }
    }

    private let process = Process()
    private let input = Pipe()
    private let outputPath: String
    private var probes = 0

    /// Starts `client` (from `buildATSPIClient`) and waits until it listens.
    package init(client: String) throws {
        outputPath = FileSystem.join(FileSystem.dirname(client), "heard-\(UInt64.random(in: 0...UInt64.max))")
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: client)
        process.arguments = ["listen"]
        process.standardInput = input
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        try process.run()
        XCTAssertTrue(
            MainLoop.run(until: { self.lines.first == "listening" || !self.process.isRunning }, timeout: 10),
            "the AT-SPI client never listened")
        XCTAssertTrue(process.isRunning, "the AT-SPI client could not listen")
    }

    private var lines: [String] {
        ((try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// What the client heard: an announcement, a window shown or a window
    /// activated (by name).
    package enum Event: Equatable {
        case announcement(Heard)
        case window(String)
        case activated(String)
        /// The focus moved to an object, at its index among its parent's
        /// children (-1: no longer in the tree).
        case focused(index: Int, name: String)
    }

    /// Everything heard so far, in order.
    package var events: [Event] {
        lines.compactMap { line in
            if line.hasPrefix("window ") { return .window(String(line.dropFirst("window ".count))) }
            if line.hasPrefix("activate ") { return .activated(String(line.dropFirst("activate ".count))) }
            if line.hasPrefix("focus ") {
                let parts = line.dropFirst("focus ".count).split(
                    separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
                guard let index = parts.first.flatMap({ Int($0) }) else { return nil }
                return .focused(index: index, name: parts.count > 1 ? String(parts[1]) : "")
            }
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, parts[0] == "announcement", let politeness = Int(parts[1]) else { return nil }
            return .announcement(Heard(politeness: politeness, text: String(parts[2])))
        }
    }

    private func isProbe(_ event: Event, _ text: String? = nil) -> Bool {
        guard case .announcement(let heard) = event else { return false }
        return text.map { heard.text == $0 } ?? heard.text.hasPrefix("probe ")
    }

    /// Announces a probe on `widget` until the client hears one, and returns
    /// where it was heard in `events`. AT-SPI sends an application's events
    /// only once it knows a client listens for them, and the client's
    /// registration reaches this process a moment after "listening"; after
    /// that, every announcement arrives, in order (one connection carries
    /// them). A probe that came too early is lost, and the next is sent.
    private func probe(through widget: Widget, file: StaticString, line: UInt) -> Int? {
        for _ in 0..<100 {
            probes += 1
            let text = "probe \(probes)"
            widget.announce(text)
            // Only how often a lost probe is sent again; the wait ends when it is heard.
            if MainLoop.run(until: { self.events.contains { self.isProbe($0, text) } }, timeout: 0.1) {
                return events.firstIndex { isProbe($0, text) }
            }
        }
        XCTFail("the AT-SPI client hears no announcement of this process", file: file, line: line)
        return nil
    }

    /// What `action` makes a screen reader hear: the announcements between a
    /// probe before it and one after it (the main loop drained first, so a
    /// result announced in an idle or on the next frame is in).
    package func announcements(
        through widget: Widget, file: StaticString = #filePath, line: UInt = #line,
        during action: () throws -> Void
    ) rethrows -> [Heard] {
        try events(through: widget, file: file, line: line, during: action).compactMap { event in
            if case .announcement(let heard) = event { heard } else { nil }
        }
    }

    /// The announcements and windows shown that `action` makes heard, in order.
    package func events(
        through widget: Widget, file: StaticString = #filePath, line: UInt = #line,
        during action: () throws -> Void
    ) rethrows -> [Event] {
        guard let start = probe(through: widget, file: file, line: line) else { return [] }
        try action()
        MainLoop.drain()
        guard let end = probe(through: widget, file: file, line: line) else { return [] }
        return events[(start + 1)..<end].filter { !isProbe($0) }
    }

    /// Ends the client (its standard input closes).
    package func stop() {
        try? input.fileHandleForWriting.close()
        XCTAssertTrue(MainLoop.run(until: { !self.process.isRunning }, timeout: 10), "the AT-SPI client never ended")
        try? FileManager.default.removeItem(atPath: outputPath)
    }
}

/// The client, built once for the test run.
@MainActor private var builtClient: String?

extension GtkTestCase {
    /// An AT-SPI client listening for this process's announcements; stop it
    /// when done.
    package func listenForAnnouncements() throws -> AnnouncementListener {
        if builtClient == nil { builtClient = try buildATSPIClient() }
        return try AnnouncementListener(client: try XCTUnwrap(builtClient))
    }
}
