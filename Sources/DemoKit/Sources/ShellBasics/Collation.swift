import DemoBasics
import Glibc

/// Sort keys in the user's language, from the C library's collation tables:
/// under zh_CN glibc orders Chinese by pinyin (按钮 anniu, 表单 biaodan, 入门
/// rumen), under de_DE "Ä" with "A". No ICU or Foundation is loaded for it,
/// and any plugin's name sorts, not only those in a table of our own. (A
/// locale the system lacks sorts by code point, as the C locale does.)
public enum Collation {
    /// A key that orders as `text` does in the locale `localeName` (nil:
    /// the process's LC_COLLATE, set at start-up); compare keys with `<`.
    public static func key(_ text: String, localeName: String? = nil) -> Key {
        let lowered = text.lowercased()
        if let localeName {
            guard let locale = newlocale(LC_COLLATE_MASK, localeName, nil) else {
                return Key(bytes: Array(lowered.utf8))
            }
            defer { freelocale(locale) }
            return transformed(lowered) { strxfrm_l($0, $1, $2, locale) }
        }
        return transformed(lowered) { strxfrm($0, $1, $2) }
    }

    private static func transformed(
        _ text: String, _ transform: (UnsafeMutablePointer<CChar>?, UnsafePointer<CChar>, Int) -> Int
    ) -> Key {
        // A NUL cannot reach strxfrm: what follows it would be ignored.
        let clean = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\0" }))
        return clean.withCString { source in
            let length = transform(nil, source, 0)
            var buffer = [CChar](repeating: 0, count: length + 1)
            _ = buffer.withUnsafeMutableBufferPointer { transform($0.baseAddress, source, length + 1) }
            return Key(bytes: buffer.prefix(length).map { UInt8(bitPattern: $0) })
        }
    }

    /// Compares as the text it was made from sorts.
    public struct Key: Comparable, Sendable {
        let bytes: [UInt8]

        public static func < (lhs: Key, rhs: Key) -> Bool { lhs.bytes.lexicographicallyPrecedes(rhs.bytes) }
    }
}
