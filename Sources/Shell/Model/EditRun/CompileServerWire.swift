/// What goes between the launcher and its compile server (`demo-shell
/// --compile-server`, Sources/Shell/CompileServer): a request is the
/// compiler's arguments, each ended by a NUL byte, and an empty one after
/// the last; a reply is "done STATUS LENGTH\n" and LENGTH bytes of the
/// compiler's diagnostics as text. GTK-free, so that both ends' framing is
/// tested without a compiler.
public enum CompileServerWire {
    /// The bytes of a request for `arguments` (the program left out); nil
    /// when one cannot be sent (an empty argument would end it early, a NUL
    /// would split one): such a step is run by the compiler's own process.
    public static func request(_ arguments: [String]) -> [UInt8]? {
        guard !arguments.isEmpty, arguments.allSatisfy({ !$0.isEmpty && !$0.utf8.contains(0) }) else { return nil }
        var bytes: [UInt8] = []
        for argument in arguments {
            bytes += argument.utf8
            bytes.append(0)
        }
        bytes.append(0)
        return bytes
    }

    /// A whole reply.
    public struct Reply: Equatable, Sendable {
        /// The compile's status: 0 when it succeeded.
        public let status: Int32
        /// The diagnostics, "FILE:LINE:COLUMN: error: MESSAGE" lines.
        public let text: String
    }

    /// The longest reply taken: a server that says more is not believed.
    public static let replyLimit = 1 << 22

    /// What `bytes` (all received so far for one request) hold: a reply,
    /// nothing yet (nil), or something no server sends (`.failure`).
    public static func reply(in bytes: [UInt8]) -> Result<Reply, ReplyError>? {
        guard let newline = bytes.firstIndex(of: 0x0a) else {
            return bytes.count > 64 ? .failure(.malformed) : nil
        }
        let fields = String(decoding: bytes[..<newline], as: UTF8.self).split(
            separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 3, fields[0] == "done", let status = Int32(fields[1]), let length = Int(fields[2]),
            length >= 0, length <= replyLimit
        else { return .failure(.malformed) }
        let body = bytes[(newline + 1)...]
        guard body.count >= length else { return nil }
        guard body.count == length else { return .failure(.malformed) }
        return .success(Reply(status: status, text: String(decoding: body, as: UTF8.self)))
    }

    public enum ReplyError: Error, Equatable, Sendable {
        case malformed
    }
}
