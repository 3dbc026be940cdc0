import DemoShellKit
import ShellModel
import Glibc
import Wire

/// One running `demo-shell --check-plugin=…`.
@MainActor
final class CheckProcess {
    let subject: PluginCheckSubject
    let pid: pid_t
    let deadline: Double
    let timeLimit: Double
    var key: (size: Int64, modified: Int64)?
    /// Whether `PluginChecker.onWaiting` was told of this check.
    var waitNoticed = false
    var runningSeconds: Double { MainLoop.monotonicSeconds - (deadline - timeLimit) }
    private var answerFD: Int32
    private var answer: [UInt8] = []
    /// The child's standard output and error, together: what it said last
    /// explains a crash or a hang (`PluginCheckOutcome.crashed`'s output).
    private var outputFD: Int32
    private var output = CheckOutputTail()

    private init(subject: PluginCheckSubject, pid: pid_t, answerFD: Int32, outputFD: Int32, timeLimit: Double) {
        self.subject = subject
        self.pid = pid
        self.answerFD = answerFD
        self.outputFD = outputFD
        self.timeLimit = timeLimit
        self.deadline = MainLoop.monotonicSeconds + timeLimit
    }

    /// Spawns the checker in its own session (and so group), its answer on fd 3, its
    /// output read into a bounded tail (a plugin may print anything, but the
    /// runtime's last words say why it crashed), without Swift's
    /// backtracer (which would take seconds over a crash).
    static func start(executable: String, subject: PluginCheckSubject, timeLimit: Double) -> Result<
        CheckProcess, PluginCheckOutcome
    > {
        guard let (readFD, writeFD) = pipeAboveThree() else { return .failure(.noAnswer(-1)) }
        defer { close(writeFD) }
        guard let (outputRead, outputWrite) = pipeAboveThree() else {
            close(readFD)
            return .failure(.noAnswer(-1))
        }
        defer { close(outputWrite) }

        let arguments = [executable] + PluginCheckChild.arguments(for: subject)
        let pid: Int32
        switch Subprocess.spawn(
            arguments, environment: ["SWIFT_BACKTRACE": "enable=no"],
            descriptors: [.null, .copy(of: outputWrite), .copy(of: outputWrite), .copy(of: writeFD)])
        {
        case .success(let started): pid = started
        case .failure(let error):
            close(readFD)
            close(outputRead)
            return .failure(
                .unloadable(
                    localized("the checker {program} cannot be started: {reason}")
                        .filling(["program": executable, "reason": error.message])))
        }
        return .success(
            CheckProcess(subject: subject, pid: pid, answerFD: readFD, outputFD: outputRead, timeLimit: timeLimit))
    }

    /// A pipe whose ends are above 3 (so that dup2 onto 3 always makes a new
    /// descriptor, without CLOEXEC), its reading end not blocking.
    private static func pipeAboveThree() -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        let readFD = fcntl(fds[0], F_DUPFD_CLOEXEC, 10), writeFD = fcntl(fds[1], F_DUPFD_CLOEXEC, 10)
        close(fds[0])
        close(fds[1])
        _ = fcntl(readFD, F_SETFL, fcntl(readFD, F_GETFL) | O_NONBLOCK)
        return (readFD, writeFD)
    }

    /// Sleeps until one of `processes` has something to read or `milliseconds` pass.
    static func wait(_ processes: [CheckProcess], milliseconds: Int32) {
        // The output too: a child whose output pipe is full would wait on it.
        var polled = processes.flatMap { [$0.answerFD, $0.outputFD] }.filter { $0 >= 0 }.map {
            pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
        }
        if polled.isEmpty {
            usleep(UInt32(milliseconds) * 1000 / 5)
        } else {
            _ = poll(&polled, nfds_t(polled.count), milliseconds)
        }
    }

    /// Reads what is there; the outcome once the process has ended (or been
    /// killed for taking too long), nil while it runs.
    func step() -> PluginCheckOutcome? {
        drain()
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid {
            drain()
            closeAnswer()
            // WIFSIGNALED / WTERMSIG / WEXITSTATUS, which Swift does not import.
            let signal = status & 0x7f
            let said = output.text
            closeOutput()
            if signal != 0 && signal != 0x7f { return .crashed(signal, output: said) }
            var decoder = WireDecoder<PluginCheckOutcome>()
            if let outcome = (decoder.decode(answer) + decoder.finish()).first { return outcome }
            return .noAnswer((status >> 8) & 0xff, output: said)
        }
        if result < 0 {
            closeAnswer()
            closeOutput()
            return .noAnswer(-1)
        }
        if MainLoop.monotonicSeconds > deadline {
            kill(-pid, SIGKILL)  // its whole group: whatever the plugin started goes too
            kill(pid, SIGKILL)
            _ = waitpid(pid, &status, 0)
            drainOutput()  // what it wrote before it was ended says where it waited
            let said = output.text
            closeAnswer()
            closeOutput()
            return .hung(timeLimit, output: said)
        }
        return nil
    }

    private func drain() {
        drainOutput()
        guard answerFD >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(answerFD, &buffer, buffer.count)
            if count > 0 {
                if answer.count < 65536 { answer += buffer[..<count] }
            } else if count == 0 {
                closeAnswer()
                return
            } else {
                return  // EAGAIN: nothing more yet
            }
        }
    }

    /// What the child printed, into the tail; the pipe stays open while
    /// anything the plugin started may still write.
    private func drainOutput() {
        guard outputFD >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(outputFD, &buffer, buffer.count)
            if count > 0 {
                output.add(buffer[..<count])
            } else {
                if count == 0 { closeOutput() }
                return
            }
        }
    }

    private func closeOutput() {
        if outputFD >= 0 { close(outputFD) }
        outputFD = -1
    }

    private func closeAnswer() {
        if answerFD >= 0 { close(answerFD) }
        answerFD = -1
    }
}
