import Wire

/// What goes between the launcher and its compile server (`demo-shell
/// --compile-server=LIBRARY`, `CompileServerLoop`): a request is a compile's
/// arguments, a reply its status and SourceKit's diagnostics as structure
/// (file, line, column, severity, message, fix-its, notes), never text to be
/// read back. GTK-free, so that both ends are tested without a compiler.

/// A compile the server is to run: `swiftc`'s arguments, without the program.
package struct CompileRequest: WireMessage, Equatable, Sendable {
    package var arguments: [String]

    package static let argumentLimit = 65_536
    package static let countLimit = 8192
    package static let payloadLimit = 1 << 22

    package init(arguments: [String]) {
        self.arguments = arguments
    }

    /// Nil when `arguments` cannot be sent (none, an empty one, a NUL,
    /// which SourceKit's C strings would cut, or over the bounds): such a
    /// step is run by the compiler's own process.
    package init?(sending arguments: [String]) {
        guard !arguments.isEmpty, arguments.count <= Self.countLimit,
            arguments.allSatisfy({ !$0.isEmpty && $0.utf8.count <= Self.argumentLimit && !$0.utf8.contains(0) })
        else { return nil }
        self.arguments = arguments
    }

    package var tag: WireTag { .compileRequest }

    package func encode(to writer: inout WireWriter) {
        writer.count(arguments.count)
        for argument in arguments { writer.string(argument, limit: Self.argumentLimit) }
    }

    package init(tag: WireTag, from reader: inout WireReader) throws(WireRefusal) {
        guard tag == .compileRequest else { throw .unknown }
        let count = try reader.count(limit: Self.countLimit)
        guard count > 0 else { throw .malformed }
        arguments = []
        for _ in 0..<count {
            let argument = try reader.string(limit: Self.argumentLimit, .noNUL)
            guard !argument.isEmpty else { throw .malformed }
            arguments.append(argument)
        }
    }
}

/// The server's answer to one request.
package struct CompileReply: WireMessage, Equatable, Sendable {
    /// The compile's status: 0 when it succeeded.
    package var status: Int32
    /// Each with its notes (a note's own notes among them) and fix-its.
    package var diagnostics: [CompilerDiagnostic]

    package static let pathLimit = 4096
    package static let messageLimit = 16_384
    package static let diagnosticsLimit = 4096
    package static let notesLimit = 64
    package static let fixItsLimit = 32
    package static let payloadLimit = 1 << 22

    package init(status: Int32, diagnostics: [CompilerDiagnostic]) {
        self.status = status
        self.diagnostics = diagnostics
    }

    /// The diagnostics as the compiler prints them, for people (the
    /// Output, a failed build's last lines); never read back.
    package var text: String {
        var lines = ""
        func add(_ diagnostic: CompilerDiagnostic) {
            let place =
                diagnostic.path.isEmpty ? "<unknown>:0" : "\(diagnostic.path):\(diagnostic.line):\(diagnostic.column)"
            let word = ["ignored", "note", "warning", "error", "fatal error", "remark"][diagnostic.severity.rawValue]
            lines += "\(place): \(word): \(diagnostic.message)\n"
            diagnostic.notes.forEach(add)
        }
        diagnostics.forEach(add)
        return lines
    }

    package var tag: WireTag { .compileReply }

    package func encode(to writer: inout WireWriter) {
        writer.int32(status)
        writer.count(min(diagnostics.count, Self.diagnosticsLimit))
        for diagnostic in diagnostics.prefix(Self.diagnosticsLimit) {
            Self.encode(diagnostic, notes: true, to: &writer)
        }
    }

    private static func encode(_ diagnostic: CompilerDiagnostic, notes: Bool, to writer: inout WireWriter) {
        writer.byte(UInt8(diagnostic.severity.rawValue))
        writer.string(diagnostic.path, limit: pathLimit)
        writer.int32(Int32(clamping: diagnostic.line))
        writer.int32(Int32(clamping: diagnostic.column))
        writer.string(diagnostic.message, limit: messageLimit)
        writer.count(min(diagnostic.fixIts.count, fixItsLimit))
        for fixIt in diagnostic.fixIts.prefix(fixItsLimit) {
            writer.int32(Int32(clamping: fixIt.offset))
            writer.int32(Int32(clamping: fixIt.length))
            writer.string(fixIt.text, limit: messageLimit)
        }
        guard notes else { return }
        writer.count(min(diagnostic.notes.count, notesLimit))
        for note in diagnostic.notes.prefix(notesLimit) { encode(note, notes: false, to: &writer) }
    }

    package init(tag: WireTag, from reader: inout WireReader) throws(WireRefusal) {
        guard tag == .compileReply else { throw .unknown }
        status = try reader.int32()
        diagnostics = []
        for _ in 0..<(try reader.count(limit: Self.diagnosticsLimit)) {
            diagnostics.append(try Self.diagnostic(from: &reader, notes: true))
        }
    }

    private static func diagnostic(from reader: inout WireReader, notes: Bool) throws(WireRefusal) -> CompilerDiagnostic
    {
        guard let severity = CompilerDiagnostic.Severity(rawValue: Int(try reader.byte())) else { throw .malformed }
        let path = try reader.string(limit: pathLimit, .noNUL)
        let line = try reader.int(in: 0...Int(Int32.max)), column = try reader.int(in: 0...Int(Int32.max))
        guard path.isEmpty == (line == 0) else { throw .malformed }  // a place has a file and a line, or neither
        let message = try reader.string(limit: messageLimit)
        var fixIts: [CompilerDiagnostic.FixIt] = []
        for _ in 0..<(try reader.count(limit: fixItsLimit)) {
            fixIts.append(
                .init(
                    offset: try reader.int(in: 0...Int(Int32.max)), length: try reader.int(in: 0...Int(Int32.max)),
                    text: try reader.string(limit: messageLimit)))
        }
        var found = CompilerDiagnostic(
            severity: severity, path: path, line: line, column: column, message: message, fixIts: fixIts)
        if notes {
            for _ in 0..<(try reader.count(limit: notesLimit)) {
                found.notes.append(try diagnostic(from: &reader, notes: false))
            }
        }
        return found
    }
}
