import Wire

/// What goes between the editor and its language service (`demo-shell
/// --language-service=LIBRARY`, `LanguageServiceLoop`): a question about
/// the file being typed (what may follow the caret, what is wrong with it
/// now) and the answer as structure. The service runs SourceKit, which the
/// learner's text can crash or hang: its answers are read as any other
/// process's, bounded and refused whole when out of their bounds.

/// One question about a file as it is typed.
package struct LanguageRequest: WireMessage, Equatable, Sendable {
    package enum Kind: UInt8, Sendable {
        /// What may be written at `offset`: SourceKit's code completion.
        case complete = 1
        /// The errors and warnings of the text as typed, without building.
        case diagnose = 2
        /// What the name at `offset` is: Quick Help, Go to Definition.
        case describe = 3
    }

    /// A module the file imports that is built from the demo's own files
    /// (its model) or the shared ones (TextBounds): compiled by the
    /// service once, into `output`'s folder, before the question.
    package struct Prerequisite: Equatable, Sendable {
        package var arguments: [String]
        /// The module file the compile leaves; when it exists it is not compiled again.
        package var output: String

        package init(arguments: [String], output: String) {
            self.arguments = arguments
            self.output = output
        }
    }

    /// Names the answer: one to an older question is dropped.
    package var id: UInt32
    package var kind: Kind
    /// The file as the compiler is given it (one of `arguments`).
    package var path: String
    /// The file's text as typed, which SourceKit reads instead of the disk's.
    package var text: String
    /// Where completion is asked, in UTF-8 bytes into `text` (0 for `.diagnose`).
    package var offset: Int
    /// The compiler's arguments for the file's module, without the program.
    package var arguments: [String]
    package var prerequisites: [Prerequisite]

    package static let textLimit = 1 << 20
    package static let pathLimit = 4096
    package static let prerequisitesLimit = 8
    package static let payloadLimit = 1 << 23

    package init(
        id: UInt32, kind: Kind, path: String, text: String, offset: Int, arguments: [String],
        prerequisites: [Prerequisite] = []
    ) {
        (self.id, self.kind, self.path, self.text, self.offset) = (id, kind, path, text, offset)
        (self.arguments, self.prerequisites) = (arguments, prerequisites)
    }

    /// Whether it can be sent whole: a question over the bounds (a file
    /// of megabytes, an argument with a NUL) is not asked at all.
    package var isSendable: Bool {
        func sendable(_ arguments: [String]) -> Bool {
            !arguments.isEmpty && arguments.count <= CompileRequest.countLimit
                && arguments.allSatisfy {
                    !$0.isEmpty && $0.utf8.count <= CompileRequest.argumentLimit && !$0.utf8.contains(0)
                }
        }
        return !path.isEmpty && path.utf8.count <= Self.pathLimit && !path.utf8.contains(0)
            && text.utf8.count <= Self.textLimit && (0...text.utf8.count).contains(offset) && sendable(arguments)
            && prerequisites.count <= Self.prerequisitesLimit
            && prerequisites.allSatisfy {
                sendable($0.arguments) && !$0.output.isEmpty && $0.output.utf8.count <= Self.pathLimit
                    && !$0.output.utf8.contains(0)
            }
    }

    package var tag: WireTag { .languageRequest }

    package func encode(to writer: inout WireWriter) {
        writer.uint32(id)
        writer.byte(kind.rawValue)
        writer.string(path, limit: Self.pathLimit)
        writer.string(text, limit: Self.textLimit)
        writer.int32(Int32(clamping: offset))
        Self.encode(arguments, to: &writer)
        writer.count(min(prerequisites.count, Self.prerequisitesLimit))
        for prerequisite in prerequisites.prefix(Self.prerequisitesLimit) {
            Self.encode(prerequisite.arguments, to: &writer)
            writer.string(prerequisite.output, limit: Self.pathLimit)
        }
    }

    private static func encode(_ arguments: [String], to writer: inout WireWriter) {
        writer.count(arguments.count)
        for argument in arguments { writer.string(argument, limit: CompileRequest.argumentLimit) }
    }

    package init(tag: WireTag, from reader: inout WireReader) throws(WireRefusal) {
        guard tag == .languageRequest else { throw .unknown }
        id = try reader.uint32()
        guard let kind = Kind(rawValue: try reader.byte()) else { throw .malformed }
        self.kind = kind
        path = try reader.string(limit: Self.pathLimit, .noNUL)
        text = try reader.string(limit: Self.textLimit)
        offset = try reader.int(in: 0...Self.textLimit)
        guard !path.isEmpty, offset <= text.utf8.count else { throw .malformed }
        arguments = try Self.arguments(from: &reader)
        prerequisites = []
        for _ in 0..<(try reader.count(limit: Self.prerequisitesLimit)) {
            let arguments = try Self.arguments(from: &reader)
            let output = try reader.string(limit: Self.pathLimit, .noNUL)
            guard !output.isEmpty else { throw .malformed }
            prerequisites.append(Prerequisite(arguments: arguments, output: output))
        }
    }

    private static func arguments(from reader: inout WireReader) throws(WireRefusal) -> [String] {
        let count = try reader.count(limit: CompileRequest.countLimit)
        guard count > 0 else { throw .malformed }
        var arguments: [String] = []
        for _ in 0..<count {
            let argument = try reader.string(limit: CompileRequest.argumentLimit, .noNUL)
            guard !argument.isEmpty else { throw .malformed }
            arguments.append(argument)
        }
        return arguments
    }
}

