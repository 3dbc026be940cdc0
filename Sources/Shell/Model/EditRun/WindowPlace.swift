import DemoBasics
import ShellBasics
import Glibc

/// Where an edited demo's window is and how large, so that the build that
/// replaces it (Live, Run Edited) opens in the same place at the same size.
/// The launcher does not own the child's window: the child writes this to a
/// file of its own as the window moves, and the launcher hands it to the
/// next child. The file is written by code the learner edits, so it is read
/// as hostile: a few bytes at most, a regular file only (a FIFO would block,
/// a link could point anywhere), four numbers within bounds, else nothing.
package struct WindowPlace: Equatable, Sendable {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int

    /// Positions a screen can have (X11's are 16-bit).
    package static let positionRange = -32_768...32_767
    /// Sizes as the windows' memory accepts them.
    package static let sizeRange = WindowGeometry.sizeRange
    /// More than "x y width height" ever needs.
    static let byteLimit = 64

    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// "x y width height", as the file and the environment carry it.
    package var text: String { "\(x) \(y) \(width) \(height)" }

    /// Nil unless `text` is exactly four plausible integers.
    package static func parse(_ text: String) -> WindowPlace? {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard text.utf8.count <= byteLimit, fields.count == 4 else { return nil }
        let numbers = fields.compactMap { field in field.utf8.count <= 6 ? Int(field) : nil }
        guard numbers.count == 4, positionRange.contains(numbers[0]), positionRange.contains(numbers[1]),
            sizeRange.contains(numbers[2]), sizeRange.contains(numbers[3])
        else { return nil }
        return WindowPlace(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    /// What the child last wrote at `path`, or nil (none, unreadable, not a
    /// regular file, too long, not a place). Never blocks.
    package static func read(from path: String) -> WindowPlace? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= byteLimit else { return nil }
        var buffer = [UInt8](repeating: 0, count: byteLimit + 1)
        let count = Glibc.read(fd, &buffer, buffer.count)
        guard count > 0, count <= byteLimit else { return nil }
        return parse(String(decoding: buffer[..<count], as: UTF8.self))
    }

    /// Writes the place whole (a temporary file renamed over `path`), so a
    /// reader never sees half of it; no fsync: a lost place costs nothing.
    @discardableResult
    package func write(to path: String) -> Bool {
        let temporary = path + ".new"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        let bytes = Array((text + "\n").utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == bytes.count else {
            _ = unlink(temporary)
            return false
        }
        return rename(temporary, path) == 0
    }
}
