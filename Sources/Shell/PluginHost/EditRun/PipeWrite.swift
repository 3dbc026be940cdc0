import Glibc

/// Writes to a child's standard input. A child that ended (a crash, a
/// kill) before the launcher has seen it end leaves a pipe with no reader:
/// a plain `write` would raise SIGPIPE and end the launcher with it. Here
/// the signal is blocked on this thread for the write, and one it raised
/// is taken back, so the write fails with EPIPE instead.
enum PipeWrite {
    /// Writes all of `bytes` to `fd`; false when the reader is gone or the write fails.
    static func all(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1, sigismember(&previous, SIGPIPE) == 0 {
                var now = timespec()
                _ = sigtimedwait(&pipeSignal, nil, &now)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }
}