/// One thing completion offers: what the list shows and what is written.
package struct CompletionItem: Equatable, Sendable {
    /// As the list shows it: `text`, `textWidth(of:family:weight:pixelSize:)`.
    package var name: String
    /// What is written when it is chosen, SourceKit's placeholders
    /// (`<#T##String#>`) among it (`LanguageCompletions.insertion` reads them).
    package var insertion: String
    /// Its type, or what a call returns: `String`, `Void`.
    package var type: String
    /// The first sentence of its doc comment; empty when it has none.
    package var brief: String

    package static let nameLimit = 1024
    package static let insertionLimit = 4096
    package static let typeLimit = 1024
    package static let briefLimit = 2048

    package init(name: String, insertion: String, type: String, brief: String) {
        (self.name, self.insertion, self.type, self.brief) = (name, insertion, type, brief)
    }
}

/// What a name in the code is: SourceKit's cursor info, as Quick Help
/// shows it and Go to Definition follows it.
package struct SymbolInfo: Equatable, Sendable {
    package var name: String
    /// Its declaration as written (`@MainActor final class Label : Widget`).
    package var declaration: String
    /// Its whole doc comment, as written (Markdown); empty when it has none.
    package var documentation: String
    package var module: String
    /// Where it is declared (the SDK's source, the demo's file); empty, and
    /// line 0, when SourceKit knows no place (a module without sources).
    package var path: String
    package var line: Int
    package var column: Int

    package static let declarationLimit = 8192
    package static let documentationLimit = 65_536

    package init(
        name: String, declaration: String, documentation: String, module: String, path: String, line: Int,
        column: Int
    ) {
        (self.name, self.declaration, self.documentation, self.module) = (name, declaration, documentation, module)
        (self.path, self.line, self.column) = (path, line, column)
    }

    func encode(to writer: inout WireWriter) {
        writer.string(name, limit: CompletionItem.nameLimit)
        writer.string(declaration, limit: Self.declarationLimit)
        writer.string(documentation, limit: Self.documentationLimit)
        writer.string(module, limit: CompletionItem.nameLimit)
        writer.string(path, limit: LanguageRequest.pathLimit)
        writer.int32(Int32(clamping: line))
        writer.int32(Int32(clamping: column))
    }

    init(from reader: inout WireReader) throws(WireRefusal) {
        name = try reader.string(limit: CompletionItem.nameLimit, .noControls)
        declaration = try reader.string(limit: Self.declarationLimit, .noNUL)
        documentation = try reader.string(limit: Self.documentationLimit, .noNUL)
        module = try reader.string(limit: CompletionItem.nameLimit, .noControls)
        path = try reader.string(limit: LanguageRequest.pathLimit, .noNUL)
        line = try reader.int(in: 0...Int(Int32.max))
        column = try reader.int(in: 0...Int(Int32.max))
        guard !name.isEmpty, path.isEmpty == (line == 0) else { throw .malformed }
    }
}

