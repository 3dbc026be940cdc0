// swift-tools-version:6.0
import PackageDescription

/// Demo Shell: a GTK 3 launcher whose demos are plugins loaded at run time.
///
/// The SDK (`DemoKit`, with the `Gtk` binding layer) is a separate path package so
/// that it links as one shared library: the shell and every plugin then share a
/// single copy of each type and `as? DemoModule` works across `dlopen`.
/// Each demo folder holds `Model/` (GTK-free rules, tested directly), `Plugin/`
/// (the view and entry point, built as `libNAME.so`) and `manifest.plugin`.
let demos = ["SayHello", "Labels", "Buttons", "SwiftControls", "StoryBuilder", "GuessNumber"]

let package = Package(
    name: "demo-shell",
    products: [
        .executable(name: "demo-shell", targets: ["DemoShell"]),
    ] + demos.map { .library(name: $0, type: .dynamic, targets: [$0]) },
    dependencies: [
        .package(name: "DemoKit", path: "Sources/DemoKit"),
    ],
    targets: [
        .executableTarget(
            name: "DemoShell",
            dependencies: ["DemoShellCore"],
            path: "Sources/DemoShell"),
        .target(
            name: "DemoShellCore",
            dependencies: [.product(name: "DemoKit", package: "DemoKit")],
            path: "Sources/DemoShellCore"),
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
        .testTarget(
            name: "DemoShellTests",
            dependencies: ["DemoShellCore"] + demos.map { .target(name: "\($0)Model") },
            path: "Tests/DemoShellTests",
            exclude: ["Fixtures"],
            // XCTest's base class predates strict concurrency; the GUI cases
            // are @MainActor and run on the main thread as GTK requires.
            swiftSettings: [.swiftLanguageMode(.v5)]),
    ] + demos.flatMap { name -> [Target] in [
        .target(name: "\(name)Model", path: "Sources/Demos/\(name)/Model"),
        .target(
            name: name,
            dependencies: [.product(name: "DemoKit", package: "DemoKit"), .target(name: "\(name)Model")],
            path: "Sources/Demos/\(name)/Plugin"),
    ] }
)
