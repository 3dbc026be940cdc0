import DemoBasics
import ShellBasics
/// A reader for LLVM's bitstream container (https://llvm.org/docs/BitCodeFormat.html),
/// the framing under clang's and swiftc's serialized diagnostics.
///
/// Every input is treated as hostile: each read is checked against the bits
/// left, lengths are bounded by those bits before anything is allocated for
/// them, nesting and abbreviation counts are capped, every step consumes at
/// least one bit and the values that cost none (literals) are rationed, so a
/// malformed stream ends in a `BitstreamError` in time linear in its size,
/// never in a trap.
struct BitstreamReader {
    /// Deeper than any real writer nests; bounds the scope stack and the
    /// callers' recursion.
    static let maximumDepth = 64
    /// A diagnostics file defines seven; the cap bounds the copy a BLOCKINFO
    /// definition makes of a list that an open block still shares.
    static let maximumAbbreviations = 1024

    private let bytes: [UInt8]
    private let bitCount: Int
    private(set) var bitPosition: Int
    private var width = 2
    /// From BLOCKINFO, ahead of the block's own in the numbering.
    private var inherited: [Abbreviation] = []
    private var local: [Abbreviation] = []
    private var scopes: [Scope] = []
    private var blockInfo: [UInt64: [Abbreviation]] = [:]
    private var abbreviationCount = 0
    /// Literal operands take no bits, so a record of 1,000 of them could
    /// cost 3 bits; allowing one per bit of the file keeps the work linear.
    private var literalsLeft: Int
    /// Non-nil while inside a BLOCKINFO block; the inner value is the block
    /// its SETBID record named, whose abbreviations the block defines.
    private var blockInfoTarget: UInt64?? = nil

    private struct Scope {
        var width: Int
        var inherited: [Abbreviation]
        var local: [Abbreviation]
        var blockInfoTarget: UInt64??
    }

    /// Starts after `skippingBytes` (a file's magic number) at the top level.
    init(_ bytes: [UInt8], skippingBytes: Int) {
        self.bytes = bytes
        bitCount = bytes.count * 8
        literalsLeft = bitCount
        bitPosition = min(skippingBytes, bytes.count) * 8
    }

    /// The next record, block start or block end of the current block. BLOCKINFO
    /// blocks and abbreviation definitions are absorbed here.
    mutating func next() throws(BitstreamError) -> BitstreamEntry {
        while true {
            if scopes.isEmpty && bitPosition >= bitCount { return .endOfStream }
            let id = try read(width)
            switch id {
            case 0:  // END_BLOCK
                let leftBlockInfo = blockInfoTarget != nil
                try leaveBlock()
                if !leftBlockInfo { return .endBlock }
            case 1:  // ENTER_SUBBLOCK
                let header = try readBlockHeader()
                if blockInfoTarget != nil {
                    skip(header)
                } else if header.id == 0 {
                    try enter(header)
                    blockInfoTarget = .some(nil)
                } else {
                    return .block(header)
                }
            case 2:  // DEFINE_ABBREV
                let abbreviation = try readAbbreviation()
                guard abbreviationCount < Self.maximumAbbreviations else {
                    throw failure("more than \(Self.maximumAbbreviations) abbreviations")
                }
                abbreviationCount += 1
                if let target = blockInfoTarget {
                    guard let target else { throw failure("BLOCKINFO abbreviation before SETBID") }
                    blockInfo[target, default: []].append(abbreviation)
                } else {
                    local.append(abbreviation)
                }
            default:
                let record = try readRecord(abbreviationID: id)
                guard blockInfoTarget != nil else { return .record(record) }
                if record.code == 1, let block = record.operands.first {  // SETBID
                    blockInfoTarget = .some(block)
                }
            }
        }
    }

    /// Enters a block `next()` announced; its END_BLOCK comes back as `.endBlock`.
    mutating func enter(_ header: BlockHeader) throws(BitstreamError) {
        guard scopes.count < Self.maximumDepth else { throw failure("blocks nested too deeply") }
        scopes.append(Scope(width: width, inherited: inherited, local: local, blockInfoTarget: blockInfoTarget))
        width = header.abbreviationWidth
        inherited = blockInfo[header.id] ?? []
        local = []
        blockInfoTarget = nil
    }

