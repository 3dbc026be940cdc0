import DemoBasics
import ShellBasics
import Glibc
import ShellModel
import Wire

/// Where an edited demo's window is and how large, so that the build that
/// replaces it (Live, Run Edited) opens in the same place at the same size.
/// The launcher does not own the child's window: the child writes this to a
/// file of its own as the window moves, and the launcher hands it to the
/// next child. Both carry it as one frame (`WireMessage`; in the
/// environment, its bytes in hexadecimal). The file is written by code the
/// learner edits, so it is read as hostile: a few bytes at most, a regular
/// file only (a FIFO would block, a link could point anywhere), one whole
/// frame with four numbers within bounds, else nothing.
package struct WindowPlace: Equatable, Sendable {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int

    /// Positions a screen can have (X11's are 16-bit).
    package static let positionRange = -32_768...32_767
    /// Sizes as the windows' memory accepts them.
    package static let sizeRange = WindowGeometry.sizeRange
    /// More than a frame of one place ever needs.
    static let byteLimit = 64

    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The frame in hexadecimal, as the environment carries it.
    package var text: String { WireHex.encode(WireFrame.encode(self) ?? []) }

    /// Nil unless `text` is exactly one frame of a plausible place.
    package static func parse(_ text: String) -> WindowPlace? {
        WireHex.decode(text, limit: byteLimit).flatMap(WireDecoder<WindowPlace>.only)
    }

    /// What the child last wrote at `path`, or nil (none, unreadable, not a
    /// regular file, too long, not a place). Never blocks.
    package static func read(from path: String) -> WindowPlace? {
        guard let bytes = FileSystem.readSmall(path, limit: byteLimit, followingLinks: false), !bytes.isEmpty
        else { return nil }
        return WireDecoder<WindowPlace>.only(bytes)
    }

    /// Writes the place whole (a temporary file renamed over `path`), so a
    /// reader never sees half of it; no fsync: a lost place costs nothing.
    @discardableResult
    package func write(to path: String) -> Bool {
        guard let bytes = WireFrame.encode(self) else { return false }
        let temporary = path + ".new"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == bytes.count else {
            _ = unlink(temporary)
            return false
        }
        return rename(temporary, path) == 0
    }
}

extension WindowPlace: WireMessage {
    package static let payloadLimit = 16
    package var tag: WireTag { .windowPlace }

    package func encode(to writer: inout WireWriter) {
        for number in [x, y, width, height] { writer.int32(Int32(clamping: number)) }
    }

    package init(tag: WireTag, from reader: inout WireReader) throws(WireRefusal) {
        guard tag == .windowPlace else { throw .unknown }
        self.init(
            x: try reader.int(in: Self.positionRange), y: try reader.int(in: Self.positionRange),
            width: try reader.int(in: Self.sizeRange), height: try reader.int(in: Self.sizeRange))
    }
}
