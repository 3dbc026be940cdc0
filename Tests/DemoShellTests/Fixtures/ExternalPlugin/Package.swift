// swift-tools-version:6.2
import PackageDescription

/// A third-party plugin, built outside Demo Shell's package against the SDK by
/// path, exactly as a plugin author would. The loader tests build it.
let package = Package(
    name: "ExternalPlugin",
    products: [
        .library(name: "Greeter", type: .dynamic, targets: ["Greeter"]),
    ],
    dependencies: [
        .package(name: "DemoKit", path: "../../../../Sources/DemoKit"),
    ],
    targets: [
        .target(name: "Greeter", dependencies: [.product(name: "DemoKit", package: "DemoKit")]),
    ]
)
