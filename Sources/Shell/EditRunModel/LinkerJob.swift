import DemoBasics
import ShellBasics
import TextBounds

/// The linker command the toolchain's `clang` runs for a link job, as
/// `clang … -###` prints it, kept so that the next link of the same shape
/// starts the linker itself: clang's own start costs about 20 ms of every
/// link, only to start `ld.lld`.
///
/// Only a command the shell can run as clang would is kept: one command, a
/// linker, quoted as clang quotes, naming no temporary file clang would have
/// written. The response files of the job (the autolink entries, which change
/// with the code's imports) are handed to the linker as `-Wl,@FILE` when
/// asking: clang would otherwise read them and write their lines into the
/// command, which would then hold for this build's libraries only.
public enum LinkerJob {
    /// Programs the command may start.
    static let linkers: Set<String> = ["ld.lld", "ld.gold", "ld.bfd", "ld"]

    /// Lines clang writes before its commands, which say nothing of them.
    static let preamble = [
        "clang version ", "Target: ", "Thread model: ", "InstalledDir: ", "Configuration file: ", "Build config: ",
    ]

    /// Whether `job` (one of `DriverJobs`', all the toolchain's programs) is
    /// a run of clang that can be asked: a clang that is missing or cannot
    /// run is run as it is, and says why.
    public static func asksClang(_ job: [String]) -> Bool {
        guard let program = job.first, FileSystem.basename(program) == "clang" else { return false }
        return FileSystem.isRegularFile(program) && FileSystem.isExecutable(program)
    }

    /// The job asking clang what it would run, or nil when a response file's
    /// name holds a comma (`-Wl,` would split it).
    public static func question(_ job: [String]) -> [String]? {
        guard let program = job.first else { return nil }
        var asked = [program]
        for argument in job.dropFirst() {
            if argument.hasPrefix("@") {
                guard !argument.contains(",") else { return nil }
                asked.append("-Wl," + argument)
            } else {
                asked.append(argument)
            }
        }
        return asked + ["-###"]
    }

    /// The linker command in clang's answer to `question(job)`, or nil when
    /// it cannot be run as clang would run it.
    public static func parse(
        _ output: String, job: [String],
        temporaryDirectories: [String] = temporaryDirectories
    ) -> [String]? {
        var commands: [[String]] = []
        for line in output.split(separator: "\n") where !line.isEmpty {
            if line.hasPrefix(" ") {
                guard let words = quotedWords(line) else { return nil }
                commands.append(words)
            } else if !preamble.contains(where: { line.hasPrefix($0) }) {
                return nil  // a warning, an error, anything clang does not always say
            }
        }
        guard commands.count == 1, let command = commands.first, let program = command.first,
            program.hasPrefix("/"), linkers.contains(FileSystem.basename(program))
        else { return nil }
        let responseFiles = job.dropFirst().filter { $0.hasPrefix("@") }
        guard command.dropFirst().filter({ $0.hasPrefix("@") }).sorted() == responseFiles.sorted() else { return nil }
        for argument in command {
            for folder in temporaryDirectories where !folder.isEmpty {
                // A path in the temporary folder that none of the job's arguments
                // holds is a file clang would have written for this link alone.
                for named in tails(of: argument, from: folder.hasSuffix("/") ? folder : folder + "/")
                where !job.contains(where: { $0.containsText(named) }) {
                    return nil
                }
            }
        }
        return command
    }

    /// The text of `text` from each place `prefix` starts.
    static func tails(of text: String, from prefix: String) -> [String] {
        let bytes = Array(text.utf8), wanted = Array(prefix.utf8)
        guard !wanted.isEmpty, wanted.count <= bytes.count else { return [] }
        return (0...(bytes.count - wanted.count)).filter { bytes[$0..<$0 + wanted.count].elementsEqual(wanted) }
            .map { String(decoding: bytes[$0...], as: UTF8.self) }
    }

    /// The folders clang writes its temporary files in (LLVM's order of variables, then `/tmp`).
    public static var temporaryDirectories: [String] {
        ["TMPDIR", "TMP", "TEMP", "TEMPDIR"].compactMap { Environment.value($0) }.filter { !$0.isEmpty } + ["/tmp"]
    }

    /// A line's words as clang prints them for `-###`: each after one space,
    /// in double quotes, `"`, `\` and `$` escaped with a backslash; nil for
    /// anything else.
    static func quotedWords(_ line: Substring) -> [String]? {
        var words: [String] = []
        var scalars = line.unicodeScalars.makeIterator()
        while let space = scalars.next() {
            guard space == " ", scalars.next() == "\"" else { return nil }
            var word = String.UnicodeScalarView()
            while true {
                guard let scalar = scalars.next() else { return nil }
                if scalar == "\"" { break }
                if scalar == "\\" {
                    guard let escaped = scalars.next(), escaped == "\"" || escaped == "\\" || escaped == "$" else {
                        return nil
                    }
                    word.append(escaped)
                } else {
                    word.append(scalar)
                }
            }
            words.append(String(word))
        }
        return words.isEmpty ? nil : words
    }

    /// Whether a response file reads the same to the linker as to clang:
    /// libraries (`-lNAME`) only, one a line, nothing the two would split
    /// or quote apart.
    public static func passesThrough(responseFile text: String) -> Bool {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.+-".unicodeScalars)
        return text.split(separator: "\n").allSatisfy { line in
            line.hasPrefix("-l") && line.count > 2 && line.unicodeScalars.allSatisfy { allowed.contains($0) }
        }
    }

    /// Whether the start files the kept `command` (filled in) names are still
    /// there: a new GCC moves `crtbeginS.o`, and clang would name the new one.
    public static func startFilesExist(_ command: [String]) -> Bool {
        command.dropFirst().allSatisfy { !$0.hasPrefix("/") || !$0.hasSuffix(".o") || FileSystem.isRegularFile($0) }
    }

    /// Whether the linker reads `command`'s response files as clang would (`passesThrough`).
    public static func readsResponseFilesAsClang(_ command: [String]) -> Bool {
        command.dropFirst().filter { $0.hasPrefix("@") }.allSatisfy { argument in
            FileSystem.read(String(argument.dropFirst())).map(passesThrough(responseFile:)) ?? false
        }
    }

    /// The cache's name for a link job: as `DriverJobs.key`, clang's file in
    /// place of the compiler's, apart from the driver's keys.
    public static func key(clangFile: String, workingDirectory: String, job: [String], folders: [String]) -> String {
        DriverJobs.key(
            compilerFile: clangFile, workingDirectory: workingDirectory, arguments: ["\u{1}linker job"] + job,
            folders: folders)
    }
}