/// The service's answer to the question of the same `id`.
package struct LanguageReply: WireMessage, Equatable, Sendable {
    package enum Outcome: Equatable, Sendable {
        case completions([CompletionItem])
        /// Each at its file, line and column, with its range on the line when
        /// SourceKit gave one (notes and fix-its are Run Edited's).
        case diagnostics([CompilerDiagnostic])
        /// SourceKit said no (its words, for the log only).
        case failed(String)
        /// The name at the caret; nil when there is none.
        case symbol(SymbolInfo?)
    }

    package var id: UInt32
    package var outcome: Outcome

    package static let completionsLimit = 4000
    package static let diagnosticsLimit = 512
    package static let messageLimit = 16_384
    package static let payloadLimit = 1 << 23

    package init(id: UInt32, outcome: Outcome) {
        self.id = id
        self.outcome = outcome
    }

    package var tag: WireTag { .languageReply }

    package func encode(to writer: inout WireWriter) {
        writer.uint32(id)
        switch outcome {
        case .completions(let items):
            writer.byte(1)
            writer.count(min(items.count, Self.completionsLimit))
            for item in items.prefix(Self.completionsLimit) {
                writer.string(item.name, limit: CompletionItem.nameLimit)
                writer.string(item.insertion, limit: CompletionItem.insertionLimit)
                writer.string(item.type, limit: CompletionItem.typeLimit)
                writer.string(item.brief, limit: CompletionItem.briefLimit)
            }
        case .diagnostics(let diagnostics):
            writer.byte(2)
            writer.count(min(diagnostics.count, Self.diagnosticsLimit))
            for diagnostic in diagnostics.prefix(Self.diagnosticsLimit) {
                writer.byte(UInt8(diagnostic.severity.rawValue))
                writer.string(diagnostic.path, limit: LanguageRequest.pathLimit)
                writer.int32(Int32(clamping: diagnostic.line))
                writer.int32(Int32(clamping: diagnostic.column))
                writer.int32(Int32(clamping: diagnostic.columns?.lowerBound ?? 0))
                writer.int32(Int32(clamping: diagnostic.columns?.upperBound ?? 0))
                writer.string(diagnostic.message, limit: Self.messageLimit)
            }
        case .failed(let reason):
            writer.byte(3)
            writer.string(reason, limit: Self.messageLimit)
        case .symbol(let symbol):
            writer.byte(4)
            writer.bool(symbol != nil)
            symbol?.encode(to: &writer)
        }
    }

    package init(tag: WireTag, from reader: inout WireReader) throws(WireRefusal) {
        guard tag == .languageReply else { throw .unknown }
        id = try reader.uint32()
        switch try reader.byte() {
        case 1:
            var items: [CompletionItem] = []
            for _ in 0..<(try reader.count(limit: Self.completionsLimit)) {
                let name = try reader.string(limit: CompletionItem.nameLimit, .noControls)
                let insertion = try reader.string(limit: CompletionItem.insertionLimit, .noNUL)
                let type = try reader.string(limit: CompletionItem.typeLimit, .noControls)
                let brief = try reader.string(limit: CompletionItem.briefLimit, .noNUL)
                guard !name.isEmpty, !insertion.isEmpty else { throw .malformed }
                items.append(CompletionItem(name: name, insertion: insertion, type: type, brief: brief))
            }
            outcome = .completions(items)
        case 2:
            var diagnostics: [CompilerDiagnostic] = []
            for _ in 0..<(try reader.count(limit: Self.diagnosticsLimit)) {
                guard let severity = CompilerDiagnostic.Severity(rawValue: Int(try reader.byte())) else {
                    throw .malformed
                }
                let path = try reader.string(limit: LanguageRequest.pathLimit, .noNUL)
                let line = try reader.int(in: 0...Int(Int32.max)), column = try reader.int(in: 0...Int(Int32.max))
                let first = try reader.int(in: 0...Int(Int32.max)), end = try reader.int(in: 0...Int(Int32.max))
                guard path.isEmpty == (line == 0), (first == 0) == (end == 0), first <= end else { throw .malformed }
                let message = try reader.string(limit: Self.messageLimit)
                diagnostics.append(
                    CompilerDiagnostic(
                        severity: severity, path: path, line: line, column: column, message: message,
                        columns: first < end ? first..<end : nil))
            }
            outcome = .diagnostics(diagnostics)
        case 3:
            outcome = .failed(try reader.string(limit: Self.messageLimit))
        case 4:
            outcome = .symbol(try reader.bool() ? try SymbolInfo(from: &reader) : nil)
        default:
            throw .malformed
        }
    }
}
