import Wire
import XCTest

/// A seeded generator (SplitMix64): every case replays from its seed.
package struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    package init(seed: UInt64) { state = seed }
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Frames built by hand: any tag, version and payload, sums right (or not).
package enum RawFrame {
    package static func make(tag: UInt8, version: UInt8 = WireFrame.version, payload: [UInt8], length: UInt32? = nil)
        -> [UInt8]
    {
        var bytes: [UInt8] = [WireFrame.magic.0, WireFrame.magic.1, version, tag]
        withUnsafeBytes(of: (length ?? UInt32(payload.count)).littleEndian) { bytes += $0 }
        let headerSum = bytes.withUnsafeBytes { WireFrame.checksum($0) }
        withUnsafeBytes(of: headerSum.littleEndian) { bytes += $0 }
        bytes += payload
        let sum = bytes.withUnsafeBytes { WireFrame.checksum($0) }
        withUnsafeBytes(of: sum.littleEndian) { bytes += $0 }
        return bytes
    }

    /// The payload of a frame `WireFrame` wrote.
    package static func payload(of frame: [UInt8]) -> [UInt8] {
        Array(frame[WireFrame.headerSize..<(frame.count - WireFrame.trailerSize)])
    }
}

/// Feeds one channel's decoder streams of whole frames mixed with every
/// kind of bad one (torn, oversized, unknown, malformed) and garbage, cut
/// at random places, and holds it to giving back exactly the whole ones, in
/// order, with each bad one counted where it belongs; then random bytes
/// and every truncation of a stream, which must neither crash it nor
/// yield a message that was not sent.
package enum WireFuzz {
    package static var scale: Int { Int(ProcessInfo.processInfo.environment["PROPERTY_SCALE"] ?? "") ?? 1 }

    package static func play<Message: WireMessage & Equatable>(
        _: Message.Type, seed: UInt64, rounds: Int = 150, file: StaticString = #filePath, line: UInt = #line,
        make: (inout SeededGenerator) -> Message
    ) {
        var random = SeededGenerator(seed: seed)
        // A frame whose bytes hold the magic again would, torn, count its
        // inner false start too: such messages are drawn again, so the counts are exact.
        func frame() -> (Message, [UInt8]) {
            while true {
                let message = make(&random)
                guard let bytes = WireFrame.encode(message) else {
                    XCTFail("a message the test made does not fit its channel", file: file, line: line)
                    return (message, [])
                }
                let inner = bytes.indices.dropFirst().dropLast().contains {
                    bytes[$0] == WireFrame.magic.0 && bytes[$0 + 1] == WireFrame.magic.1
                }
                if !inner { return (message, bytes) }
            }
        }
        let otherTags = (UInt8.min...UInt8.max).filter { (byte: UInt8) -> Bool in
            var probe = WireReader(UnsafeRawBufferPointer(start: nil, count: 0))
            guard let tag = WireTag(rawValue: byte) else { return true }
            do throws(WireRefusal) {
                _ = try Message(tag: tag, from: &probe)
                return false
            } catch { return error == WireRefusal.unknown }
        }
        for round in 0..<(rounds * scale) {
            var stream: [UInt8] = []
            var sent: [Message] = []
            var expected = WireCounts()
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                let (message, bytes) = frame()
                switch Int.random(in: 0..<10, using: &random) {
                case 0:  // torn: cut short, the next frame glued on
                    // (two bytes at least: a lone first byte of the magic is garbage like any other)
                    stream += bytes.prefix(Int.random(in: 2..<bytes.count, using: &random))
                    expected.torn += 1
                case 1:  // oversized: skipped whole, whatever it holds
                    let length = Message.payloadLimit + Int.random(in: 1...3000, using: &random)
                    // (skipped unread, so one byte repeated: a channel's limit may be megabytes)
                    stream += RawFrame.make(
                        tag: bytes[3],
                        payload: Array(repeating: UInt8.random(in: 0...255, using: &random), count: length))
                    expected.oversized += 1
                case 2:  // unknown: another tag, or another version
                    let payload = RawFrame.payload(of: bytes)
                    if Bool.random(using: &random), let tag = otherTags.randomElement(using: &random) {
                        stream += RawFrame.make(tag: tag, payload: payload)
                    } else {
                        stream += RawFrame.make(
                            tag: bytes[3], version: WireFrame.version &+ UInt8.random(in: 1...254, using: &random),
                            payload: payload)
                    }
                    expected.unknown += 1
                case 3:  // malformed: a byte more than its fields, or fewer
                    var payload = RawFrame.payload(of: bytes)
                    // (a byte more only where the channel's limit leaves room: else it is oversized)
                    if payload.isEmpty || payload.count < Message.payloadLimit && Bool.random(using: &random) {
                        payload.append(UInt8.random(in: 0...255, using: &random))
                    } else {
                        payload.removeLast(Int.random(in: 1...payload.count, using: &random))
                    }
                    stream += RawFrame.make(tag: bytes[3], payload: payload)
                    expected.malformed += 1
                case 4:  // garbage between frames (no magic in it)
                    stream += (0..<Int.random(in: 1...40, using: &random)).map { _ in
                        UInt8.random(in: 0...0xD4, using: &random)
                    }
                    stream += bytes
                    sent.append(message)
                default:
                    stream += bytes
                    sent.append(message)
                }
            }
            var decoder = WireDecoder<Message>()
            var received: [Message] = []
            var start = 0
            // Pieces of a few bytes to a few hundred, larger in a stream of megabytes (an oversized frame's).
            let piece = max(300, stream.count / 64)
            while start < stream.count {
                let end = min(stream.count, start + Int.random(in: 1...piece, using: &random))
                received += decoder.decode(Array(stream[start..<end]))
                start = end
            }
            received += decoder.finish()
            XCTAssertEqual(received, sent, "round \(round)", file: file, line: line)
            var counts = decoder.counts
            counts.skippedBytes = 0
            XCTAssertEqual(counts, expected, "round \(round)", file: file, line: line)
        }
        // Random bytes: nothing believed, nothing crashes; a whole frame after them still comes through.
        for round in 0..<(rounds * scale) {
            let noise = (0..<Int.random(in: 0...600, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            let (message, bytes) = frame()
            var decoder = WireDecoder<Message>()
            var received = decoder.decode(noise)
            XCTAssertEqual(received, [], "noise \(round) was believed", file: file, line: line)
            received += decoder.decode(bytes) + decoder.finish()
            XCTAssertEqual(received.last, message, "noise \(round)", file: file, line: line)
        }
        // Every cut of a stream of three frames: the whole ones, one torn count when cut inside one.
        let frames = (0..<3).map { _ in frame() }
        let stream = frames.flatMap(\.1)
        for cut in 0...stream.count {
            var decoder = WireDecoder<Message>()
            let received = decoder.decode(Array(stream.prefix(cut))) + decoder.finish()
            var ends = 0
            let whole = frames.prefix {
                ends += $0.1.count
                return ends <= cut
            }
            XCTAssertEqual(received, whole.map(\.0), "cut at \(cut)", file: file, line: line)
            // (two bytes in at least: one byte of the magic is garbage like any other)
            let inside = whole.map(\.1.count).reduce(0, +) + 1 < cut
            XCTAssertEqual(decoder.counts.torn, inside ? 1 : 0, "cut at \(cut)", file: file, line: line)
        }
    }

    package static func text(_ random: inout SeededGenerator, upTo limit: Int, controls: Bool = true) -> String {
        let pieces =
            ["a", "Z", "é", "字", "👩‍👩‍👧", " ", "\\", "\"", "\u{2068}"] + (controls ? ["\t", "\n", "\r", "\u{0}"] : [])
        var text = ""
        for _ in 0..<Int.random(in: 0...limit, using: &random) { text += pieces.randomElement(using: &random)! }
        return text
    }
}
