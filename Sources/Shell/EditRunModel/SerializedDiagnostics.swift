import DemoBasics
import ShellBasics
/// One diagnostic from a compiler's serialized diagnostics file, with the
/// notes the compiler attached to it.
public struct CompilerDiagnostic: Equatable, Sendable {
    /// clang's `serialized_diags::Level`, whose numbering the file stores.
    public enum Severity: Int, Sendable {
        case ignored = 0, note, warning, error, fatal, remark
    }

    public var severity: Severity
    /// As the compiler was given it: relative paths stay relative. Empty when
    /// the diagnostic has no location (or names a file the file never defines).
    public var path: String
    /// 1-based; 0 when there is no location.
    public var line: Int
    /// 1-based, counted in UTF-8 bytes as the compiler counts them; 0 when there is no location.
    public var column: Int
    /// The columns SourceKit highlights on the diagnostic's line (1-based
    /// UTF-8 columns, the end past the last byte); nil when it gave none:
    /// the word at `column` is meant.
    public var columns: Range<Int>?
    public var message: String
    public var category: String?
    public var notes: [CompilerDiagnostic]
    /// What the compiler offers to change (SourceKit's, through the compile server).
    public var fixIts: [FixIt]

    /// A replacement of `length` bytes at `offset` (UTF-8 bytes into the
    /// diagnostic's file, as the compiler read it) by `text`.
    public struct FixIt: Equatable, Sendable {
        public var offset: Int
        public var length: Int
        public var text: String

        public init(offset: Int, length: Int, text: String) {
            self.offset = offset
            self.length = length
            self.text = text
        }
    }

    public init(
        severity: Severity, path: String, line: Int, column: Int, message: String,
        category: String? = nil, notes: [CompilerDiagnostic] = [], fixIts: [FixIt] = [], columns: Range<Int>? = nil
    ) {
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.columns = columns
        self.message = message
        self.category = category
        self.notes = notes
        self.fixIts = fixIts
    }
}

public struct SerializedDiagnosticsError: Error, Equatable, Sendable {
    public let message: String

    public init(message: String) {
        self.message = message
    }
}

/// Reads the `.dia` files `swiftc -serialize-diagnostics` and
/// `clang --serialize-diagnostics` write: a bitstream beginning "DIAG", with a
/// META block holding the format's version and one DIAG block a diagnostic,
/// its notes nested as DIAG blocks inside it.
public enum SerializedDiagnostics {
    /// The newest version of the format this reader knows (clang's `VersionNumber`).
    static let newestVersion: UInt64 = 2

    /// All or nothing: a file that is malformed anywhere gives `.failure`
    /// rather than the diagnostics before the damage, so that a caller never
    /// shows a silently shortened list (it can fall back to the compiler's text).
    /// A file cut exactly between two diagnostics cannot be told from a
    /// shorter one: the format has no end marker.
    public static func parse(_ bytes: [UInt8]) -> Result<[CompilerDiagnostic], SerializedDiagnosticsError> {
        guard bytes.starts(with: Array("DIAG".utf8)) else {
            return .failure(SerializedDiagnosticsError(message: "not a serialized diagnostics file"))
        }
        var parser = Parser(reader: BitstreamReader(bytes, skippingBytes: 4))
        do {
            return .success(try parser.parse())
        } catch {
            return .failure(SerializedDiagnosticsError(message: "\(error.message) (byte \(error.byteOffset))"))
        }
    }
}

private enum BlockID {
    static let meta: UInt64 = 8  // LLVM's first application block ID
    static let diagnostic: UInt64 = 9
}

private enum RecordCode {
    static let version: UInt64 = 1
    static let diagnostic: UInt64 = 2
    static let category: UInt64 = 5
    static let fileName: UInt64 = 6
}

/// A diagnostic before the names it refers to by ID are looked up: a file's
/// FILENAME record may come in any DIAG block, before or after its first use.
private struct PendingDiagnostic {
    var severity: CompilerDiagnostic.Severity
    var fileID: UInt64
    var line: Int
    var column: Int
    var categoryID: UInt64
    var message: String
    var notes: [PendingDiagnostic] = []
}

private struct Parser {
    var reader: BitstreamReader
    var fileNames: [UInt64: String] = [:]
    var categories: [UInt64: String] = [:]

