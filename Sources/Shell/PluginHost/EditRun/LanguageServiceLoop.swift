import ShellBasics
import EditRunModel
import ShellModel
import Glibc
import Wire

/// The language service's side (`demo-shell --language-service=LIBRARY`;
/// the launcher's is `LanguageService`): the toolchain's SourceKit library,
/// loaded once, answers the editor's questions about the file being typed
/// (`LanguageRequest`): code completion and the errors of the text as it
/// is. SourceKit keeps the file's AST between questions, so completion
/// after the first is a few milliseconds.
///
/// A process of its own, apart from the compile server: the learner's
/// half-typed code is what SourceKit reads here, and a crash, a hang or a
/// runaway memory of it ends this process only (the launcher then goes on
/// without completion), never a build.
///
/// Questions are answered one at a time, latest first: before each, every
/// question already waiting on standard input is read, and of each kind
/// only the newest is answered (the launcher drops answers to older ones
/// anyway). End-of-file ends the service, and so does anything that is not
/// a question (only the launcher writes there).
package enum LanguageServiceLoop {
    /// Past this resident size (SourceKit on a pathological text) the
    /// service ends itself after an answer; the launcher also watches it.
    package static let memoryLimit = 2 << 30

    package static func run(library: String) -> Int32 {
        guard let kit = SourceKitD(library: library) else {
            writeStandardError(
                "demo-shell language service: cannot use \(library): "
                    + (dlerror().map { String(cString: $0) } ?? "a symbol is missing") + "\n")
            return 1
        }
        var questions = Questions()
        while true {
            guard questions.read(waiting: questions.isEmpty) else { return questions.failed ? 1 : 0 }
            guard let request = questions.next() else { continue }
            let outcome: LanguageReply.Outcome
            prepare(request.prerequisites, kit: kit)
            switch request.kind {
            case .complete: outcome = complete(request, kit: kit)
            case .diagnose: outcome = diagnose(request, kit: kit)
            case .describe: outcome = describe(request, kit: kit)
            }
            guard send(LanguageReply(id: request.id, outcome: outcome)) else { return 1 }
            if residentBytes() > memoryLimit { return 3 }
        }
    }

    /// The questions read and not yet answered: the newest of each kind.
    private struct Questions {
        private var decoder = WireDecoder<LanguageRequest>()
        private var waiting: [LanguageRequest.Kind: LanguageRequest] = [:]
        private(set) var failed = false

        var isEmpty: Bool { waiting.isEmpty }

        /// Reads what standard input holds (waiting for it when `waiting`);
        /// false at its end or after a frame no launcher sends.
        mutating func read(waiting block: Bool) -> Bool {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            var first = true
            while true {
                var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
                let ready = poll(&descriptor, 1, block && first ? -1 : 0)
                if ready < 0, errno == EINTR { continue }
                guard ready > 0 else { return ready == 0 }
                first = false
                let count = buffer.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                for request in decoder.decode(Array(buffer[..<count])) { waiting[request.kind] = request }
                guard decoder.counts == WireCounts() else {
                    failed = true
                    return false
                }
            }
        }

        /// Completion first: the learner waits on it, key by key.
        mutating func next() -> LanguageRequest? {
            for kind in [LanguageRequest.Kind.complete, .describe, .diagnose] {
                if let request = waiting.removeValue(forKey: kind) { return request }
            }
            return nil
        }
    }

    /// Compiles each module the file imports that is not there yet.
    private static func prepare(_ prerequisites: [LanguageRequest.Prerequisite], kit: SourceKitD) {
        for (index, prerequisite) in prerequisites.enumerated() where !FileSystem.isRegularFile(prerequisite.output) {
            try? FileSystem.makeDirectory(FileSystem.dirname(prerequisite.output))
            _ = kit.compile(prerequisite.arguments, name: "demo-shell-language-\(index)")
        }
    }

    /// Completion at the caret (`offset`): SourceKit is asked at the start
    /// of the name being typed, and only what begins with what is typed of
    /// it is sent (a statement's start offers thousands, C's among them).
    private static func complete(_ request: LanguageRequest, kit: SourceKitD) -> LanguageReply.Outcome {
        let bytes = Array(request.text.utf8)
        func isName(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || (0x30...0x39).contains(byte) || (0x41...0x5a).contains(byte)
                || (0x61...0x7a).contains(byte) || byte >= 0x80
        }
        var start = min(request.offset, bytes.count)
        while start > 0, isName(bytes[start - 1]) { start -= 1 }
        let typed = String(decoding: bytes[start..<min(request.offset, bytes.count)], as: UTF8.self).lowercased()
        let question = kit.request("source.request.codecomplete", arguments: request.arguments)
        kit.set(question, "key.sourcefile", request.path)
        kit.set(question, "key.sourcetext", request.text)
        kit.set(question, "key.offset", Int64(start))
        return kit.answer(question) { result in
            let items = kit.elements(of: kit.getValue(result, kit.key("key.results")))
            return .completions(
                items.lazy.compactMap { item -> CompletionItem? in
                    let name = kit.string(item, "key.description"), insertion = kit.string(item, "key.sourcetext")
                    guard !name.isEmpty, !insertion.isEmpty, typed.isEmpty || name.lowercased().hasPrefix(typed)
                    else { return nil }
                    return CompletionItem(
                        name: oneLine(name), insertion: insertion, type: oneLine(kit.string(item, "key.typename")),
                        brief: kit.string(item, "key.doc.brief"))
                }.prefix(LanguageReply.completionsLimit).map { $0 })
        }
    }

    /// The name at the offset: SourceKit's cursor info.
    private static func describe(_ request: LanguageRequest, kit: SourceKitD) -> LanguageReply.Outcome {
        let question = kit.request("source.request.cursorinfo", arguments: request.arguments)
        kit.set(question, "key.sourcefile", request.path)
        kit.set(question, "key.sourcetext", request.text)
        kit.set(question, "key.offset", Int64(request.offset))
        return kit.answer(question) { result in
            let name = oneLine(kit.string(result, "key.name"))
            guard !name.isEmpty else { return .symbol(nil) }
            var path = kit.string(result, "key.filepath")
            var line = Int(kit.getInt64(result, kit.key("key.line")))
            if path.isEmpty || line <= 0 { (path, line) = ("", 0) }
            return .symbol(
                SymbolInfo(
                    name: name,
                    declaration: LanguageMarkup.plainText(fromXML: kit.string(result, "key.annotated_decl")),
                    documentation: kit.string(result, "key.doc_comment"),
                    module: oneLine(kit.string(result, "key.modulename")),
                    path: path, line: line,
                    column: line == 0 ? 0 : max(0, Int(kit.getInt64(result, kit.key("key.column"))))))
        }
    }

    /// The text opened as an editor document, asked for its diagnostics, closed.
    private static func diagnose(_ request: LanguageRequest, kit: SourceKitD) -> LanguageReply.Outcome {
        let open = kit.request("source.request.editor.open", arguments: request.arguments)
        kit.set(open, "key.name", request.path)
        kit.set(open, "key.sourcetext", request.text)
        kit.set(open, "key.syntactic_only", 1)
        _ = kit.answer(open) { _ in .failed("") }
        let question = kit.request("source.request.diagnostics", arguments: request.arguments)
        kit.set(question, "key.sourcefile", request.path)
        let lines = LineStarts(request.text)
        let outcome = kit.answer(question) { result in
            LanguageReply.Outcome.diagnostics(
                kit.elements(of: kit.getValue(result, kit.key("key.diagnostics")))
                    .prefix(LanguageReply.diagnosticsLimit).map {
                        let found = kit.diagnostic($0, depth: 4)
                        let ranges = kit.elements(of: kit.getValue($0, kit.key("key.ranges"))).map {
                            (Int(kit.getInt64($0, kit.key("key.offset"))), Int(kit.getInt64($0, kit.key("key.length"))))
                        }
                        return CompilerDiagnostic(
                            severity: found.severity, path: found.path, line: found.line, column: found.column,
                            message: found.message,
                            columns: found.path == request.path
                                ? lines.columns(onLine: found.line, at: found.column, of: ranges) : nil)
                    })
        }
        let close = kit.request("source.request.editor.close", arguments: nil)
        kit.set(close, "key.name", request.path)
        _ = kit.answer(close) { _ in .failed("") }
        return outcome
    }

    /// A name or a type is one line on the list.
    private static func oneLine(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.value < 0x20 || (0x7f...0x9f).contains($0.value) ? " " : Character($0) })
    }

    private static func residentBytes() -> Int {
        guard let text = FileSystem.read("/proc/self/statm") else { return 0 }
        let fields = text.split(separator: " ")
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
    }

    /// The answer's frame on standard output; false once the launcher is gone.
    private static func send(_ reply: LanguageReply) -> Bool {
        guard let bytes = WireFrame.encode(reply) ?? WireFrame.encode(LanguageReply(id: reply.id, outcome: .failed("")))
        else { return false }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(1, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}
