// swift-tools-version:6.2
// 6.2: the 2048 board is an InlineArray (SE-0453), and the SDK uses isolated deinit.
import PackageDescription

/// Demo Shell: a GTK 3 launcher whose demos are plugins loaded at run time.
///
/// The SDK (`DemoKit`, with the `Gtk` binding layer) is a separate path package so
/// that it links as one shared library: the shell and every plugin then share a
/// single copy of each type and `as? DemoModule` works across `dlopen`.
/// Each demo folder holds `Model/` (GTK-free rules, tested directly), `Plugin/`
/// (the view and entry point, built as `libNAME.so`) and `manifest.plugin`.
let demos = ["SayHello", "Labels", "Buttons", "SwiftControls", "StoryBuilder", "GuessNumber",
             "Calculator", "PasswordGenerator", "Game2048"]

/// Libraries a demo's model builds on, beyond the standard library.
/// The calculator's exact arithmetic stands on GMP's rationals (`CGMP`), which
/// every Debian system has, so no library the project builds links Foundation;
/// the demos with text fields share TextBounds' rules for hostile text.
let modelDependencies: [String: [Target.Dependency]] = [
    "Calculator": ["CGMP", "TextBounds"],
    "SayHello": ["TextBounds"], "StoryBuilder": ["TextBounds"], "Labels": ["TextBounds"],
    "PasswordGenerator": ["TextBounds"],
]

/// No target imports the regular-expression library implicitly: it is two
/// more shared libraries to load and relocate for every start.
let lean: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-disable-implicit-string-processing-module-import"])]


let package = Package(
    name: "demo-shell",
    products: [
        .executable(name: "demo-shell", targets: ["DemoShell"]),
        .executable(name: "game2048-bench", targets: ["Game2048Bench"]),
        .executable(name: "calculator-bench", targets: ["CalculatorBench"]),
        .executable(name: "demo-shell-memory-cycles", targets: ["MemoryCycles"]),
        .executable(name: "demo-shell-edit-bench", targets: ["EditRunBench"]),
    ] + demos.map { .library(name: $0, type: .dynamic, targets: [$0]) },
    dependencies: [
        .package(name: "DemoKit", path: "Sources/DemoKit"),
    ],
    targets: [
        .executableTarget(
            name: "DemoShell",
            dependencies: ["Launcher", "DemoShellStart"],
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
        // The host in three layers, each a target so that the compiler keeps
        // dependencies pointing one way: Launcher → PluginHost → ShellModel.
        // The rules, GTK-free (DemoBasics is the SDK's GTK-free part).
        .target(
            name: "ShellModel",
            dependencies: [.product(name: "DemoKit", package: "DemoKit"), "TextBounds"],
            path: "Sources/Shell/Model",
            swiftSettings: lean),
        // Finding, checking and loading plugins, and the processes the shell starts.
        .target(
            name: "PluginHost",
            dependencies: ["ShellModel", .product(name: "DemoKit", package: "DemoKit"), "TextBounds"],
            path: "Sources/Shell/PluginHost",
            swiftSettings: lean),
        // Edit and Run's compile server: the toolchain's SourceKit library,
        // loaded at run time, compiling steps without a frontend process each.
        .target(
            name: "CCompileServer",
            path: "Sources/Shell/CompileServer",
            cSettings: [.unsafeFlags(["-gdwarf-4"])],
            linkerSettings: [.linkedLibrary("dl")]),
        // The windows and widgets, and the application that owns them.
        .target(
            name: "Launcher",
            dependencies: ["PluginHost", "ShellModel", .product(name: "DemoKit", package: "DemoKit"),
                           "TextBounds", "CCompileServer"],
            path: "Sources/Shell/Launcher",
            swiftSettings: lean),
        // What a text field accepts of hostile text: GTK-free, for every model.
        .target(name: "TextBounds", path: "Sources/TextBounds", swiftSettings: lean),
        // Show Values' support module: linked into an edited demo built with
        // Show Values only (from the copy in the SDK), never into the shell;
        // a target here so that its tests import it.
        .target(name: "DemoValues", path: "Sources/DemoValues", swiftSettings: lean),
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
            dependencies: [.product(name: "DemoKit", package: "DemoKit"), "Game2048", "Game2048Model"],
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
            dependencies: ["Launcher", "PluginHost", "ShellModel", "TextBounds"],
            path: "Sources/Benchmarks/MemoryCycles",
            swiftSettings: lean),
        // `make bench`'s Edit and Run section: one Run Edited, timed by mapwait.
        .executableTarget(
            name: "EditRunBench",
            dependencies: ["Launcher", "PluginHost", "ShellModel"],
            path: "Sources/Benchmarks/EditRunBench",
            swiftSettings: lean),
        // GMP (libgmp-dev to build, libgmp10 at run time), for the calculator's model only.
        .systemLibrary(
            name: "CGMP",
            path: "Sources/Demos/Calculator/CGMP",
            providers: [.apt(["libgmp-dev"])]),
        .testTarget(
            name: "DemoShellTests",
            dependencies: ["Launcher", "PluginHost", "ShellModel", "TextBounds", "MemoryCycles", "DemoValues"]
                + demos.map { .target(name: "\($0)Model") },
            path: "Tests/DemoShellTests",
            exclude: ["Fixtures"],
            // XCTest's base class predates strict concurrency; the GUI cases
            // are @MainActor and run on the main thread as GTK requires.
            swiftSettings: [.swiftLanguageMode(.v5)]),
    ] + demos.flatMap { name -> [Target] in [
        .target(name: "\(name)Model", dependencies: modelDependencies[name] ?? [],
                path: "Sources/Demos/\(name)/Model", swiftSettings: lean),
        .target(
            name: name,
            dependencies: [.product(name: "DemoKit", package: "DemoKit"), .target(name: "\(name)Model"), "TextBounds"],
            path: "Sources/Demos/\(name)/Plugin",
            swiftSettings: lean),
    ] }
)
