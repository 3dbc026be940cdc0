// swift-tools-version:6.2
// 6.2: the 2048 board is an InlineArray (SE-0453), and the SDK uses isolated deinit.
import Foundation
import PackageDescription

/// Demo Shell: a GTK 3 launcher whose demos are plugins loaded at run time.
///
/// The SDK (`DemoKit`, with the `Gtk` binding layer) is a separate path package so
/// that it links as one shared library: the shell and every plugin then share a
/// single copy of each type and `as? DemoModule` works across `dlopen`.
/// Each demo folder holds `Model/` (GTK-free rules, tested directly), `Plugin/`
/// (the view and entry point, built as `libNAME.so`) and `manifest.plugin`.
let demos = [
    "SayHello", "Labels", "Buttons", "SwiftControls", "StoryBuilder", "GuessNumber",
    "Calculator", "PasswordGenerator", "Game2048",
]

/// Libraries a demo's model builds on, beyond the standard library.
/// The calculator's exact arithmetic stands on GMP's rationals (`CGMP`), which
/// every Debian system has, so no library the project builds links Foundation;
/// the demos with text fields share TextBounds' rules for hostile text.
let modelDependencies: [String: [Target.Dependency]] = [
    "Calculator": ["CGMP", "TextBounds"],
    "SayHello": ["TextBounds"], "StoryBuilder": ["TextBounds"], "Labels": ["TextBounds"],
    "PasswordGenerator": ["TextBounds"],
]

/// What a demo's model tests use beyond its model: the seeded generator
/// 2048's games replay with (`SeededRandom`), and TextBounds' rules.
let modelTestDependencies: [String: [Target.Dependency]] = [
    "Calculator": ["Game2048Model"], "GuessNumber": ["Game2048Model"], "PasswordGenerator": ["Game2048Model"],
    "SayHello": ["Game2048Model", "TextBounds"], "StoryBuilder": ["Game2048Model", "TextBounds"],
]

/// What every GUI and process test target links: the shell's layers and the tests' instruments.
let testing: [Target.Dependency] = [
    "TestSupport", "Launcher", "PluginHost", "EditRunModel", "ShellModel", "DemoShellKit", "DemoKitTesting",
    .product(name: "DemoKit", package: "DemoKit"),
]

/// No target imports the regular-expression library implicitly: it is two
/// more shared libraries to load and relocate for every start.
let lean: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-disable-implicit-string-processing-module-import"])]

/// A target compiled as a member of the SDK's package (with
/// `packageAccess: false`, so that SwiftPM's own `-package-name` does not
/// come after this one): it reaches the SDK's `package` declarations.
/// "demokit" is the identity SwiftPM gives the folder Sources/DemoKit.
let sdkMember: [SwiftSetting] = [
    .unsafeFlags([
        "-Xfrontend", "-disable-implicit-string-processing-module-import",
        "-package-name", "demokit",
    ])
]

/// What a member of the SDK's package calls of GTK directly: libDemoKit.so
/// brings GTK along, but a library linked only through it is not linked here.
let gtkLibraries: [LinkerSetting] = [
    "gtk-3", "gdk-3", "gdk_pixbuf-2.0", "pango-1.0", "pangocairo-1.0", "cairo", "atk-1.0", "gio-2.0",
    "gobject-2.0", "glib-2.0",
]
.map { .linkedLibrary($0) }

