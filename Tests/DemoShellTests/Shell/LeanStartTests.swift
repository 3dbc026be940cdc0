import Foundation
import XCTest

/// What a start loads (issue 18): no SVG renderer once the pictures are
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

    /// The shared objects mapped by a process showing `title`, then stops it.
    private func librariesLoaded(_ arguments: [String], showing title: String) throws -> [String] {
        let run = try start(arguments)
        XCTAssertTrue(waitForWindow(named: title, pid: run.pid, while: run.process), "\(arguments) shows “\(title)”")
        usleep(300_000) // the first frame drawn
        let window = windows(named: title, pid: run.pid).first ?? ""
        XCTAssertTrue(hasIcon(window), "\(title): the window has an icon (PNG, from the icon theme or the picture cache)")
        // /proc files say they are empty: read to the end rather than by size.
        let maps = FileHandle(forReadingAtPath: "/proc/\(run.pid)/maps")
            .map { String(decoding: $0.readDataToEndOfFile(), as: UTF8.self) } ?? ""
        kill(run.pid, SIGTERM)
        _ = run.finish(within: 10)
        return maps.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) }
            .filter { $0.contains(".so") }
    }

    func testAWarmLauncherAndADemoWithCheckedBoxesLoadNoSVGRenderer() throws {
        let cold = try librariesLoaded([], showing: "Demo Shell")
        XCTAssertTrue(cold.contains { $0.contains("libswiftCore") }, "the maps were read")
        let pictures = FileManager.default.enumerator(atPath: cache + "/demo-shell/pictures")?.allObjects ?? []
        XCTAssertFalse(pictures.isEmpty, "the first start kept the demos' icons")

        let warm = try librariesLoaded([], showing: "Demo Shell")
        XCTAssertFalse(warm.contains { $0.contains("librsvg") }, "the launcher rendered an SVG: \(warm.filter { $0.contains("svg") })")
        _ = try librariesLoaded(["--run=password"], showing: "Password Generator") // its window icon, cached
        let password = try librariesLoaded(["--run=password"], showing: "Password Generator")
        XCTAssertFalse(password.contains { $0.contains("librsvg") }, "a checked box under Adwaita loaded librsvg")
    }

    /// The order in which the shell's own code first calls two C functions,
    /// from the dynamic linker's record of lazy bindings (our libraries are
    /// bound lazily: a binding is made at the first call).
    private func firstCalls(_ arguments: [String], of symbols: [String]) throws -> [String] {
        let log = NSTemporaryDirectory() + "demo-shell-bindings-\(UUID().uuidString)"
        environment["LD_DEBUG"] = "bindings"
        environment["LD_DEBUG_OUTPUT"] = log
        defer { environment["LD_DEBUG"] = nil; environment["LD_DEBUG_OUTPUT"] = nil }
        let run = try start(arguments)
        XCTAssertEqual(run.finish(within: 30), 0, "\(arguments) ran")
        // One file per process (the plugin checks' too): the shell's is named by its pid.
        let text = (try? String(contentsOfFile: "\(log).\(run.pid)", encoding: .utf8)) ?? ""
        for name in (try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? []
        where name.hasPrefix((log as NSString).lastPathComponent) {
            try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + name)
        }
        XCTAssertTrue(text.contains("binding file"), "the dynamic linker wrote its record")
        return text.split(separator: "\n").compactMap { line in
            guard line.contains("libDemoKit.so") || line.contains("demo-shell [0] to") else { return nil }
            return symbols.first { line.hasSuffix("`\($0)'") }
        }
    }

    /// fontconfig reads its configuration and font list in Pango's thread
    /// while GTK parses its theme: the shell makes the font map before it
    /// registers the application (GTK's start-up). `--version` starts no fonts.
    func testFontsStartBeforeGTKWhenAWindowIsComing() throws {
        let symbols = ["pango_cairo_font_map_get_default", "g_application_register"]
        for arguments in [["--autoquit"], ["--run=say-hello", "--autoquit"]] {
            XCTAssertEqual(try firstCalls(arguments, of: symbols), symbols, "\(arguments)")
        }
        XCTAssertEqual(try firstCalls(["--version"], of: symbols), [], "--version")
    }

    /// GTK opens the display and parses its theme before the application
    /// registers, while the session bus is reached on a thread of its own
    /// (a `Pending` probe): the probe's round trips to the bus daemon are no
    /// longer waited for on the main thread. `--version` does neither.
    /// (The probe thread's own `g_thread_new` is left out: it is bound just
    /// as Pango's font thread starts binding, and the two threads' lines in
    /// the record can run into each other.)
    func testGTKStartsBeforeTheApplicationRegisters() throws {
        let symbols = ["gtk_settings_get_default", "g_application_register"]
        for arguments in [["--autoquit"], ["--run=say-hello", "--autoquit"]] {
            XCTAssertEqual(try firstCalls(arguments, of: symbols), symbols, "\(arguments)")
        }
        XCTAssertEqual(try firstCalls(["--version"], of: symbols), [], "--version")
    }

    /// GLib 2.74's slice allocator keeps 1.2 MB of never-returned magazines
    /// and slabs in every process; the executable switches it to malloc
    /// (DemoShellStart.c) from its .preinit_array, which must run before
    /// GLib's constructor makes the first slice: the dynamic linker's record
    /// shows the call bound (lazily, so made) before it calls GLib's init.
    func testSlicesComeFromMallocSetBeforeGLibStarts() throws {
        let log = NSTemporaryDirectory() + "demo-shell-init-\(UUID().uuidString)"
        environment["LD_DEBUG"] = "files,bindings"
        environment["LD_DEBUG_OUTPUT"] = log
        defer { environment["LD_DEBUG"] = nil; environment["LD_DEBUG_OUTPUT"] = nil }
        let run = try start(["--version"])
        XCTAssertEqual(run.finish(within: 30), 0, "--version ran")
        let text = (try? String(contentsOfFile: "\(log).\(run.pid)", encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: "\(log).\(run.pid)")
        let lines = text.split(separator: "\n")
        let glibInit = lines.firstIndex { $0.contains("calling init:") && $0.contains("libglib-2.0.so") }
        let configured = lines.firstIndex { $0.contains("demo-shell [0] to") && $0.hasSuffix("`g_slice_set_config'") }
        XCTAssertNotNil(glibInit, "the record shows GLib's constructor called")
        XCTAssertNotNil(configured, "the shell sets GLib's slice allocator")
        if let glibInit, let configured {
            XCTAssertLessThan(configured, glibInit, "the slice allocator is set before GLib starts")
        }
    }

    /// The dynamic linker looks every symbol up in the order of the
    /// executable's dynamic section; DemoShellStart's module map puts the
    /// libraries most symbols come from (libepoxy, libc, GLib, libstdc++)
    /// ahead of GTK and the Swift runtime, 10 M instructions a start.
    func testTheMostSearchedLibrariesComeFirst() throws {
        let needed = output(of: ["readelf", "-d", buildProductsDirectory + "/demo-shell"])
            .split(separator: "\n").filter { $0.contains("(NEEDED)") }
            .compactMap { $0.split(separator: "[").last?.split(separator: "]").first.map(String.init) }
        XCTAssertEqual(Array(needed.prefix(4)), ["libepoxy.so.0", "libc.so.6", "libglib-2.0.so.0", "libstdc++.so.6"],
                       "the executable's libraries, in order: \(needed)")
        for late in ["libgtk-3.so.0", "libswiftCore.so", "libDemoKit.so"] {
            XCTAssertGreaterThan(needed.firstIndex(of: late) ?? -1, needed.firstIndex(of: "libgobject-2.0.so.0") ?? Int.max,
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
            XCTAssertFalse(text.contains("StringProcessing") || text.contains("RegexParser"),
                           "\(product) links the regular-expression runtime")
        }
    }
}
