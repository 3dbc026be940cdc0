import DemoShellKit
import Foundation
import XCTest

/// The external plugin package (Tests/…/Fixtures/ExternalPlugin), built as a
/// plugin author would build it, for every test that needs a plugin from
/// elsewhere: the loader's, the isolation's.
extension XCTestCase {
    /// Builds the fixture package under Tests/…/Fixtures/ExternalPlugin with
    /// `swift build`, as a plugin author would, and returns its products
    /// folder. With `differentSDK`, it builds a copy of the fixture against a
    /// copy of the SDK whose public interface has one declaration more, as an
    /// author with another version of Demo Shell's SDK would.
    func buildExternalPackage(differentSDK: Bool = false) throws -> String {
        var fixture = FileSystem.join(packageRoot, "Tests/DemoShellTests/Fixtures/ExternalPlugin")
        var scratch = FileSystem.join(packageRoot, ".build-fixture")
        if differentSDK {
            let root = FileSystem.join(packageRoot, ".build-fixture-other-sdk")
            let sdk = FileSystem.join(root, "DemoKit")
            let copy = FileSystem.join(root, "ExternalPlugin")
            try? FileManager.default.removeItem(atPath: sdk)
            try? FileManager.default.removeItem(atPath: copy)
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: FileSystem.join(packageRoot, "Sources/DemoKit"), toPath: sdk)
            try FileManager.default.copyItem(atPath: fixture, toPath: copy)
            let module = FileSystem.join(sdk, "Sources/DemoKit/DemoModule.swift")
            try FileSystem.writeAtomically(FileSystem.read(module)! + "\n/// Only in this other SDK.\npublic let otherSDKFeature = 1\n", to: module)
            let manifest = FileSystem.join(copy, "Package.swift")
            try FileSystem.writeAtomically(FileSystem.read(manifest)!.replacingOccurrences(of: "../../../../Sources/DemoKit", with: "../DemoKit"), to: manifest)
            fixture = copy
            scratch = FileSystem.join(root, "build")
        }
        try swiftBuild(package: fixture, scratch: scratch)
        return FileSystem.join(scratch, "debug")
    }

    /// The fixture's Greeter installed in `folder` as demo `id` (its library
    /// copied there, a manifest written beside it), as a person installs a
    /// plugin from elsewhere.
    func installExternalGreeter(in folder: String, id: String = "external-greeter", name: String = "External Greeter") throws {
        let products = try buildExternalPackage()
        let library = FileSystem.join(folder, "libGreeter.so")
        try? FileManager.default.removeItem(atPath: library)
        try FileManager.default.copyItem(atPath: FileSystem.join(products, "libGreeter.so"), toPath: library)
        try FileSystem.writeAtomically("""
            [Plugin]
            Id=\(id)
            Module=Greeter
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
func swiftBuild(package: String, scratch: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "build", "--package-path", package, "--scratch-path", scratch]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let log = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, String(decoding: log, as: UTF8.self), file: file, line: line)
}
