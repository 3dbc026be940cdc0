import DemoBasics
import ShellBasics

/// Where an edited demo crashed, in its own code: the Problems row and the
/// gutter mark a learner sees first ("SayHelloView.swift, line 31: Fatal
/// error: boom"), before the backtrace in the Output.
package struct RuntimeCrash: Equatable, Sendable {
    /// The demo's file, as the build plan names it ("Plugin/SayHelloView.swift").
    package let relativePath: String
    /// 1-based.
    package let line: Int
    /// 1-based; 0 when only the line is known.
    package let column: Int
    /// "Fatal error: boom", "Precondition failed: too small", as the runtime says it.
    package let message: String

    package init(relativePath: String, line: Int, column: Int, message: String) {
        self.relativePath = relativePath
        self.line = line
        self.column = column
        self.message = message
    }
}

/// Reads a crashing child's error output, line by line as it comes, for its
/// `RuntimeCrash`. The runtime's own line names the demo's file for
/// `fatalError`, `precondition` and a force-unwrap of nil
/// ("SayHelloView/SayHelloView.swift:8: Fatal error: boom", the file's
/// `#fileID`), but the standard library's for an index out of range or a
/// division by zero ("Swift/ContiguousArrayBuffer.swift:692: …"): then the
/// backtracer's first frame in one of the demo's files says where
/// ("… in libSayHello.so at /…/src/Plugin/SayHelloView.swift:12:33").
/// A signal the runtime has no words for is said plainly when its report
/// shows what it was (`CrashSigns`: a deadlock on the main queue, a stack
/// overflow).
package struct RuntimeCrashReader {
    /// The demo's Swift files, as the build plan names them.
    private let files: [String]
    /// Their texts, by those names: where a deadlock's `main.sync` is.
    private let texts: [String: String]
    private var partial = ""
    private var message: String?
    /// The message is the backtracer's name for the signal ("Illegal instruction at 0x…").
    private var messageIsSignal = false
    private var messagePlace: (path: String, line: Int, column: Int)?
    private var framePlace: (path: String, line: Int, column: Int)?
    private var signs = CrashSigns()

    package init(files: [String], texts: [String: String] = [:]) {
        self.files = files
        self.texts = texts
    }

    /// Text as it comes (lines may be split between calls).
    package mutating func add(_ text: String) {
        var pieces = (partial + text).split(separator: "\n", omittingEmptySubsequences: false)
        partial = String(pieces.removeLast())
        if partial.utf8.count > 4096 {
            pieces.append(Substring(partial))
            partial = ""
        }
        for piece in pieces { read(piece) }
    }

    /// The crash in the demo's own code, once its report has been read; nil
    /// when none of the demo's lines is named (or it did not crash).
    package var crash: RuntimeCrash? {
        var reader = self
        if !reader.partial.isEmpty { reader.read(Substring(reader.partial)) }
        guard let message = reader.words, let place = reader.messagePlace ?? reader.deadlockPlace ?? reader.framePlace
        else { return nil }
        return RuntimeCrash(relativePath: place.path, line: place.line, column: place.column, message: message)
    }

    /// Why it crashed, in the runtime's words, wherever it was ("Precondition
    /// failed: too small"): the backtrace after it is not the reason.
    package var reason: String? {
        var reader = self
        if !reader.partial.isEmpty { reader.read(Substring(reader.partial)) }
        return reader.words
    }

    /// The runtime's words, or plain ones for a signal whose report shows what it was.
    private var words: String? {
        guard let message else { return nil }
        return messageIsSignal ? signs.plainWords(for: message) ?? message : message
    }

    /// A deadlock's line: the backtracer loses it (libswiftDispatch's `sync`
    /// keeps no frame pointer, so the frame that called it is skipped and
    /// the first of the demo's frames is its caller's call), so the one line
    /// of the demo's files that calls `main.sync`, when there is only one.
    private var deadlockPlace: (path: String, line: Int, column: Int)? {
        guard signs.isQueueDeadlock else { return nil }
        var found: [(path: String, line: Int, column: Int)] = []
        for file in files {
            guard let text = texts[file] else { continue }
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard let call = Self.find("main.sync", in: line) else { continue }
                if let comment = Self.find("//", in: line), comment.lowerBound < call.lowerBound { continue }
                found.append((file, index + 1, 0))
            }
        }
        return found.count == 1 ? found[0] : nil
    }

    /// The kinds of line the runtime starts a fatal report with.
    private static let kinds = ["Fatal error", "Precondition failed", "Assertion failed"]

    private mutating func read(_ line: Substring) {
        // What the report shows after a signal the runtime had no words for.
        if messageIsSignal { signs.read(line) }
        if let (kind, placeEnd) = Self.report(in: line) {
            // The first report is the crash.
            guard message == nil else { return }
            let said = line[kind...]
            message = said.count > 300 ? String(said.prefix(300)) + "…" : String(said)
            let parts = line[..<placeEnd].split(separator: ":")
            if parts.count == 2, let number = Int(parts[1]), let file = demoFile(String(parts[0]), byFileID: true) {
                messagePlace = (file, number, 0)
            }
            return
        }
        if message == nil, let range = Self.find("*** Program crashed: ", in: line) {
            // A signal without the runtime's words (a bad pointer, say).
            message = String(line[range.upperBound...].prefix { $0 != "*" }.reversed().drop { $0 == " " }.reversed())
            messageIsSignal = true
            return
        }
        if framePlace == nil, message != nil, let at = Self.find(" at ", in: line, last: true) {
            let place = line[at.upperBound...].split(separator: ":")
            guard place.count == 3, let number = Int(place[1]), let column = Int(place[2]),
                let file = demoFile(String(place[0]), byFileID: false)
            else { return }
            framePlace = (file, number, column)
        }
    }

    /// "PLACE: Fatal error…": where "Fatal error" starts, and where its ": " before it starts.
    private static func report(in line: Substring) -> (String.Index, String.Index)? {
        for kind in kinds {
            guard let found = Self.find(": " + kind, in: line) else { continue }
            return (line.index(found.lowerBound, offsetBy: 2), found.lowerBound)
        }
        return nil
    }

    /// Where `needle` is in `line` (its first place, or its last).
    private static func find(_ needle: String, in line: Substring, last: Bool = false) -> Range<String.Index>? {
        var found: Range<String.Index>?
        var start = line.startIndex
        while start < line.endIndex {
            if line[start...].hasPrefix(needle) {
                found = start..<line.index(start, offsetBy: needle.count)
                if !last { return found }
            }
            start = line.index(after: start)
        }
        return found
    }

    /// The demo's file `path` names: a whole path ending in its relative
    /// path, or a `#fileID` ("Module/Name.swift") naming its file name.
    private func demoFile(_ path: String, byFileID: Bool) -> String? {
        if byFileID {
            let parts = path.split(separator: "/")
            guard parts.count == 2, parts[0] != "Swift" else { return nil }
            return files.first { FileSystem.basename($0) == parts[1] }
        }
        return files.first { path == $0 || path.hasSuffix("/" + $0) }
    }
}
