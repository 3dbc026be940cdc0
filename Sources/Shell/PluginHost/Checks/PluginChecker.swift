import DemoShellKit
import ShellModel
import Glibc

/// Checks plugins in a child process before the shell ever opens them, as
/// GStreamer's `gst-plugin-scanner` does: the child (`demo-shell
/// --check-plugin=LIBRARY`) opens the library, compares SDK identities, calls
/// the create function and casts its result to `DemoModule`. A crash, an
/// abort, a hang or a wrong answer there costs the child, not the shell.
///
/// Three parts, one job each: `CheckProcess` runs one child,
/// `PluginCheckChild` is what the child does (`PluginLoader`'s load, as the
/// shell does it), `PluginCheckCache` keeps the answers so that a plugin is
/// checked once per change, not once per start. This class schedules them.
@MainActor
public final class PluginChecker {
    /// The program run as the checker: `demo-shell` beside the running
    /// executable (the shell itself, or the build's one for the test runner).
    public let executable: String
    /// The cache file, or nil for no cache.
    public let cachePath: String?
    /// How long one check may take before it counts as a hang.
    public let timeLimit: Double
    /// How many checks run at once (`standardParallelism`).
    public let parallelism: Int

    private let cache: PluginCheckCache
    /// Told once of each check still running after `waitNoticeSeconds`
    /// (`--list` says which plugin it waits for: a plugin whose init blocks
    /// holds it up to the time limit).
    public var onWaiting: ((PluginCheckSubject) -> Void)?
    static let waitNoticeSeconds = 1.0

    /// As many checks at once as there are cores (at least two: a check
    /// mostly waits for the loader and the plugin's init).
    public nonisolated static var standardParallelism: Int {
        max(2, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    public convenience init(
        executable: String, cachePath: String?, timeLimit: Double = 10, parallelism: Int = standardParallelism
    ) {
        self.init(
            executable: executable, cachePath: cachePath, timeLimit: timeLimit, parallelism: parallelism, cached: nil)
    }

    /// `cached`: the cache file's records, read already (on another thread).
    init(
        executable: String, cachePath: String?, timeLimit: Double, parallelism: Int = standardParallelism,
        cached: [String: PluginCheckCache.Record]?
    ) {
        self.executable = executable
        self.cachePath = cachePath
        self.timeLimit = timeLimit
        self.parallelism = max(1, parallelism)
        cache = PluginCheckCache(path: cachePath, records: cached)
    }

    /// The checker the shell uses: `demo-shell` beside the running program,
    /// the user's cache, and `$DEMO_SHELL_CHECK_TIME_LIMIT` seconds (10 by default).
    public static func standard() -> PluginChecker { standard(cached: nil) }

    /// The standard checker, its cache's records read already (`standardCachePath`).
    static func standard(cached: [String: PluginCheckCache.Record]?) -> PluginChecker {
        let directory = FileSystem.executablePath.map(FileSystem.dirname) ?? "."
        return PluginChecker(
            executable: FileSystem.join(directory, "demo-shell"), cachePath: standardCachePath,
            timeLimit: standardTimeLimit, cached: cached)
    }

    /// The user's cache of check results.
    nonisolated static var standardCachePath: String {
        FileSystem.join(Environment.userCacheDirectory, "demo-shell", "plugin-checks")
    }

    /// `$DEMO_SHELL_CHECK_TIME_LIMIT` seconds, 10 by default.
    nonisolated static var standardTimeLimit: Double {
        Environment.value("DEMO_SHELL_CHECK_TIME_LIMIT").flatMap(Double.init).flatMap { $0 > 0 && $0 < 3600 ? $0 : nil }
            ?? 10
    }

    /// The cached outcome for `subject`, if its library's size and time, the SDK node and its Entry are unchanged.
    public func cachedOutcome(_ subject: PluginCheckSubject) -> PluginCheckOutcome? { cache.outcome(subject) }

    /// The outcome for every subject, from the cache or from checks run in
    /// child processes (`parallelism` at a time). New results are cached.
    public func outcomes(_ subjects: [PluginCheckSubject]) -> [PluginCheckSubject: PluginCheckOutcome] {
        var results: [PluginCheckSubject: PluginCheckOutcome] = [:]
        var pending: [PluginCheckSubject] = []
        for subject in subjects where results[subject] == nil {
            if let cached = cachedOutcome(subject) {
                results[subject] = cached
            } else if !pending.contains(subject) {
                pending.append(subject)
            }
        }
        guard !pending.isEmpty else { return results }
        var running: [CheckProcess] = []
        var queue = pending[...]
        while !queue.isEmpty || !running.isEmpty {
            while running.count < parallelism, let subject = queue.popFirst() {
                let key = PluginCheckCache.fileKey(subject.library)
                switch CheckProcess.start(executable: executable, subject: subject, timeLimit: timeLimit) {
                case .success(let process):
                    process.key = key
                    running.append(process)
                case .failure(let problem): results[subject] = problem  // not cached: the checker itself failed
                }
            }
            CheckProcess.wait(running, milliseconds: 50)
            for process in running where !process.waitNoticed && process.runningSeconds > Self.waitNoticeSeconds {
                process.waitNoticed = true
                onWaiting?(process.subject)
            }
            running.removeAll { process in
                guard let outcome = process.step() else { return false }
                results[process.subject] = outcome
                if let key = process.key { cache.record(outcome, for: process.subject, key: key) }
                return true
            }
        }
        cache.save()
        return results
    }

    /// Forgets `subject`'s cached outcome, so that it is checked again.
    public func forget(_ subject: PluginCheckSubject) {
        cache.forget(subject.library)
        cache.save()
    }

    public func outcome(_ subject: PluginCheckSubject) -> PluginCheckOutcome {
        outcomes([subject])[subject] ?? .noAnswer(-1)
    }
}
