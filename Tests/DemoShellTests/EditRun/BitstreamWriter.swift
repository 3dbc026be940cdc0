/// Writes LLVM bitstreams for SerializedDiagnosticsTests: files with what
/// swiftc's own never hold (unabbreviated records, local abbreviations, arrays,
/// char6, unknown blocks) and hostile ones, bit by bit as the format lays them out.
struct BitstreamWriter {
    enum Operand {
        case literal(UInt64), fixed(Int), vbr(Int), array, char6, blob
    }

    private(set) var bytes: [UInt8]
    private var bitCount: Int
    /// The abbreviation ID width of the current block.
    var width = 2
    private var open: [(width: Int, lengthByte: Int)] = []

    init(magic: String = "DIAG") {
        bytes = Array(magic.utf8)
        bitCount = bytes.count * 8
    }

    mutating func emit(_ value: UInt64, bits: Int) {
        for bit in 0..<bits {
            if bitCount % 8 == 0 { bytes.append(0) }
            if (value >> UInt64(bit)) & 1 == 1 { bytes[bitCount / 8] |= UInt8(1) << UInt8(bitCount % 8) }
            bitCount += 1
        }
    }

    mutating func emitVBR(_ value: UInt64, bits: Int) {
        let high = UInt64(1) << UInt64(bits - 1)
        var rest = value
        while rest >= high {
            emit(rest & (high - 1) | high, bits: bits)
            rest >>= UInt64(bits - 1)
        }
        emit(rest, bits: bits)
    }

    mutating func align() {
        while bitCount % 32 != 0 { emit(0, bits: 1) }
    }

    /// ENTER_SUBBLOCK; `endBlock()` fills in the length.
    mutating func enterBlock(_ id: UInt64, width newWidth: Int) {
        emit(1, bits: width)
        emitVBR(id, bits: 8)
        emitVBR(UInt64(newWidth), bits: 4)
        align()
        open.append((width, bitCount / 8))
        emit(0, bits: 32)
        width = newWidth
    }

    mutating func endBlock() {
        emit(0, bits: width)
        align()
        let block = open.removeLast()
        let words = UInt32((bitCount / 8 - block.lengthByte - 4) / 4)
        for index in 0..<4 { bytes[block.lengthByte + index] = UInt8(truncatingIfNeeded: words >> UInt32(8 * index)) }
        width = block.width
    }

    mutating func unabbreviatedRecord(_ code: UInt64, _ operands: [UInt64]) {
        emit(3, bits: width)
        emitVBR(code, bits: 6)
        emitVBR(UInt64(operands.count), bits: 6)
        for operand in operands { emitVBR(operand, bits: 6) }
    }

    mutating func defineAbbreviation(_ operands: [Operand]) {
        emit(2, bits: width)
        emitVBR(UInt64(operands.count), bits: 5)
        for operand in operands {
            switch operand {
            case .literal(let value):
                emit(1, bits: 1)
                emitVBR(value, bits: 8)
            case .fixed(let bits):
                emit(0, bits: 1)
                emit(1, bits: 3)
                emitVBR(UInt64(bits), bits: 5)
            case .vbr(let bits):
                emit(0, bits: 1)
                emit(2, bits: 3)
                emitVBR(UInt64(bits), bits: 5)
            case .array:
                emit(0, bits: 1)
                emit(3, bits: 3)
            case .char6:
                emit(0, bits: 1)
                emit(4, bits: 3)
            case .blob:
                emit(0, bits: 1)
                emit(5, bits: 3)
            }
        }
    }

    /// A blob operand's length, padding and bytes.
    mutating func emitBlob(_ text: String) {
        emitVBR(UInt64(text.utf8.count), bits: 6)
        align()
        for byte in text.utf8 { emit(UInt64(byte), bits: 8) }
        align()
    }
}
