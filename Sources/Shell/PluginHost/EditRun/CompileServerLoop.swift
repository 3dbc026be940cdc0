import CCompileServer
import EditRunModel
import ShellBasics
import ShellModel
import Glibc
import Wire

/// The compile server's side (`demo-shell --compile-server=LIBRARY`; the
/// launcher's is `CompileServer`): the toolchain's SourceKit library
/// (libsourcekitdInProc.so, beside its swift-frontend), loaded once,
/// compiles each request as `swiftc` would with the same arguments. A
/// frontend process spends about 50 ms starting (a 200 MB executable
/// relocated, LLVM's options registered) before it reads a line; here that
/// is paid once, while Edit is on.
///
/// Requests come on standard input and replies go on standard output, one
/// frame each (`CompileRequest`, `CompileReply`): SourceKit's diagnostics
/// cross as their fields, never as text. End-of-file ends the server, and
/// so does anything that is not a request (only the launcher writes there).
/// Each request is a compile instance of its own name, closed after: no
/// state carries from one build to the next.
package enum CompileServerLoop {
    package static func run(library: String) -> Int32 {
        guard let kit = SourceKitD(library: library) else {
            writeStandardError(
                "demo-shell compile server: cannot use \(library): "
                    + (dlerror().map { String(cString: $0) } ?? "a symbol is missing") + "\n")
            return 1
        }
        var requests = WireDecoder<CompileRequest>()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var served = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return 0 }
            for request in requests.decode(Array(buffer[..<count])) {
                guard send(kit.compile(request.arguments, name: "demo-shell-\(served)")) else { return 1 }
                served += 1
            }
            guard requests.counts == WireCounts() else { return 1 }
        }
    }

    /// The reply's frame on standard output; one too long for its channel
    /// loses diagnostics from its end until it fits. False once the launcher is gone.
    private static func send(_ reply: CompileReply) -> Bool {
        var reply = reply
        var bytes = WireFrame.encode(reply)
        while bytes == nil, !reply.diagnostics.isEmpty {
            reply.diagnostics.removeLast((reply.diagnostics.count + 1) / 2)
            bytes = WireFrame.encode(reply)
        }
        guard let bytes else { return false }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(1, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}
