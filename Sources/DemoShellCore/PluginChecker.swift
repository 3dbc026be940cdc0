import DemoKit
import Glibc

/// Checks plugins in a child process before the shell ever opens them, as
/// GStreamer's `gst-plugin-scanner` does: the child (`demo-shell
/// --check-plugin=LIBRARY`) opens the library, compares SDK identities, calls
/// the create function and casts its result to `DemoModule`. A crash, an
/// abort, a hang or a wrong answer there costs the child, not the shell.
///
/// Results are cached in `$XDG_CACHE_HOME/demo-shell/plugin-checks`, keyed by
/// the library's path, size, modification time (to the nanosecond) and the
/// shell's SDK identity, so a plugin is checked once per change, not once per
/// start.
@MainActor
public final class PluginChecker {
    /// The program run as the checker: `demo-shell` beside the running
    /// executable (the shell itself, or the build's one for the test runner).
    public let executable: String
    /// The cache file, or nil for no cache.
    public let cachePath: String?
    /// How long one check may take before it counts as a hang.
    public let timeLimit: Double
    /// How many checks run at once.
    public let parallelism: Int

    private var cache: [String: CacheRecord] = [:]
    private var cacheLoaded = false

    struct CacheRecord: Equatable {
        var size: Int64
        var modified: Int64 // nanoseconds since the epoch
        var sdk: String
        var outcome: PluginCheckOutcome
    }

    public init(executable: String, cachePath: String?, timeLimit: Double = 10, parallelism: Int = 4) {
        self.executable = executable
        self.cachePath = cachePath
        self.timeLimit = timeLimit
        self.parallelism = max(1, parallelism)
    }

    /// The checker the shell uses: `demo-shell` beside the running program,
    /// the user's cache, and `$DEMO_SHELL_CHECK_TIME_LIMIT` seconds (10 by default).
    public static func standard() -> PluginChecker {
        let directory = FileSystem.executablePath.map(FileSystem.dirname) ?? "."
        return PluginChecker(executable: FileSystem.join(directory, "demo-shell"),
                             cachePath: FileSystem.join(Environment.userCacheDirectory, "demo-shell", "plugin-checks"),
                             timeLimit: standardTimeLimit)
    }

    /// `$DEMO_SHELL_CHECK_TIME_LIMIT` seconds, 10 by default.
    nonisolated static var standardTimeLimit: Double {
        Environment.value("DEMO_SHELL_CHECK_TIME_LIMIT").flatMap(Double.init).flatMap { $0 > 0 && $0 < 3600 ? $0 : nil } ?? 10
    }

    // MARK: The cache

    /// The cached outcome for `library`, if its size, time and the SDK are unchanged.
    public func cachedOutcome(library: String) -> PluginCheckOutcome? {
        loadCache()
        guard let record = cache[library], let key = Self.fileKey(library),
              record.size == key.size, record.modified == key.modified,
              record.sdk == DemoKit.loadedSDKIdentity else { return nil }
        return record.outcome
    }

    private func loadCache() {
        guard !cacheLoaded else { return }
        cacheLoaded = true
        guard let cachePath, let text = FileSystem.read(cachePath) else { return }
        var lines = text.split(separator: "\n")
        guard lines.first == "demo-shell plugin checks 1" else { return } // another format: start afresh
        lines.removeFirst()
        for line in lines {
            // path, size, modified, sdk, outcome (which may hold one more tab)
            let fields = line.split(separator: "\t", maxSplits: 4, omittingEmptySubsequences: false)
            guard fields.count == 5, let size = Int64(fields[1]), let modified = Int64(fields[2]),
                  let outcome = PluginCheckOutcome(encoded: fields[4]) else { continue }
            cache[Self.unescape(fields[0])] = CacheRecord(size: size, modified: modified, sdk: String(fields[3]), outcome: outcome)
        }
    }

    private func saveCache() {
        guard let cachePath else { return }
        var text = "demo-shell plugin checks 1\n"
        for (path, record) in cache.sorted(by: { $0.key < $1.key }) {
            text += "\(Self.escape(path))\t\(record.size)\t\(record.modified)\t\(record.sdk)\t\(record.outcome.encoded)\n"
        }
        // A cache that cannot be written only costs a check next time.
        try? FileSystem.writeAtomically(text, to: cachePath)
    }

