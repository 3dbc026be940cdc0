import Foundation
import XCTest

/// What a command prints on standard output (an empty string when it
/// cannot be run), found on PATH: xprop, readelf, xdotool. For helpers that
/// are not test cases (`WindowManager`); a test calls `output(of:)`.
package func commandOutput(_ command: [String]) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = command
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return "" }
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text
}

extension XCTestCase {
    /// What a command prints on standard output (an empty string when it
    /// cannot be run), found on PATH: xprop, readelf, xdotool.
    package func output(of command: [String]) -> String { commandOutput(command) }

    /// A command found on PATH, run to its end: its exit status and what it
    /// wrote on standard output and standard error together. `environment`
    /// is added to this process's; `directory` is where it starts (this
    /// process's own folder when nil).
    package func runCommand(_ command: [String], environment: [String: String] = [:], directory: String? = nil)
        throws -> (status: Int32, output: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