    /// Jumps over a block `next()` announced, by the length its header gives.
    mutating func skip(_ header: BlockHeader) {
        bitPosition = header.endBitPosition
    }

    private mutating func leaveBlock() throws(BitstreamError) {
        guard let scope = scopes.popLast() else { throw failure("END_BLOCK outside any block") }
        try alignToWord()
        width = scope.width
        inherited = scope.inherited
        local = scope.local
        blockInfoTarget = scope.blockInfoTarget
    }

    private mutating func readBlockHeader() throws(BitstreamError) -> BlockHeader {
        let id = try readVBR(8)
        let newWidth = try readVBR(4)
        try alignToWord()
        let words = try read(32)
        // Wider codes than 32 bits are refused by LLVM too; 0 would never advance.
        guard (1...32).contains(newWidth) else { throw failure("abbreviation width \(newWidth)") }
        // Checked here so a truncated file fails at the block it cuts, and a skip stays inside.
        guard words <= UInt64((bitCount - bitPosition) / 32) else { throw failure("block longer than the file") }
        return BlockHeader(id: id, abbreviationWidth: Int(newWidth), endBitPosition: bitPosition + Int(words) * 32)
    }

    private mutating func readAbbreviation() throws(BitstreamError) -> Abbreviation {
        let count = try readVBR(5)
        // Every operand takes at least 4 bits, which bounds the allocation.
        guard count >= 1, count <= UInt64((bitCount - bitPosition) / 4) else {
            throw failure("abbreviation with \(count) operands")
        }
        var operands: [AbbreviationOperand] = []
        operands.reserveCapacity(Int(count))
        for _ in 0..<count {
            if try read(1) == 1 {
                operands.append(.literal(try readVBR(8)))
                continue
            }
            let encoding = try read(3)
            switch encoding {
            case 1, 2:
                let bits = try readVBR(5)
                // Zero bits read as a literal 0, as LLVM does; VBR needs a payload bit.
                if bits == 0 {
                    operands.append(.literal(0))
                } else if encoding == 1 {
                    guard bits <= 64 else { throw failure("fixed width \(bits)") }
                    operands.append(.fixed(Int(bits)))
                } else {
                    guard (2...32).contains(bits) else { throw failure("VBR width \(bits)") }
                    operands.append(.vbr(Int(bits)))
                }
            case 3: operands.append(.array)
            case 4: operands.append(.char6)
            case 5: operands.append(.blob)
            default: throw failure("abbreviation encoding \(encoding)")
            }
        }
        return Abbreviation(operands: operands)
    }

    private mutating func readRecord(abbreviationID: UInt64) throws(BitstreamError) -> BitstreamRecord {
        if abbreviationID == 3 {  // UNABBREV_RECORD: code, count, operands, all VBR6
            let code = try readVBR(6)
            let count = try readVBR(6)
            guard count <= UInt64((bitCount - bitPosition) / 6) else { throw failure("record longer than the file") }
            var operands: [UInt64] = []
            operands.reserveCapacity(Int(count))
            for _ in 0..<count { operands.append(try readVBR(6)) }
            return BitstreamRecord(code: code, operands: operands, blob: nil)
        }
        let index = Int(abbreviationID - 4)
        let abbreviation: Abbreviation
        if index < inherited.count {
            abbreviation = inherited[index]
        } else if index - inherited.count < local.count {
            abbreviation = local[index - inherited.count]
        } else {
            throw failure("undefined abbreviation \(abbreviationID)")
        }
        let ops = abbreviation.operands
        let code = try readScalar(ops[0])
        var record = BitstreamRecord(code: code, operands: [], blob: nil)
        var i = 1
        while i < ops.count {
            switch ops[i] {
            case .array:
                // The element encoding follows and is the last operand.
                guard i + 2 == ops.count, ops[i + 1].minimumBits > 0 else {
                    throw failure("malformed array abbreviation")
                }
                let count = try readVBR(6)
                guard count <= UInt64((bitCount - bitPosition) / ops[i + 1].minimumBits) else {
                    throw failure("array longer than the file")
                }
                record.operands.reserveCapacity(record.operands.count + Int(count))
                for _ in 0..<count { record.operands.append(try readScalar(ops[i + 1])) }
                i += 1
            case .blob:
                let count = try readVBR(6)
                try alignToWord()
                guard count <= UInt64((bitCount - bitPosition) / 8) else { throw failure("blob longer than the file") }
                let start = bitPosition / 8
                record.blob = bytes[start..<start + Int(count)]
                bitPosition += Int(count) * 8
                try alignToWord()
            default:
                record.operands.append(try readScalar(ops[i]))
            }
            i += 1
        }
        return record
    }

