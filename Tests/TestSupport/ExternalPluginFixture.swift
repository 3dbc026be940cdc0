import DemoShellKit
import ShellModel
import Foundation
import XCTest

/// The external plugin package (Tests/…/Fixtures/ExternalPlugin), built as a
/// plugin author would build it, for every test that needs a plugin from
/// elsewhere: the loader's, the isolation's.
extension XCTestCase {
    /// Builds the fixture package under Tests/…/Fixtures/ExternalPlugin with
    /// `swift build`, as a plugin author would, and returns its products
    /// folder. (A plugin of another SDK is a stand-in built with cc:
    /// `NativeLibraries.pluginOfAnotherSDK`.)
    package func buildExternalPackage() throws -> String {
        let fixture = FileSystem.join(packageRoot, "Tests/DemoShellTests/Fixtures/ExternalPlugin")
        let scratch = FileSystem.join(packageRoot, ".build-fixture")
        // Against the SDK of this build, as built (not from its sources): a
        // second build of the SDK would cost the tests a minute of CPU.
        let sdk = try EditSDK.locate(paths: ShellPaths.current()).get()
        // SwiftPM does not see the SDK it links against change: a build for
        // another SDK (its sources, its compiler) is made again from scratch.
        let stamp = FileSystem.join(scratch, "sdk-identity")
        if FileSystem.read(stamp) != sdk.identity {
            try? FileManager.default.removeItem(atPath: scratch)
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
            try FileSystem.writeAtomically(sdk.identity, to: stamp)
        }
        let flags = sdk.cFlags.filter { $0.hasPrefix("-I") || $0.hasPrefix("-D") }
        try swiftBuild(
            package: fixture, scratch: scratch,
            environment: [
                "DEMOKIT_SDK_MODULES": sdk.modulesDirectory, "DEMOKIT_SDK_INCLUDE": sdk.includeDirectory,
                "DEMOKIT_SDK_LIBRARY": sdk.libraryDirectory, "DEMOKIT_SDK_CFLAGS": flags.joined(separator: "\n"),
            ])
        return FileSystem.join(scratch, "debug")
    }

    /// The fixture's Greeter installed in `folder` as demo `id` (its library
    /// copied there, a manifest written beside it), as a person installs a
    /// plugin from elsewhere.
    package func installExternalGreeter(
        in folder: String, id: String = "external-greeter", name: String = "External Greeter"
    )
        throws
    {
        let products = try buildExternalPackage()
        let library = FileSystem.join(folder, "libGreeter.so")
        try? FileManager.default.removeItem(atPath: library)
        try FileManager.default.copyItem(atPath: FileSystem.join(products, "libGreeter.so"), toPath: library)
        try FileSystem.writeAtomically(
            """
            [Plugin]
            Id=\(id)
            Module=Greeter
            Entry=GreeterDemo
            Name=\(name)
            Description=A plugin from elsewhere
            Category=Tests
            Version=9.9
            ABI=1

            """, to: FileSystem.join(folder, "\(id).plugin"))
    }
}

/// `swift build` of a package outside this one (a plugin built as its author
/// would), failing the test with the compiler's output when it does not build.
package func swiftBuild(
    package: String, scratch: String, environment: [String: String] = [:], file: StaticString = #filePath,
    line: UInt = #line
) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "build", "--package-path", package, "--scratch-path", scratch]
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let log = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, String(decoding: log, as: UTF8.self), file: file, line: line)
}
