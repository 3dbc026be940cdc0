/// Frames dropped by a `WireDecoder`, by why: never trusted, only counted
/// (a test's, a benchmark's or a log line's to read).
package struct WireCounts: Equatable, Sendable {
    /// A frame begun but not whole: its checksum wrong (cut short, then
    /// glued to what came next) or the stream ended inside it.
    package var torn = 0
    /// A frame longer than its channel allows: skipped unread.
    package var oversized = 0
    /// Another version, or a tag not of this channel.
    package var unknown = 0
    /// Whole and of this channel, but its fields out of their bounds.
    package var malformed = 0
    /// Bytes between frames that began none (garbage, the rest of a torn one).
    package var skippedBytes = 0

    package init(torn: Int = 0, oversized: Int = 0, unknown: Int = 0, malformed: Int = 0, skippedBytes: Int = 0) {
        self.torn = torn
        self.oversized = oversized
        self.unknown = unknown
        self.malformed = malformed
        self.skippedBytes = skippedBytes
    }

    /// Frames dropped, of any kind.
    package var dropped: Int { torn + oversized + unknown + malformed }
}

/// Reads one channel's frames from a stream cut anywhere: what it was
/// given, with what it kept of a frame begun, gives back the whole
/// messages, in order. It keeps at most one frame of the channel's limit,
/// skips an oversized one without keeping it, and after garbage or a torn
/// frame goes on from the next magic.
package struct WireDecoder<Message: WireMessage> {
    private var pending: [UInt8] = []
    /// Where unread bytes start in `pending` (kept, not removed, per frame).
    private var head = 0
    /// Bytes of an oversized frame still to skip.
    private var skipping = 0
    package var counts = WireCounts()

    package init() {}

    /// The whole messages `bytes` complete, in order.
    package mutating func decode(_ bytes: [UInt8]) -> [Message] {
        var start = 0
        if skipping > 0 {
            start = min(skipping, bytes.count)
            skipping -= start
        }
        guard start < bytes.count else { return [] }
        if head == pending.count {
            pending.removeAll(keepingCapacity: true)
            head = 0
        }
        pending.append(contentsOf: bytes[start...])
        return drain(atEnd: false)
    }

    /// The end of the stream: a frame begun is torn, and what follows its
    /// magic is read again (a whole frame a torn one had swallowed).
    package mutating func finish() -> [Message] {
        let messages = drain(atEnd: true)
        pending = []
        head = 0
        skipping = 0
        return messages
    }

    private mutating func drain(atEnd: Bool) -> [Message] {
        var messages: [Message] = []
        // Locals while the buffer is borrowed: `self` is not touched inside.
        var head = self.head, skipping = self.skipping, counts = self.counts
        pending.withUnsafeBytes { raw in
            while head < raw.count {
                // The next magic: what comes before it begins no frame.
                guard raw[head] == WireFrame.magic.0 else {
                    let next = raw[(head + 1)...].firstIndex(of: WireFrame.magic.0) ?? raw.count
                    counts.skippedBytes += next - head
                    head = next
                    continue
                }
                let available = raw.count - head
                // One byte of the magic is no frame yet: garbage, unless its second follows.
                if available >= 2 ? raw[head + 1] != WireFrame.magic.1 : atEnd {
                    counts.skippedBytes += 1
                    head += 1
                    continue
                }
                guard available >= WireFrame.headerSize else {
                    guard atEnd else { break }
                    // The stream ended inside it: torn; a frame it swallowed begins after its magic.
                    counts.torn += 1
                    head += 1
                    continue
                }
                let headerSum = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: head + 8, as: UInt32.self))
                guard headerSum == WireFrame.checksum(UnsafeRawBufferPointer(rebasing: raw[head..<(head + 8)])) else {
                    // A header cut short and glued to what came next: its length is no one's.
                    counts.torn += 1
                    head += 1
                    continue
                }
                let length = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: head + 4, as: UInt32.self)))
                let frame = WireFrame.headerSize + length + WireFrame.trailerSize
                if length > Message.payloadLimit {
                    counts.oversized += 1
                    let here = min(frame, available)
                    head += here
                    skipping = frame - here
                    continue
                }
                guard available >= frame else {
                    guard atEnd else { break }
                    counts.torn += 1
                    head += 1
                    continue
                }
                let body = UnsafeRawBufferPointer(rebasing: raw[head..<(head + frame - WireFrame.trailerSize)])
                let sum = UInt32(
                    littleEndian: raw.loadUnaligned(
                        fromByteOffset: head + frame - WireFrame.trailerSize, as: UInt32.self))
                guard sum == WireFrame.checksum(body) else {
                    // Cut short and glued to the next: that next frame begins somewhere after this magic.
                    counts.torn += 1
                    head += 1
                    continue
                }
                let version = raw[head + 2], tagByte = raw[head + 3]
                head += frame
                guard version == WireFrame.version, let tag = WireTag(rawValue: tagByte) else {
                    counts.unknown += 1
                    continue
                }
                var reader = WireReader(UnsafeRawBufferPointer(rebasing: body[WireFrame.headerSize...]))
                do throws(WireRefusal) {
                    let message = try Message(tag: tag, from: &reader)
                    guard reader.isAtEnd else { throw .malformed }
                    messages.append(message)
                } catch .unknown {
                    counts.unknown += 1
                } catch {
                    counts.malformed += 1
                }
            }
        }
        self.counts = counts
        self.skipping = skipping
        if head >= pending.count {
            pending.removeAll(keepingCapacity: pending.capacity <= 65_536)
            self.head = 0
        } else if head > 65_536, head * 2 > pending.count {
            pending.removeSubrange(..<head)
            self.head = 0
        } else {
            self.head = head
        }
        return messages
    }
}

extension WireDecoder {
    /// The message `bytes` hold when they are exactly one whole frame of
    /// this channel (a file's contents, an environment variable's), else nil.
    package static func only(_ bytes: [UInt8]) -> Message? {
        var decoder = WireDecoder()
        let messages = decoder.decode(bytes) + decoder.finish()
        guard messages.count == 1, decoder.counts == WireCounts() else { return nil }
        return messages[0]
    }
}

/// A frame as text, where only text may go (an environment variable): its
/// bytes in lower-case hexadecimal.
package enum WireHex {
    package static func encode(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes of `text`, if it is hexadecimal digits in pairs and at most `limit` bytes' worth.
    package static func decode(_ text: String, limit: Int) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0, digits.count <= limit * 2 else { return nil }
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case 0x30...0x39: digit - 0x30
            case 0x61...0x66: digit - 0x61 + 10
            default: nil
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }
}
