/// What a text field may hold beyond valid UTF-8 (bytes that are not are
/// repaired to U+FFFD, as a text the shell shows would be).
package enum WireText: Sendable {
    /// Anything: a value's description, a compiler's message.
    case any
    /// No NUL: what goes on to a C string (a compiler argument, a path).
    case noNUL
    /// No control character at all (tab, newline, escape…): one line of a
    /// reason or a name, as a cache file or a dialog shows it.
    case noControls
}

/// Writes a payload's fields: fixed-width little-endian numbers, and texts
/// and lists with their count first.
package struct WireWriter {
    package var bytes: [UInt8] = []

    package init() {}

    package mutating func byte(_ value: UInt8) { bytes.append(value) }
    package mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }
    package mutating func uint32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
    package mutating func uint64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
    package mutating func int32(_ value: Int32) { uint32(UInt32(bitPattern: value)) }
    package mutating func int64(_ value: Int64) { uint64(UInt64(bitPattern: value)) }
    package mutating func double(_ value: Double) { uint64(value.bitPattern) }

    /// `text`, cut at a character's boundary to `limit` bytes (the reader's
    /// limit for the field), so that a writer never sends a frame its reader refuses.
    package mutating func string(_ text: String, limit: Int) {
        var kept = Substring(text)
        if text.utf8.count > limit {
            var used = 0
            var end = text.startIndex
            for index in text.indices {
                let next = text.index(after: index)
                used += text.utf8.distance(from: index, to: next)
                if used > limit { break }
                end = next
            }
            kept = text[..<end]
        }
        uint32(UInt32(kept.utf8.count))
        bytes.append(contentsOf: kept.utf8)
    }

    /// A list's count, before its elements.
    package mutating func count(_ value: Int) { uint32(UInt32(clamping: value)) }
}

/// Reads a payload's fields, each bounded: a field that runs past the
/// payload, a count or text over its limit, or a text breaking its rule
/// refuses the whole message (`.malformed`).
package struct WireReader {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0

    package init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Whether every byte was read: a payload with more than its fields is refused.
    package var isAtEnd: Bool { offset == bytes.count }

    private mutating func take(_ count: Int) throws(WireRefusal) -> Int {
        guard count >= 0, bytes.count - offset >= count else { throw .malformed }
        defer { offset += count }
        return offset
    }

    package mutating func byte() throws(WireRefusal) -> UInt8 { bytes[try take(1)] }

    package mutating func bool() throws(WireRefusal) -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        default: throw .malformed
        }
    }

    package mutating func uint32() throws(WireRefusal) -> UInt32 {
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: try take(4), as: UInt32.self))
    }

    package mutating func uint64() throws(WireRefusal) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: try take(8), as: UInt64.self))
    }

    package mutating func int32() throws(WireRefusal) -> Int32 { Int32(bitPattern: try uint32()) }
    package mutating func int64() throws(WireRefusal) -> Int64 { Int64(bitPattern: try uint64()) }

    /// A finite number (NaN and infinities are no one's answer).
    package mutating func double() throws(WireRefusal) -> Double {
        let value = Double(bitPattern: try uint64())
        guard value.isFinite else { throw .malformed }
        return value
    }

    /// A 32-bit number within `range`.
    package mutating func int(in range: ClosedRange<Int>) throws(WireRefusal) -> Int {
        let value = Int(try int32())
        guard range.contains(value) else { throw .malformed }
        return value
    }

    /// A text of at most `limit` bytes following `rule`.
    package mutating func string(limit: Int, _ rule: WireText = .any) throws(WireRefusal) -> String {
        let length = Int(try uint32())
        guard length <= limit else { throw .malformed }
        let start = try take(length)
        let field = UnsafeRawBufferPointer(rebasing: bytes[start..<(start + length)])
        switch rule {
        case .any: break
        case .noNUL: guard !field.contains(0) else { throw .malformed }
        case .noControls: guard !field.contains(where: { $0 < 0x20 || $0 == 0x7f }) else { throw .malformed }
        }
        let text = String(decoding: field, as: UTF8.self)
        // C1 controls (U+0080…U+009F) are two bytes in UTF-8: looked for once decoded.
        if rule == .noControls, text.unicodeScalars.contains(where: { (0x80...0x9f).contains($0.value) }) {
            throw .malformed
        }
        return text
    }

    /// A list's count, at most `limit` (its elements still to be read, each bounded).
    package mutating func count(limit: Int) throws(WireRefusal) -> Int {
        let value = Int(try uint32())
        guard value <= limit, value <= bytes.count - offset else { throw .malformed }
        return value
    }
}