let package = Package(
    name: "demo-shell",
    products: [
        .executable(name: "demo-shell", targets: ["DemoShell"]),
        .executable(name: "game2048-bench", targets: ["Game2048Bench"]),
        .executable(name: "calculator-bench", targets: ["CalculatorBench"]),
        .executable(name: "demo-shell-memory-cycles", targets: ["MemoryCycles"]),
        .executable(name: "demo-shell-edit-bench", targets: ["EditRunBench"]),
        .executable(name: "demo-shell-test-helper", targets: ["TestHelper"]),
    ] + demos.map { .library(name: $0, type: .dynamic, targets: [$0]) },
    dependencies: [
        .package(name: "DemoKit", path: "Sources/DemoKit")
    ],
    targets: [
        .executableTarget(
            name: "DemoShell",
            dependencies: [
                "Launcher", "DemoShellStart",
            ],
            path: "Sources/DemoShell",
            swiftSettings: lean),
        // C run before any library starts (.preinit_array): GLib's slice
        // allocator set to malloc, so that no process keeps memory it freed.
        .target(
            name: "DemoShellStart",
            path: "Sources/DemoShellStart",
            // DWARF 4, as the Swift code's: valgrind 3.19 (Debian 12) gives up
            // on clang's DWARF 5 and then on the whole executable.
            cSettings: [.unsafeFlags(["-gdwarf-4"])],
            linkerSettings: [.linkedLibrary("glib-2.0")]),
        // The host in layers, each a target so that the compiler keeps
        // dependencies pointing one way: Launcher → PluginHost → EditRunModel
        // → ShellModel. The rules, GTK-free (DemoBasics is the SDK's GTK-free part).
        .target(
            name: "ShellModel",
            dependencies: [.product(name: "DemoKit", package: "DemoKit"), "TextBounds", "Wire"],
            path: "Sources/Shell/Model",
            swiftSettings: lean),
        // Edit and Run's rules, GTK-free: where edits live, the build plan,
        // the compiler's diagnostics, the crash reader, the output's decoding,
        // Live's rules, Show Values' log and its wire.
        .target(
            name: "EditRunModel",
            dependencies: ["ShellModel", .product(name: "DemoKit", package: "DemoKit"), "TextBounds", "Wire"],
            path: "Sources/Shell/EditRunModel",
            swiftSettings: lean),
        // Finding, checking and loading plugins, and the processes the shell starts.
        .target(
            name: "PluginHost",
            dependencies: [
                "EditRunModel", "ShellModel", "DemoShellKit", .product(name: "DemoKit", package: "DemoKit"),
                "TextBounds", "Wire", "CCompileServer",
            ],
            path: "Sources/Shell/PluginHost",
            swiftSettings: lean),
        // Edit and Run's compile server: the declarations of the toolchain's
        // SourceKit library, which its loop (PluginHost) loads at run time
        // to compile steps without a frontend process each.
        .systemLibrary(
            name: "CCompileServer",
            path: "Sources/Shell/CompileServer"),
        // The windows and widgets, and the application that owns them.
        .target(
            name: "Launcher",
            dependencies: [
                "PluginHost", "EditRunModel", "ShellModel", "DemoShellKit",
                .product(name: "DemoKit", package: "DemoKit"), "TextBounds", "Wire",
            ],
            path: "Sources/Shell/Launcher",
            swiftSettings: lean),
        // What a text field accepts of hostile text: GTK-free, for every model.
        .target(name: "TextBounds", path: "Sources/TextBounds", swiftSettings: lean),
        // Show Values' support module: linked into an edited demo built with
        // Show Values only (from the copy in the SDK), never into the shell;
        // a target here so that its tests import it.
        .target(name: "DemoValues", dependencies: ["Wire"], path: "Sources/DemoValues", swiftSettings: lean),
        // The one framing of every channel between the shell's processes
        // (check results, compile requests, the ready child's run, values,
        // window places): dependency-free, because DemoValues, compiled into
        // an edited demo apart from the shell, writes the frames the shell
        // reads; its sources go with DemoValues' into the SDK (sdk/values/).
        .target(name: "Wire", path: "Sources/Wire", swiftSettings: lean),
        // Built by `swift build` but linked by nothing: its bundle beside the
        // executable holds the compiled catalogs, the manifests and Resources/.
        .target(
            name: "DemoShellData",
            path: "Sources/DemoShellData",
            plugins: ["DataBundler"]),
        .plugin(
            name: "DataBundler",
            capability: .buildTool(),
            path: "Sources/DataBundler"),
        // `make bench`'s 2048 section (model move rate, offscreen frame time).
        .executableTarget(
            name: "Game2048Bench",
            dependencies: [.product(name: "DemoKit", package: "DemoKit"), "DemoShellKit", "Game2048", "Game2048Model"],
            path: "Sources/Benchmarks/Game2048Bench"),
        // `make bench`'s calculator section: a long chain of exact operations.
        .executableTarget(
            name: "CalculatorBench",
            dependencies: ["CalculatorModel"],
            path: "Sources/Benchmarks/CalculatorBench"),
        // `make leaks`' and MemoryCyclesTests' diagnostic: every demo opened
        // and closed N times in one process. Not installed.
        .executableTarget(
            name: "MemoryCycles",
            dependencies: [
                "Launcher", "PluginHost", "EditRunModel", "ShellModel", "TextBounds",
                "DemoKitTesting",
            ],
            path: "Sources/Benchmarks/MemoryCycles",
            swiftSettings: lean),
        // `make bench`'s Edit and Run section: one Run Edited, timed by mapwait.
        .executableTarget(
            name: "EditRunBench",
            // DemoKitTesting: the language bench types into the editor as a learner does (key events).
            dependencies: ["Launcher", "PluginHost", "EditRunModel", "ShellModel", "Wire", "DemoKitTesting"],
            path: "Sources/Benchmarks/EditRunBench",
            swiftSettings: lean),
        // The launchers some tests kill with SIGKILL (a ready child waiting,
        // a build running, a plugin from elsewhere open), each to see that
        // what it started ends with it. Not installed.
        .executableTarget(
            name: "TestHelper",
            dependencies: [
                "Launcher", "PluginHost", "EditRunModel", "ShellModel", "DemoShellKit",
                .product(name: "DemoKit", package: "DemoKit"),
            ],
            path: "Sources/TestHelper",
            swiftSettings: lean),
        // The tests' instruments (synthetic input, snapshots and renders, the
        // accessibility tree, lifetime probes, the GLib log recorder, the main
        // loop run to a condition), for the tests and MemoryCycles only: never
        // in libDemoKit.so, so no plugin reaches one and the SDK's interfaces
        // declare none. Its sources are the SDK's (Sources/DemoKit), and it is
        // compiled as a member of the SDK's package (`-package-name`), whose
        // `package` hooks it reaches; it is a target here, not a product
        // there, because SwiftPM links a target's same-package dependencies
        // into the product that uses them: a product of the SDK package would
        // carry a second copy of the binding into the tests. Here it links
        // libDemoKit.so, as the shell does.
        // What only the shell uses, on top of the SDK: processes and their
        // trees, single instance and remote actions, file monitors, key files,
        // GtkSourceView and what the editor draws, the shortcuts window, GTK's
        // start. Its sources stand with the SDK's (Sources/DemoKit/Sources/),
        // and it compiles as a member of the SDK's package, as DemoKitTesting
        // below does (the binding's raw pointers and closure boxes are
        // `package`), but it is linked into the shell alone: no plugin can
        // import it, and nothing in it is part of the SDK's ABI.
        .target(
            name: "DemoShellKit",
            dependencies: [.product(name: "DemoKit", package: "DemoKit")],
            path: "Sources/DemoKit/Sources/DemoShellKit",
            packageAccess: false,
            swiftSettings: sdkMember,
            linkerSettings: gtkLibraries),
        .target(
            name: "DemoKitTesting",
            dependencies: [.product(name: "DemoKit", package: "DemoKit"), "DemoShellKit"],
            path: "Sources/DemoKit/Sources/DemoKitTesting",
            // Not this package's name (SwiftPM's `-package-name`), the SDK's.
            packageAccess: false,
            swiftSettings: sdkMember,
            linkerSettings: gtkLibraries),
        // GMP (libgmp-dev to build, libgmp10 at run time), for the calculator's model only.
        .systemLibrary(
            name: "CGMP",
            path: "Sources/Demos/Calculator/CGMP",
            providers: [.apt(["libgmp-dev"])]),
        // What the GUI and process tests share (test cases with a display,
        // the launcher's, the accessibility tree's client, the one polling
        // helper): a library of the test bundle, not a product. Every
        // build compiles it, release ones too, so it reaches the shell's
        // modules through `package` access, never `@testable import`.
        .target(
            name: "TestSupport",
            dependencies: [
                "Launcher", "PluginHost", "EditRunModel", "ShellModel", "DemoShellKit", "DemoKitTesting",
                .product(name: "DemoKit", package: "DemoKit"),
            ],
            path: "Tests/TestSupport",
            swiftSettings: [.swiftLanguageMode(.v5)]),
        // What the GTK-free tests share: how many random cases to play, and
        // the frames a fuzz test feeds a decoder.
        .target(
            name: "ModelTesting", dependencies: ["Wire"], path: "Tests/ModelTesting",
            swiftSettings: [.swiftLanguageMode(.v6)]),
        // A test target per module: the GUI ones keep XCTest's base class,
        // which predates strict concurrency (their cases are @MainActor and
        // run on the main thread as GTK requires); the models' take Swift 6.
        .testTarget(
            name: "PluginHostTests",
            dependencies: testing + ["MemoryCycles"],
            path: "Tests/PluginHostTests",
            swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(
            name: "LauncherTests",
            dependencies: testing,
            path: "Tests/LauncherTests",
            swiftSettings: [.swiftLanguageMode(.v5)]),
        // The whole application: its binding, Edit and Run, the demos' windows,
        // accessibility, the desktop files, the install.
        .testTarget(
            name: "DemoShellTests",
            dependencies: testing + ["MemoryCycles", "DemoValues", "Wire", "TextBounds"]
                + ["ModelTesting"] + demos.map { .target(name: "\($0)Model") },
            path: "Tests/DemoShellTests",
            exclude: ["Fixtures"],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        // The models' tests, without a display: they depend on no GTK
        // module (the one test bundle SwiftPM links still carries it) and
        // need no main actor, so they take the Swift 6 language mode.
        .testTarget(
            name: "ShellModelTests",
            dependencies: ["ShellModel"],
            path: "Tests/ShellModelTests",
            swiftSettings: [.swiftLanguageMode(.v6)]),
        .testTarget(
            name: "EditRunModelTests",
            dependencies: ["EditRunModel", "ShellModel", "Wire"],
            path: "Tests/EditRunModelTests",
            swiftSettings: [.swiftLanguageMode(.v6)]),
        .testTarget(
            name: "TextBoundsTests",
            dependencies: ["TextBounds"],
            path: "Tests/TextBoundsTests",
            swiftSettings: [.swiftLanguageMode(.v6)]),
        .testTarget(
            name: "WireTests",
            dependencies: ["Wire", "EditRunModel", "ShellModel", "ModelTesting"],
            path: "Tests/WireTests",
            swiftSettings: [.swiftLanguageMode(.v6)]),
    ]
        + demos.flatMap { name -> [Target] in
            [
                .target(
                    name: "\(name)Model", dependencies: modelDependencies[name] ?? [],
                    path: "Sources/Demos/\(name)/Model", swiftSettings: lean),
                .target(
                    name: name,
                    dependencies: [
                        .product(name: "DemoKit", package: "DemoKit"), .target(name: "\(name)Model"), "TextBounds",
                    ],
                    path: "Sources/Demos/\(name)/Plugin",
                    swiftSettings: lean),
                // Its rules' tests, beside it as in every plugin's folder.
                .testTarget(
                    name: "\(name)ModelTests",
                    dependencies: [.target(name: "\(name)Model"), "ModelTesting"] + (modelTestDependencies[name] ?? []),
                    path: "Sources/Demos/\(name)/Tests",
                    swiftSettings: [.swiftLanguageMode(.v6)]),
            ]
        }
)

/// GTK's header folders for every target that imports a C module of the
/// SDK (CGtk no longer brings them through `pkgConfig`: see
/// Sources/DemoKit/Package.swift): the shell's own modules see GTK's headers.
let gtkIncludes: [String] = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pkg-config", "--cflags-only-I", "gtk+-3.0"]
    let output = Pipe()
    process.standardOutput = output
    guard (try? process.run()) != nil else { return [] }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init).filter { $0.hasPrefix("-I") }
}()
for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(gtkIncludes.flatMap { ["-Xcc", $0] })]
}