    static func escape(_ path: String) -> String {
        var out = ""
        for c in path.unicodeScalars {
            switch c {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    static func unescape(_ text: Substring) -> String {
        var out = "", escaping = false
        for c in text.unicodeScalars {
            if escaping {
                out += c == "t" ? "\t" : c == "n" ? "\n" : String(c)
                escaping = false
            } else if c == "\\" {
                escaping = true
            } else {
                out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// Size and modification time (ns) of the file `path` points to.
    static func fileKey(_ path: String) -> (size: Int64, modified: Int64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (Int64(info.st_size), Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }

    // MARK: Checking

    /// The outcome for every library, from the cache or from checks run in
    /// child processes (`parallelism` at a time). New results are cached.
    public func outcomes(libraries: [String]) -> [String: PluginCheckOutcome] {
        var results: [String: PluginCheckOutcome] = [:]
        var pending: [String] = []
        for library in libraries where results[library] == nil {
            if let cached = cachedOutcome(library: library) { results[library] = cached } else if !pending.contains(library) { pending.append(library) }
        }
        guard !pending.isEmpty else { return results }
        var running: [CheckProcess] = []
        var queue = pending[...]
        while !queue.isEmpty || !running.isEmpty {
            while running.count < parallelism, let library = queue.popFirst() {
                let key = Self.fileKey(library)
                switch CheckProcess.start(executable: executable, library: library, timeLimit: timeLimit) {
                case .success(let process): process.key = key; running.append(process)
                case .failure(let problem): results[library] = problem // not cached: the checker itself failed
                }
            }
            CheckProcess.wait(running, milliseconds: 50)
            running.removeAll { process in
                guard let outcome = process.step() else { return false }
                results[process.library] = outcome
                if let key = process.key {
                    cache[process.library] = CacheRecord(size: key.size, modified: key.modified,
                                                         sdk: DemoKit.loadedSDKIdentity, outcome: outcome)
                }
                return true
            }
        }
        saveCache()
        return results
    }

    public func outcome(library: String) -> PluginCheckOutcome {
        outcomes(libraries: [library])[library] ?? .noAnswer(-1)
    }
}

/// One running `demo-shell --check-plugin=…`.
@MainActor
final class CheckProcess {
    let library: String
    let pid: pid_t
    let deadline: Double
    let timeLimit: Double
    var key: (size: Int64, modified: Int64)?
    private var answerFD: Int32
    private var answer: [UInt8] = []

    private init(library: String, pid: pid_t, answerFD: Int32, timeLimit: Double) {
        self.library = library
        self.pid = pid
        self.answerFD = answerFD
        self.timeLimit = timeLimit
        self.deadline = Self.now() + timeLimit
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Spawns the checker in its own process group, its answer on fd 3, its
    /// output discarded (a plugin may print anything), without Swift's
    /// backtracer (which would take seconds over a crash).
    static func start(executable: String, library: String, timeLimit: Double) -> Result<CheckProcess, PluginCheckOutcome> {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return .failure(.noAnswer(-1)) }
        // Above 3, so that dup2 onto 3 always makes a new descriptor (without CLOEXEC).
        let readFD = fcntl(fds[0], F_DUPFD_CLOEXEC, 10), writeFD = fcntl(fds[1], F_DUPFD_CLOEXEC, 10)
        close(fds[0]); close(fds[1])
        defer { close(writeFD) }
        _ = fcntl(readFD, F_SETFL, fcntl(readFD, F_GETFL) | O_NONBLOCK)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writeFD, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)

        var environment: [String] = []
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            if !text.hasPrefix("SWIFT_BACKTRACE=") { environment.append(text) }
            index += 1
        }
        environment.append("SWIFT_BACKTRACE=enable=no")
        let arguments = [executable, PluginCheckChild.option + library]
        var pid: pid_t = 0
        let status = withCStrings(arguments) { argv in
            withCStrings(environment) { envp in
                posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
            }
        }
        guard status == 0 else {
            close(readFD)
            let detail = String(cString: strerror(status))
            return .failure(.unloadable(localized("the checker {program} cannot be started: {reason}")
                .filling(["program": executable, "reason": detail])))
        }
        return .success(CheckProcess(library: library, pid: pid, answerFD: readFD, timeLimit: timeLimit))
    }

    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    /// Sleeps until one of `processes` has something to read or `milliseconds` pass.
    static func wait(_ processes: [CheckProcess], milliseconds: Int32) {
        var polled = processes.filter { $0.answerFD >= 0 }.map { pollfd(fd: $0.answerFD, events: Int16(POLLIN), revents: 0) }
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
            if signal != 0 && signal != 0x7f { return .crashed(signal) }
            let line = String(decoding: answer, as: UTF8.self).split(separator: "\n").first
            if let line, let outcome = PluginCheckOutcome(encoded: line) { return outcome }
            return .noAnswer((status >> 8) & 0xff)
        }
        if result < 0 { closeAnswer(); return .noAnswer(-1) }
        if Self.now() > deadline {
            kill(-pid, SIGKILL) // its whole group: whatever the plugin started goes too
            kill(pid, SIGKILL)
            _ = waitpid(pid, &status, 0)
            closeAnswer()
            return .hung(timeLimit)
        }
        return nil
    }

    private func drain() {
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
                return // EAGAIN: nothing more yet
            }
        }
    }

    private func closeAnswer() {
        if answerFD >= 0 { close(answerFD) }
        answerFD = -1
    }
}

/// The child's side: `demo-shell --check-plugin=LIBRARY`.
public enum PluginCheckChild {
    public static let option = "--check-plugin="

    /// Checks `library` in this process and writes the answer on fd 3 (or
    /// standard output when fd 3 is not open). Never returns.
    @MainActor
    public static func run(library: String) -> Never {
        // No core file, and no orphan lingering if the shell dies mid-check:
        // the alarm ends this process a little after the shell's own limit.
        var limit = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &limit)
        alarm(UInt32(PluginChecker.standardTimeLimit.rounded(.up)) + 2)
        let outcome = PluginRegistry.checkInProcess(library: library)
        let output: Int32 = fcntl(3, F_GETFD) >= 0 ? 3 : 1
        var bytes = Array((outcome.encoded + "\n").utf8)
        _ = bytes.withUnsafeMutableBytes { write(output, $0.baseAddress, $0.count) }
        // _exit: the plugin's destructors and atexit handlers are none of our business.
        _exit(0)
    }
}
