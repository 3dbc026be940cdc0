// swift-tools-version:6.2
import PackageDescription

/// A third-party plugin, built outside Demo Shell's package as a plugin
/// author builds one against an installed Demo Shell: the SDK's built
/// modules and libDemoKit.so by path, as an exported demo's package does
/// (`DemoExportPlan`). The loader and isolation tests build it, with the SDK
/// of the build under test in DEMOKIT_SDK_MODULES, DEMOKIT_SDK_INCLUDE,
/// DEMOKIT_SDK_LIBRARY and DEMOKIT_SDK_CFLAGS (one flag a line). Building the
/// SDK from its sources is the guide's way, which PluginGuideExampleTests
/// follows.
let environment = Context.environment
let modules = environment["DEMOKIT_SDK_MODULES"] ?? "/usr/lib/demo-shell/sdk/modules"
let include = environment["DEMOKIT_SDK_INCLUDE"] ?? "/usr/lib/demo-shell/sdk/include"
let library = environment["DEMOKIT_SDK_LIBRARY"] ?? "/usr/lib/demo-shell"
let cFlags = (environment["DEMOKIT_SDK_CFLAGS"] ?? "").split(separator: "\n").map(String.init)

let sdk: [SwiftSetting] = [
    .unsafeFlags(
        ["-I", modules]
            + ["CGtk", "CGtkShim", "CBasics"].flatMap { ["-Xcc", "-fmodule-map-file=\(include)/\($0)/module.modulemap"] }
            + cFlags.flatMap { ["-Xcc", $0] })
]
let demoKit: [LinkerSetting] = [
    .unsafeFlags(["-L", library, "-lDemoKit", "-Xlinker", "-rpath", "-Xlinker", library])
]

let package = Package(
    name: "ExternalPlugin",
    products: [
        .library(name: "Greeter", type: .dynamic, targets: ["Greeter"]),
    ],
    targets: [
        .target(name: "Greeter", swiftSettings: sdk, linkerSettings: demoKit),
    ]
)
