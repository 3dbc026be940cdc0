@testable import EditRunModel
@testable import ShellModel

extension RuntimeCrashReader {
    /// A reader of `files` fed `text` in `pieces` pieces split anywhere, as a pipe delivers it.
    package static func fed(_ text: String, files: [String], texts: [String: String] = [:], pieces: Int = 1)
        -> RuntimeCrashReader
    {
        var reader = RuntimeCrashReader(files: files, texts: texts)
        let characters = Array(text)
        let size = max(1, characters.count / pieces)
        var start = 0
        while start < characters.count {
            reader.add(String(characters[start..<min(characters.count, start + size)]))
            start += size
        }
        return reader
    }
}
