import DemoShellKit
import ShellModel
import Glibc

/// Format (Ctrl+Shift+I): the toolchain's own `swift-format` (beside its
/// `swiftc`) with the project's configuration (the `.swift-format` Demo
/// Shell's own code is held to, found beside the demos' sources), run as a
/// process of its own on a copy of the text, bounded in time. The text is
/// the learner's: a `swift-format` that fails leaves it as it was.
@MainActor
package enum SwiftFormatRun {
    package enum Failure: Error, Equatable {
        /// No swift-format beside the compiler (or no compiler).
        case noFormatter
        /// It could not parse the text (its first line of complaint).
        case refused(String)
    }

    /// How long a format may take.
    package static var timeLimit = 10.0

    /// The `swift-format` beside `compiler`.
    nonisolated package static func formatter(forCompiler compiler: String) -> String? {
        let path = FileSystem.join(FileSystem.dirname(compiler), "swift-format")
        return access(path, X_OK) == 0 ? path : nil
    }

    /// The nearest `.swift-format` in `folder` or a folder above it.
    nonisolated package static func configuration(near folder: String) -> String? {
        var current = folder
        while !current.isEmpty {
            let candidate = FileSystem.join(current, ".swift-format")
            if FileSystem.isRegularFile(candidate) { return candidate }
            let parent = FileSystem.dirname(current)
            if parent == current { break }
            current = parent
        }
        return nil
    }

    /// `text` formatted with `configuration` (nil: swift-format's defaults).
    package static func format(_ text: String, configuration: String?) async -> Result<String, Failure> {
        guard let compiler = SwiftToolchain.find(), let formatter = formatter(forCompiler: compiler) else {
            return .failure(.noFormatter)
        }
        let folder = FileSystem.makeTemporaryDirectory("demo-shell-format-XXXXXX")
        defer { if let folder { FileSystem.removeTree(folder) } }
        guard let folder, (try? FileSystem.writeAtomically(text, to: FileSystem.join(folder, "Code.swift"))) != nil
        else { return .failure(.refused("")) }
        var arguments = [formatter, "format"]
        if let configuration { arguments += ["--configuration", configuration] }
        arguments.append(FileSystem.join(folder, "Code.swift"))
        guard case .success(let process) = ChildSupervisor.shared.start(arguments) else {
            return .failure(.noFormatter)
        }
        var output: [UInt8] = [], errors: [UInt8] = []
        process.onOutput { stream, bytes in
            if stream == .error { errors += bytes.prefix(max(0, 4096 - errors.count)) } else { output += bytes }
        }
        let limit = MainLoop.after(milliseconds: Int(timeLimit * 1000)) {
            ChildSupervisor.shared.end(process, politely: false)
        }
        let ending = await process.ended()
        limit.cancel()
        guard ending == .exited(0), let formatted = String(validating: output, as: UTF8.self), !formatted.isEmpty
        else {
            let said = String(decoding: errors, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
            return .failure(.refused(said))
        }
        return .success(formatted)
    }
}
