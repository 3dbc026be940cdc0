/// What `swift-autolink-extract` does for a link, done in the shell: the
/// libraries each object names in its `.swift1_autolink_entries` section
/// (`-lswiftCore`, `-lgtk-3`…), each once, in the order first named, a line
/// each, for `clang @FILE`. The tool writes the same libraries with the Swift
/// runtime's last; they are shared libraries, whose order does not change
/// the link. The tool's own start (it loads LLVM) costs 30 ms of every link;
/// reading three small objects costs next to nothing.
/// Only 64-bit little-endian ELF objects are read: anything else (an
/// archive, another format) is nil, and the tool runs as before.
public enum AutolinkEntries {
    public static let sectionName = ".swift1_autolink_entries"

    /// The file's text for objects `objects` (their bytes), or nil for one it cannot read.
    public static func text(of objects: [[UInt8]]) -> String? {
        var seen = Set<String>()
        var ordered: [String] = []
        for object in objects {
            guard let found = entries(in: object) else { return nil }
            for entry in found where seen.insert(entry).inserted { ordered.append(entry) }
        }
        return ordered.map { $0 + "\n" }.joined()
    }

    /// One object's entries (none when it has no such section), or nil when it is no ELF64 object.
    static func entries(in bytes: [UInt8]) -> [String]? {
        guard bytes.count >= 64, bytes[0] == 0x7f, bytes[1] == 0x45, bytes[2] == 0x4c, bytes[3] == 0x46,
            bytes[4] == 2, bytes[5] == 1
        else { return nil }  // ELF, 64-bit, little-endian
        func integer(_ offset: Int, _ size: Int) -> Int? {
            guard offset >= 0, size <= 8, offset + size <= bytes.count else { return nil }
            var value: UInt64 = 0
            for index in (0..<size).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
            return value > UInt64(Int.max) ? nil : Int(value)
        }
        guard let table = integer(0x28, 8), let entrySize = integer(0x3a, 2), let count = integer(0x3c, 2),
            let namesIndex = integer(0x3e, 2), entrySize >= 64, namesIndex < count
        else { return nil }
        func section(_ index: Int) -> (name: Int, offset: Int, size: Int)? {
            let base = table + index * entrySize
            guard let name = integer(base, 4), let offset = integer(base + 0x18, 8), let size = integer(base + 0x20, 8),
                offset <= bytes.count, size <= bytes.count - offset
            else { return nil }
            return (name, offset, size)
        }
        guard let names = section(namesIndex) else { return nil }
        let wanted = Array(sectionName.utf8)
        for index in 0..<count {
            guard let candidate = section(index) else { return nil }
            let start = names.offset + candidate.name
            guard start + wanted.count < names.offset + names.size,
                Array(bytes[start..<start + wanted.count]) == wanted, bytes[start + wanted.count] == 0
            else { continue }
            return bytes[candidate.offset..<candidate.offset + candidate.size].split(separator: 0)
                .map { String(decoding: $0, as: UTF8.self) }
        }
        return []
    }
}
