import DemoBasics
internal import ShellBasics
internal import CGtk

extension FileError {
    /// Takes (and frees) a GError from a file or key-file call.
    init(taking error: UnsafeMutablePointer<GError>?, fallback: String) {
        guard let error else {
            self.init(message: fallback)
            return
        }
        let kind: Kind
        if error.pointee.domain == g_file_error_quark() {
            kind = error.pointee.code == Int32(G_FILE_ERROR_NOENT.rawValue) ? .missing : .unreadable
        } else if error.pointee.domain == g_key_file_error_quark() {
            kind = .invalid
        } else {
            kind = .other
        }
        self.init(message: GLibError.take(error) ?? fallback, kind: kind)
    }
}
