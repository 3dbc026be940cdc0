import Foundation
import XCTest

/// Shared libraries built with `cc` for the loader's and the checker's
/// tests: plugins that misbehave, and plugins of another SDK version.
package enum NativeLibraries {
    /// `cc -shared -fPIC -o output sources… arguments…`, failing the test with cc's output when it fails.
    package static func build(
        _ sources: [String], output: String, arguments: [String] = [],
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["cc", "-shared", "-fPIC", "-o", output] + sources + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let log = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(
            process.terminationStatus, 0, "cc failed: " + String(decoding: log, as: UTF8.self), file: file, line: line)
    }

    /// Links against the build's libDemoKit.so, as a plugin does.
    package static var linkingTheSDK: [String] {
        ["-L", buildProductsDirectory, "-lDemoKit", "-Wl,-rpath," + buildProductsDirectory]
    }

    /// A plugin built against another SDK: in `folder`, a stand-in
    /// `sdk/libDemoKit.so` whose one symbol carries the version node
    /// `node` (its own version script, as the real SDK's `DemoKit.map`),
    /// and `library` linked against it, so that it needs `node`. Its
    /// constructor would create `marker` if it ever ran.
    package static func pluginOfAnotherSDK(
        node: String, library: String, marker: String, in folder: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let sdk = folder + "/sdk"
        try FileManager.default.createDirectory(atPath: sdk, withIntermediateDirectories: true)
        try "\(node) { global: *; };\n".write(toFile: sdk + "/DemoKit.map", atomically: true, encoding: .utf8)
        try "int demokit_stand_in(void) { return 2; }\n".write(
            toFile: sdk + "/sdk.c", atomically: true, encoding: .utf8)
        try build(
            [sdk + "/sdk.c"], output: sdk + "/libDemoKit.so",
            arguments: ["-Wl,--version-script=" + sdk + "/DemoKit.map"], file: file, line: line)
        try """
        #include <fcntl.h>
        #include <unistd.h>
        extern int demokit_stand_in(void);
        int plugin_uses_the_sdk(void) { return demokit_stand_in(); }
        __attribute__((constructor)) static void ran(void) { close(open(MARKER, O_CREAT | O_WRONLY, 0600)); }

        """.write(toFile: folder + "/plugin.c", atomically: true, encoding: .utf8)
        try build(
            [folder + "/plugin.c"], output: library,
            arguments: ["-DMARKER=\"\(marker)\"", "-L", sdk, "-lDemoKit"], file: file, line: line)
    }
}