    mutating func parse() throws(BitstreamError) -> [CompilerDiagnostic] {
        var pending: [PendingDiagnostic] = []
        while true {
            switch try reader.next() {
            case .endOfStream:
                return pending.map(resolve)
            case .block(let header) where header.id == BlockID.meta:
                try reader.enter(header)
                try readMeta()
            case .block(let header) where header.id == BlockID.diagnostic:
                try reader.enter(header)
                if let diagnostic = try readDiagnostic() { pending.append(diagnostic) }
            case .block(let header):
                reader.skip(header)
            case .record, .endBlock:
                throw failure("a record outside any block")
            }
        }
    }

    private mutating func readMeta() throws(BitstreamError) {
        var version: UInt64?
        while true {
            switch try reader.next() {
            case .record(let record) where record.code == RecordCode.version:
                guard record.operands.count == 1 else { throw failure("malformed version record") }
                version = record.operands[0]
            case .record:
                continue
            case .block(let header):
                reader.skip(header)
            case .endBlock, .endOfStream:
                guard let version else { throw failure("no version") }
                guard version <= SerializedDiagnostics.newestVersion else {
                    throw failure("version \(version) is newer than this reader")
                }
                return
            }
        }
    }

    /// Reads an entered DIAG block; nil if it held no DIAG record (its notes go with it).
    private mutating func readDiagnostic() throws(BitstreamError) -> PendingDiagnostic? {
        var diagnostic: PendingDiagnostic?
        var notes: [PendingDiagnostic] = []
        while true {
            switch try reader.next() {
            case .block(let header) where header.id == BlockID.diagnostic:
                // The reader's depth cap bounds this recursion.
                try reader.enter(header)
                if let note = try readDiagnostic() { notes.append(note) }
            case .block(let header):
                reader.skip(header)
            case .endBlock, .endOfStream:
                diagnostic?.notes = notes
                return diagnostic
            case .record(let record):
                switch record.code {
                case RecordCode.diagnostic:
                    guard diagnostic == nil else { throw failure("two DIAG records in one block") }
                    diagnostic = try pendingDiagnostic(record)
                case RecordCode.fileName:
                    // ID, size, modification time (both legacy, zero), name.
                    guard record.operands.count == 4, let name = record.blob else {
                        throw failure("malformed FILENAME record")
                    }
                    fileNames[record.operands[0]] = String(decoding: name, as: UTF8.self)
                case RecordCode.category:
                    guard record.operands.count == 2, let name = record.blob else {
                        throw failure("malformed CATEGORY record")
                    }
                    categories[record.operands[0]] = String(decoding: name, as: UTF8.self)
                default:
                    continue  // source ranges, flags, fix-its and what later versions add
                }
            }
        }
    }

    /// Severity, location (file ID, line, column, offset), category ID,
    /// flag ID, message length; the message itself is the blob.
    private func pendingDiagnostic(_ record: BitstreamRecord) throws(BitstreamError) -> PendingDiagnostic {
        let operands = record.operands
        guard operands.count == 8, let message = record.blob else { throw failure("malformed DIAG record") }
        guard let severity = Int(exactly: operands[0]).flatMap(CompilerDiagnostic.Severity.init(rawValue:)) else {
            throw failure("unknown severity \(operands[0])")
        }
        guard let line = Int(exactly: operands[2]), let column = Int(exactly: operands[3]) else {
            throw failure("line or column out of range")
        }
        let hasLocation = operands[1] != 0
        return PendingDiagnostic(
            severity: severity, fileID: operands[1], line: hasLocation ? line : 0,
            column: hasLocation ? column : 0, categoryID: operands[5],
            message: String(decoding: message, as: UTF8.self))
    }

    private func resolve(_ pending: PendingDiagnostic) -> CompilerDiagnostic {
        CompilerDiagnostic(
            severity: pending.severity,
            path: pending.fileID == 0 ? "" : fileNames[pending.fileID] ?? "",
            line: pending.line,
            column: pending.column,
            message: pending.message,
            category: pending.categoryID == 0 ? nil : categories[pending.categoryID],
            notes: pending.notes.map(resolve))
    }

    private func failure(_ message: String) -> BitstreamError {
        BitstreamError(message: message, byteOffset: reader.bitPosition / 8)
    }
}
