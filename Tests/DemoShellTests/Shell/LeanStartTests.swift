import DemoShellKit
import Foundation
import TestSupport
import XCTest

/// What a start loads: no SVG renderer once the pictures are
/// cached, even where Adwaita draws a checked box, and no library the
/// project builds needs the regular-expression runtime.
final class LeanStartTests: ShellProcessTestCase {
    private var cache = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        cache = NSTemporaryDirectory() + "demo-shell-lean-\(UUID().uuidString)"
        environment["XDG_CACHE_HOME"] = cache
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: cache)
        super.tearDown()
    }

    /// Whether the window has an icon for the window manager (`_NET_WM_ICON`).
    private func hasIcon(_ window: String) -> Bool {
        output(of: ["xprop", "-id", window, "_NET_WM_ICON"]).contains("Icon (")
    }

    private var cachedPictures: [Any] {
        FileManager.default.enumerator(atPath: cache + "/demo-shell/pictures")?.allObjects ?? []
    }

    /// Whether `condition` holds within a generous time (a safety net, not a limit).
    private func eventually(_ condition: () -> Bool) -> Bool { Poll.until(interval: 0.05, condition) }

    /// The shared objects mapped by a process showing `title`, then stops it.
    private func librariesLoaded(_ arguments: [String], showing title: String) throws -> [String] {
        let trace = NSTemporaryDirectory() + "demo-shell-start-\(UUID().uuidString)"
        environment["DEMO_SHELL_TRACE_START"] = trace
        defer {
            environment["DEMO_SHELL_TRACE_START"] = nil
            try? FileManager.default.removeItem(atPath: trace)
        }
        let run = try start(arguments)
        XCTAssertTrue(waitForWindow(named: title, pid: run.pid, while: run.process), "\(arguments) shows “\(title)”")
        let window = windows(named: title, pid: run.pid).first ?? ""
        XCTAssertTrue(
            eventually { self.hasIcon(window) },
            "\(title): the window has an icon (PNG, from the icon theme or the picture cache)")
        XCTAssertTrue(eventually { !self.cachedPictures.isEmpty }, "the start kept the demos' icons")
        // Once the first frame is drawn (its checked boxes, its icons).
        XCTAssertTrue(
            eventually { (FileSystem.read(trace) ?? "").contains("first frame") }, "\(title): its first frame")
        // /proc files say they are empty: read to the end rather than by size.
        let maps =
            FileHandle(forReadingAtPath: "/proc/\(run.pid)/maps")
            .map { String(decoding: $0.readDataToEndOfFile(), as: UTF8.self) } ?? ""
        kill(run.pid, SIGTERM)
        _ = run.finish(within: 10)
        return maps.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) }
            .filter { $0.contains(".so") }
    }

    func testAWarmLauncherAndADemoWithCheckedBoxesLoadNoSVGRenderer() throws {
        let cold = try librariesLoaded([], showing: "Demo Shell")
        XCTAssertTrue(cold.contains { $0.contains("libswiftCore") }, "the maps were read")

        let warm = try librariesLoaded([], showing: "Demo Shell")
        XCTAssertFalse(
            warm.contains { $0.contains("librsvg") },
            "the launcher rendered an SVG: \(warm.filter { $0.contains("svg") })")
        _ = try librariesLoaded(["--run=password"], showing: "Password Generator")  // its window icon, cached
        let password = try librariesLoaded(["--run=password"], showing: "Password Generator")
        XCTAssertFalse(password.contains { $0.contains("librsvg") }, "a checked box under Adwaita loaded librsvg")
    }

    /// The shell's own record of its start-up phases (`StartTrace`, asked
    /// for with DEMO_SHELL_TRACE_START): DemoShellStart's line from the
    /// .preinit_array, then each phase as the main thread finishes it. Exact,
    /// where the dynamic linker’s own debug record, written by several threads
    /// at once, lost lines and failed a fresh clone's CI.
    private func startTrace(_ arguments: [String]) throws -> [String] {
        let file = NSTemporaryDirectory() + "demo-shell-start-\(UUID().uuidString)"
        environment["DEMO_SHELL_TRACE_START"] = file
        defer {
            environment["DEMO_SHELL_TRACE_START"] = nil
            try? FileManager.default.removeItem(atPath: file)
        }
        let run = try start(arguments)
        XCTAssertEqual(run.finish(within: 60), 0, "\(arguments) ran: \(run.stderr)")
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// fontconfig reads its configuration and font list in Pango's thread
    /// while GTK opens the display and parses its theme; both before the
    /// application registers, while the session bus is reached on a thread
    /// of its own (a `Pending` probe), so that its round trips to the bus
    /// daemon are not waited for on the main thread. `--version` does none
    /// of it. The plugin checks (a fresh cache: they run) are child processes
    /// of the launcher: they write no trace over its own.
    func testFontsThenGTKStartBeforeTheApplicationRegisters() throws {
        for arguments in [["--autoquit"], ["--run=say-hello", "--autoquit"]] {
            XCTAssertEqual(
                try startTrace(arguments),
                ["slices from malloc", "fonts started", "GTK started", "application registered", "first frame"],
                "\(arguments)")
        }
        XCTAssertEqual(try startTrace(["--version"]), ["slices from malloc"], "--version")
    }

    /// GLib 2.74's slice allocator keeps 1.2 MB of never-returned magazines
    /// and slabs in every process; the executable switches it to malloc
    /// (DemoShellStart.c) from its .preinit_array, which must run before
    /// GLib's constructor makes the first slice: GLib refuses the setting
    /// after that, and the trace's first line is what GLib says it holds.
    func testSlicesComeFromMallocSetBeforeGLibStarts() throws {
        XCTAssertEqual(try startTrace(["--version"]).first, "slices from malloc")
    }

    /// The dynamic linker looks every symbol up in the order of the
    /// executable's dynamic section; DemoShellStart's module map puts the
    /// libraries most symbols come from (libepoxy, libc, GLib, libstdc++)
    /// ahead of GTK and the Swift runtime, 10 M instructions a start.
    func testTheMostSearchedLibrariesComeFirst() throws {
        let needed = output(of: ["readelf", "-d", buildProductsDirectory + "/demo-shell"])
            .split(separator: "\n").filter { $0.contains("(NEEDED)") }
            .compactMap { $0.split(separator: "[").last?.split(separator: "]").first.map(String.init) }
        XCTAssertEqual(
            Array(needed.prefix(4)), ["libepoxy.so.0", "libc.so.6", "libglib-2.0.so.0", "libstdc++.so.6"],
            "the executable's libraries, in order: \(needed)")
        for late in ["libgtk-3.so.0", "libswiftCore.so", "libDemoKit.so"] {
            XCTAssertGreaterThan(
                needed.firstIndex(of: late) ?? -1, needed.firstIndex(of: "libgobject-2.0.so.0") ?? Int.max,
                "\(late) comes after GObject: \(needed)")
        }
    }

    func testNoBuiltLibraryNeedsTheRegularExpressionRuntime() throws {
        let products = try FileManager.default.contentsOfDirectory(atPath: buildProductsDirectory)
            .filter { $0 == "demo-shell" || ($0.hasPrefix("lib") && $0.hasSuffix(".so")) }
        XCTAssertTrue(products.contains("libDemoKit.so"), "found the build products: \(products)")
        for product in products {
            let text = output(of: ["readelf", "-d", buildProductsDirectory + "/" + product])
            XCTAssertTrue(text.contains("(NEEDED)"), "\(product): readelf worked")
            XCTAssertFalse(
                text.contains("StringProcessing") || text.contains("RegexParser"),
                "\(product) links the regular-expression runtime")
        }
    }
}
