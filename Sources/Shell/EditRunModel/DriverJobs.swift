import DemoBasics
import ShellBasics
import TextBounds

/// The commands `swiftc` runs for one build step, as `swiftc … -###` lists
/// them, kept so that the next build with the same arguments runs them
/// itself: the driver's own start (it loads the dependency scanner and asks
/// the frontend for the target's details) costs 70 ms before each step's
/// real work, twice in a warm Run Edited (the view's compile, the link).
///
/// The build folders in the arguments change with each edit; they are
/// stored as placeholders (`templated`) and put back (`filled`), so one
/// question to the driver serves every later build of the same shape.
/// Only a plan the shell can run as the driver would is kept: one frontend
/// job, or jobs run one after another (the link's `swift-autolink-extract`,
/// then `clang`), each a program of the toolchain, none naming a temporary
/// file the driver would have written for it.
public struct DriverJobs: Equatable, Sendable {
    public let jobs: [[String]]

    public init(jobs: [[String]]) { self.jobs = jobs }

    /// The jobs `-###` printed, or nil when they cannot be run as the driver would.
    public static func parse(_ output: String, toolDirectory: String) -> DriverJobs? {
        var jobs: [[String]] = []
        for line in output.split(separator: "\n") where !line.isEmpty {
            guard let words = words(line), let program = words.first,
                FileSystem.dirname(program) == toolDirectory
            else { return nil }
            jobs.append(words)
        }
        let frontends = jobs.filter { FileSystem.basename($0[0]) == "swift-frontend" }.count
        guard !jobs.isEmpty, frontends <= 1,
            !jobs.joined().contains(where: { $0.containsText("/TemporaryDirectory.") })
        else { return nil }
        return DriverJobs(jobs: jobs)
    }

    /// A line's words as a POSIX shell splits them (the driver quotes with
    /// single quotes, `'\''` for one inside), or nil for what it never prints.
    static func words(_ line: Substring) -> [String]? {
        var words: [String] = []
        var word = "", inWord = false, quoted = false
        var characters = line.makeIterator()
        while let character = characters.next() {
            if quoted {
                if character == "'" { quoted = false } else { word.append(character) }
            } else if character == "'" {
                quoted = true
                inWord = true
            } else if character == "\\" {
                guard let next = characters.next() else { return nil }
                word.append(next)
                inWord = true
            } else if character == " " {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else if character == "\"" || character == "$" || character == "`" {
                return nil
            } else {
                word.append(character)
                inWord = true
            }
        }
        guard !quoted else { return nil }
        if inWord { words.append(word) }
        return words
    }

    /// The jobs with each of `folders` (the longest first) written as a placeholder.
    public func templated(_ folders: [String]) -> DriverJobs {
        DriverJobs(jobs: jobs.map { $0.map { Self.replacing(folders, in: $0, placeholders: true) } })
    }

    /// The jobs with the placeholders of `templated(folders)` back as `folders`.
    public func filled(_ folders: [String]) -> DriverJobs {
        DriverJobs(jobs: jobs.map { $0.map { Self.replacing(folders, in: $0, placeholders: false) } })
    }

    /// The text of a templated plan, for its cache file: nil when an argument holds a line break.
    public var encoded: String? {
        guard !jobs.joined().contains(where: { $0.containsText("\n") }) else { return nil }
        return Self.header + "\n" + jobs.map { "job\n" + $0.map { "arg " + $0 + "\n" }.joined() }.joined()
    }

    public init?(encoded text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first.map(String.init) == Self.header else { return nil }
        var jobs: [[String]] = []
        for line in lines.dropFirst() where !line.isEmpty {
            if line == "job" {
                jobs.append([])
            } else if line.hasPrefix("arg "), !jobs.isEmpty {
                jobs[jobs.count - 1].append(String(line.dropFirst(4)))
            } else {
                return nil
            }
        }
        guard !jobs.isEmpty, !jobs.contains(where: \.isEmpty) else { return nil }
        self.jobs = jobs
    }

    /// The cache's name for a step: the compiler file (`CompilerVersionCache.key`),
    /// the folder it runs in (the driver names it as the compilation's) and
    /// the step's arguments with its build folders as placeholders.
    public static func key(compilerFile: String, workingDirectory: String, arguments: [String], folders: [String])
        -> String
    {
        var hasher = BuildKeyHasher()
        hasher.add(header)
        hasher.add(compilerFile)
        hasher.add(workingDirectory)
        for argument in arguments { hasher.add(replacing(folders, in: argument, placeholders: true)) }
        return hasher.hexDigest
    }

    static let header = "demo-shell driver jobs 1"

    private static func replacing(_ folders: [String], in text: String, placeholders: Bool) -> String {
        var text = text
        let ordered = folders.enumerated().filter { !$0.element.isEmpty }.sorted { $0.element.count > $1.element.count }
        for (index, folder) in ordered {
            let placeholder = "\u{1}\(index)\u{1}"
            text =
                placeholders
                ? text.textComponents(separatedBy: folder).joined(separator: placeholder)
                : text.textComponents(separatedBy: placeholder).joined(separator: folder)
        }
        return text
    }
}
