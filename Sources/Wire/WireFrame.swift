/// The one framing every channel between Demo Shell's processes uses: the
/// check results on fd 3, the compile server's requests and replies, the
/// ready child's request, Show Values' records, the window places. Each
/// message is a frame:
///
///     offset 0  magic       0xD5 0x57
///            2  version     `WireFrame.version`
///            3  tag         `WireTag`: which message
///            4  length      UInt32, little-endian: the payload's bytes
///            8  header sum  UInt32, little-endian: `checksum` of bytes 0-7
///           12  payload     the message's fields (`WireWriter`)
///       12+len  checksum    UInt32, little-endian, of every byte before it
///
/// The reader (`WireDecoder`) believes nothing: the other end may be the
/// learner's code, crashed halfway through a frame or writing anything at
/// all. The magic lets it find the next frame after garbage; the header's
/// own sum says its length is one a writer gave (a header cut short and
/// glued to the next frame would otherwise claim any length, and have the
/// reader skip good frames); the length is bounded per channel before
/// anything is kept; and the checksum tells a torn frame (a writer that
/// died mid-frame, another writing on) from a whole one. The header's
/// layout is the same in every version, so a frame of another version is
/// skipped whole. Dependency-free, so that DemoValues, compiled into an edited
/// demo, writes the same frames the shell reads.
package enum WireFrame {
    package static let magic: (UInt8, UInt8) = (0xD5, 0x57)
    /// Bumped when a message's fields change: a frame of another version is
    /// dropped and counted as unknown, never read as this one.
    package static let version: UInt8 = 1
    package static let headerSize = 12
    package static let trailerSize = 4

    /// Appends `message` framed to `bytes`; false (and `bytes` as it was)
    /// when its payload would exceed its channel's limit.
    @discardableResult
    package static func append<Message: WireMessage>(_ message: Message, to bytes: inout [UInt8]) -> Bool {
        let start = bytes.count
        bytes.append(magic.0)
        bytes.append(magic.1)
        bytes.append(version)
        bytes.append(message.tag.rawValue)
        bytes.append(contentsOf: [0, 0, 0, 0, 0, 0, 0, 0] as [UInt8])
        var writer = WireWriter()
        swap(&writer.bytes, &bytes)
        message.encode(to: &writer)
        swap(&writer.bytes, &bytes)
        let length = bytes.count - start - headerSize
        guard length <= Message.payloadLimit else {
            bytes.removeSubrange(start...)
            return false
        }
        withUnsafeBytes(of: UInt32(length).littleEndian) { bytes.replaceSubrange((start + 4)..<(start + 8), with: $0) }
        let headerSum = bytes.withUnsafeBytes { checksum(UnsafeRawBufferPointer(rebasing: $0[start..<(start + 8)])) }
        withUnsafeBytes(of: headerSum.littleEndian) { bytes.replaceSubrange((start + 8)..<(start + 12), with: $0) }
        let sum = bytes.withUnsafeBytes { checksum(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        withUnsafeBytes(of: sum.littleEndian) { bytes.append(contentsOf: $0) }
        return true
    }

    /// `message` as one frame; nil when it is over its channel's limit.
    package static func encode<Message: WireMessage>(_ message: Message) -> [UInt8]? {
        var bytes: [UInt8] = []
        return append(message, to: &bytes) ? bytes : nil
    }

    /// A 32-bit check of `bytes`, eight at a time (the launcher reads up to
    /// 32 KiB a turn of its main loop, in a debug build too). Not a defence
    /// against a forger, who may write any frame it likes anyway: it tells a
    /// frame cut short and glued to the next from a whole one.
    package static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash =
                (hash ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            offset += 8
        }
        while offset < bytes.count {
            hash = (hash ^ UInt64(bytes[offset])) &* 0xC4CE_B9FE_1A85_EC53
            hash ^= hash >> 29
            offset += 1
        }
        hash ^= hash >> 33
        return UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}

/// Every message's tag, in one place so that no two channels share one: a
/// frame sent down the wrong channel is unknown there, not misread.
package enum WireTag: UInt8, CaseIterable, Sendable {
    /// Show Values: a line's value or a body entered (`ValueMessage`).
    case value = 0x10
    /// A plugin check's outcome, on the checker's fd 3.
    case checkOutcome = 0x20
    /// Where an edited demo's window is (its report file).
    case windowPlace = 0x30
    /// The build a ready child is to run, and that run's variables.
    case readyRun = 0x40
    /// A compile the compile server is to run.
    case compileRequest = 0x50
    /// The compile server's answer: status and diagnostics.
    case compileReply = 0x51
    /// A question for the language service: completion, or the errors as typed.
    case languageRequest = 0x52
    /// The language service's answer to one question.
    case languageReply = 0x53
}

/// What a message of one channel is: a Swift type read from and written
/// to a frame's payload.
package protocol WireMessage {
    /// The most payload bytes a frame of this message's channel may carry:
    /// a longer frame is skipped unread and counted as oversized.
    static var payloadLimit: Int { get }
    var tag: WireTag { get }
    func encode(to writer: inout WireWriter)
    /// The message in `reader` (a whole frame's payload, checksum right);
    /// throws `.unknown` for a tag that is not this channel's, `.malformed`
    /// for fields out of their bounds. Every byte must be read.
    init(tag: WireTag, from reader: inout WireReader) throws(WireRefusal)
}

/// Why a whole frame was not taken.
package enum WireRefusal: Error, Equatable, Sendable {
    case unknown
    case malformed
}