    private mutating func readScalar(_ operand: AbbreviationOperand) throws(BitstreamError) -> UInt64 {
        switch operand {
        case .literal(let value):
            literalsLeft -= 1
            guard literalsLeft >= 0 else { throw failure("more literal operands than the file has bits") }
            return value
        case .fixed(let bits): return try read(bits)
        case .vbr(let bits): return try readVBR(bits)
        case .char6: return UInt64(Self.char6[Int(try read(6))])
        case .array, .blob: throw failure("array or blob where a value belongs")
        }
    }

    private static let char6 = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._".utf8)

    /// Bits are packed from each byte's least significant bit up.
    private mutating func read(_ bits: Int) throws(BitstreamError) -> UInt64 {
        guard bits <= bitCount - bitPosition else { throw failure("unexpected end of file") }
        var value: UInt64 = 0
        var done = 0
        while done < bits {
            let offset = bitPosition & 7
            let take = min(8 - offset, bits - done)
            let chunk = (UInt64(bytes[bitPosition >> 3]) >> UInt64(offset)) & ((1 << UInt64(take)) - 1)
            value |= chunk << UInt64(done)
            done += take
            bitPosition += take
        }
        return value
    }

    /// Chunks of `bits - 1` payload bits, the top bit saying another follows.
    private mutating func readVBR(_ bits: Int) throws(BitstreamError) -> UInt64 {
        let payloadMask: UInt64 = (1 << UInt64(bits - 1)) - 1
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let chunk = try read(bits)
            let payload = chunk & payloadMask
            guard shift < 64, (payload << shift) >> shift == payload else { throw failure("VBR value over 64 bits") }
            value |= payload << shift
            if chunk & (payloadMask + 1) == 0 { return value }
            shift += UInt64(bits - 1)
        }
    }

    private mutating func alignToWord() throws(BitstreamError) {
        let aligned = (bitPosition + 31) & ~31
        guard aligned <= bitCount else { throw failure("unexpected end of file") }
        bitPosition = aligned
    }

    private func failure(_ message: String) -> BitstreamError {
        BitstreamError(message: message, byteOffset: bitPosition / 8)
    }
}

struct BitstreamError: Error {
    let message: String
    let byteOffset: Int
}

enum BitstreamEntry {
    case record(BitstreamRecord)
    /// The caller must `enter` or `skip` it before calling `next()` again.
    case block(BlockHeader)
    case endBlock
    case endOfStream
}

struct BlockHeader {
    let id: UInt64
    let abbreviationWidth: Int
    let endBitPosition: Int
}

struct BitstreamRecord {
    var code: UInt64
    var operands: [UInt64]
    var blob: ArraySlice<UInt8>?
}

struct Abbreviation {
    var operands: [AbbreviationOperand]
}

enum AbbreviationOperand {
    case literal(UInt64)
    case fixed(Int)
    case vbr(Int)
    case array
    case char6
    case blob

    /// What one array element takes at least; 0 for what cannot be an element.
    var minimumBits: Int {
        switch self {
        case .fixed(let bits), .vbr(let bits): bits
        case .char6: 6
        case .literal, .array, .blob: 0
        }
    }
}
