/// One record as the child writes it to the launcher: a line of text,
/// fields apart by tabs, tabs, newlines and backslashes in the name and
/// the description escaped. A line never holds a raw newline, so a record
/// torn by a crash spoils only itself; the launcher reads it with
/// `ValueWire` (ShellModel), the other half of this format.
///
///     v|s  sequence  file  line  startColumn  endColumn  count  microseconds  name  description
///
/// `file` is the id the build gave the file (the launcher maps it back to
/// its path); `microseconds` is CLOCK_MONOTONIC, shared by both processes.
package enum ValueWireEncoding {
    package enum Kind: UInt8 {
        case value = 0x76  // "v"
        case scopeEntry = 0x73  // "s"
    }

    package static func append(
        kind: Kind, sequence: UInt64, file: Int, line: Int, startColumn: Int, endColumn: Int,
        count: Int, microseconds: UInt64, name: String, description: String,
        to bytes: inout [UInt8]
    ) {
        bytes.append(kind.rawValue)
        for number in [
            sequence, UInt64(clamping: file), UInt64(clamping: line), UInt64(clamping: startColumn),
            UInt64(clamping: endColumn), UInt64(clamping: count), microseconds,
        ] {
            bytes.append(0x09)
            bytes.append(contentsOf: String(number).utf8)
        }
        bytes.append(0x09)
        escape(name, into: &bytes)
        bytes.append(0x09)
        escape(description, into: &bytes)
        bytes.append(0x0a)
    }

    private static func escape(_ text: String, into bytes: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case 0x5c:
                bytes.append(0x5c)
                bytes.append(0x5c)
            case 0x09:
                bytes.append(0x5c)
                bytes.append(0x74)
            case 0x0a:
                bytes.append(0x5c)
                bytes.append(0x6e)
            case 0x0d:
                bytes.append(0x5c)
                bytes.append(0x72)
            default: bytes.append(byte)
            }
        }
    }
}
