import DemoShellKit
import EditRunModel
import ShellModel
import Glibc
import Wire

/// What the language service tells its one listener.
@MainActor
package protocol LanguageServiceDelegate: AnyObject {
    /// It ended, or could not start: completion and the errors as typed are
    /// off until Edit is next turned on (said once by the editor).
    func languageService(_ service: LanguageService, didEnd ending: LanguageService.Ending)
}

/// The editor's language service (`demo-shell --language-service=LIBRARY`,
/// `LanguageServiceLoop`): SourceKit in a process of its own, asked about
/// the file being typed with Run Edited's own plan (`LanguageContext`).
/// The launcher never waits on it: each question is awaited by a task, and
/// a crash, a hang (no answer within `timeLimit`) or a resident memory over
/// `memoryLimit` ends that process alone, told once to the delegate.
///
/// A newer question of a kind supersedes the one before it (typing on):
/// the older one's task gets nil at once, and its answer, when it comes, is
/// dropped. So does `cancel` (the text changed under a question).
@MainActor
package final class LanguageService {
    /// The program's option (internal: not in --help).
    package static let option = "--language-service="
    /// The pause after the last key before the editor asks for the file's errors, in milliseconds.
    package static let typingPause = 500
    /// How long one question may take (a module compiled first among it).
    package static var timeLimit: Double = 30
    package static var memoryLimit = LanguageServiceLoop.memoryLimit
    /// Crashes after which the next question starts another service, until Edit is next on.
    package static let crashesForgiven = 2

    package enum Ending: Equatable, Sendable {
        /// No SourceKit library beside the compiler, or no compiler, no SDK.
        case unavailable
        /// It crashed, or said what no service says.
        case crashed
        case overTime
        case overMemory
    }

    package weak var delegate: (any LanguageServiceDelegate)?
    private let paths: ShellPaths
    private let executable: String
    private var process: Subprocess?
    private var input: Int32 = -1
    private var replies = WireDecoder<LanguageReply>()
    private var waiting:
        [UInt32: (kind: LanguageRequest.Kind, continuation: CheckedContinuation<LanguageReply.Outcome?, Never>)] = [:]
    /// The question of each kind whose answer is wanted; any other's is dropped.
    private var latest: [LanguageRequest.Kind: UInt32] = [:]
    private var lastID: UInt32 = 0
    /// When the oldest unanswered question was sent.
    private var askedAt: [UInt32: Double] = [:]
    private var watch: SourceID?
    /// It ended: no question is asked until `reset`.
    package private(set) var ending: Ending?
    /// Questions sent, by kind (the tests').
    package private(set) var asked: [LanguageRequest.Kind: Int] = [:]
    /// Crashes forgiven so far.
    package private(set) var crashes = 0
    /// Answers dropped because a newer question had been asked (the tests').
    package private(set) var droppedAnswers = 0

    /// `shellExecutable`: the `demo-shell` to start (by default the one beside this program, as Run Edited's).
    package init(paths: ShellPaths, shellExecutable: String? = nil) {
        self.paths = paths
        let directory = paths.executableDirectory ?? FileSystem.executablePath.map(FileSystem.dirname) ?? "."
        executable = shellExecutable ?? FileSystem.join(directory, "demo-shell")
    }

    /// Its process, while it runs.
    package var processID: Int32? { process?.ending == nil ? process?.processID : nil }

    /// The context of `relativePath` for the demo of `manifest`, from Run
    /// Edited's own plan of `inputs`, in the service's folder for the demo.
    package func context(
        manifest: PluginManifest, manifestText: String, inputs: [EditBuildPlan.Input], workspace: EditWorkspace,
        relativePath: String
    ) -> LanguageContext? {
        guard case .success(let sdk) = EditSDK.locate(paths: paths), let compiler = SwiftToolchain.find() else {
            return nil
        }
        let plan = EditBuildPlan.make(
            compiler: compiler, sdk: sdk, manifest: manifest, manifestText: manifestText, inputs: inputs,
            workspace: workspace, sharedBuilds: FileSystem.join(EditRunSession.cacheDirectory, "shared"),
            moduleCache: FileSystem.join(EditRunSession.cacheDirectory, "module-cache"))
        let folder = FileSystem.join(EditRunSession.cacheDirectory, "language", manifest.id)
        linkInterfaces(of: sdk.modulesDirectory, into: FileSystem.join(folder, "interfaces"))
        return LanguageContext(
            plan: plan, relativePath: relativePath, folder: folder, sdkModules: sdk.modulesDirectory)
    }

    /// Each public textual interface of the SDK's modules (with its docs and source info), linked into
    /// `folder` (`LanguageContext`: SourceKit reads the SDK through them).
    private func linkInterfaces(of modules: String, into folder: String) {
        try? FileSystem.makeDirectory(folder)
        let names = FileSystem.contents(ofDirectory: modules)
        let interfaced = Set(
            names.filter {
                $0.hasSuffix(".swiftinterface") && !$0.hasSuffix(".private.swiftinterface")
                    && !$0.hasSuffix(".package.swiftinterface")
            }.map { String($0.dropLast(".swiftinterface".count)) })
        // With each, its doc comments and source places (Quick Help's, Go to Definition's).
        for name in names
        where interfaced.contains(where: {
            name == $0 + ".swiftinterface" || name == $0 + ".swiftdoc"
                || name == $0 + ".swiftsourceinfo"
        }) {
            let link = FileSystem.join(folder, name), target = FileSystem.join(modules, name)
            var buffer = [CChar](repeating: 0, count: 4097)
            let count = readlink(link, &buffer, 4096)
            let current =
                count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
            if current != target {
                _ = FileSystem.remove(link)
                _ = symlink(target, link)
            }
        }
    }

    /// The answer to `kind` about `text` (the file of `context`, the caret
    /// `offset` UTF-8 bytes in); nil when superseded, cancelled, or the
    /// service has ended. A question that does not `supersede` (the
    /// pointer's, asked as it rests) leaves the one of its kind under way
    /// (the keyboard's) alone, and is not superseded either.
    package func ask(
        _ kind: LanguageRequest.Kind, context: LanguageContext, text: String, offset: Int, supersedes: Bool = true
    ) async -> LanguageReply.Outcome? {
        guard ending == nil, startIfNeeded() else { return nil }
        lastID &+= 1
        let id = lastID
        guard let request = context.request(id: id, kind, text: text, offset: offset),
            let bytes = WireFrame.encode(request)
        else { return nil }
        for file in context.files where FileSystem.read(file.path) != file.text {
            try? FileSystem.makeDirectory(FileSystem.dirname(file.path))
            try? FileSystem.writeAtomically(file.text, to: file.path)
        }
        if supersedes { cancel(kind) }
        guard PipeWrite.all(bytes, to: input) else {
            stop(.crashed)
            return nil
        }
        if supersedes { latest[kind] = id }
        asked[kind, default: 0] += 1
        askedAt[id] = MainLoop.monotonicSeconds
        watch = watch ?? MainLoop.every(milliseconds: 250) { [weak self] in self?.check() ?? false }
        return await withCheckedContinuation { continuation in waiting[id] = (kind, continuation) }
    }

    /// The question of `kind` under way is no longer wanted: its task gets nil now, its answer is dropped.
    package func cancel(_ kind: LanguageRequest.Kind) {
        guard let id = latest.removeValue(forKey: kind) else { return }
        waiting.removeValue(forKey: id)?.continuation.resume(returning: nil)
    }

    /// Ends the process (Edit off, the page closed); a later question starts another.
    package func end() {
        shutDown()
        ending = nil
        crashes = 0
    }

    private func startIfNeeded() -> Bool {
        if process?.ending == nil, input >= 0 { return true }
        guard let compiler = SwiftToolchain.find(), let library = CompileServer.library(forCompiler: compiler) else {
            stop(.unavailable)
            return false
        }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return false }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        defer { close(ends[0]) }
        guard
            case .success(let started) = ChildSupervisor.shared.start(
                [executable, Self.option + library], environment: ["SWIFT_BACKTRACE": "enable=no"], input: ends[0])
        else {
            close(ends[1])
            stop(.unavailable)
            return false
        }
        process = started
        input = ends[1]
        replies = WireDecoder()
        // Its standard error is SourceKit's own printing of the diagnostics it
        // answers with as structure: not the launcher's to print.
        started.onOutput { [weak self] stream, bytes in
            if stream == .output { self?.receive(bytes) }
        }
        started.onExit { [weak self, weak started] _ in
            guard let self, let started, self.process === started else { return }
            self.stop(.crashed)
        }
        return true
    }

    private func receive(_ bytes: [UInt8]) {
        let received = replies.decode(bytes)
        guard replies.counts == WireCounts() else { return stop(.crashed) }
        for reply in received {
            askedAt.removeValue(forKey: reply.id)
            guard let asked = waiting.removeValue(forKey: reply.id) else {
                droppedAnswers += 1
                continue
            }
            if latest[asked.kind] == reply.id { latest.removeValue(forKey: asked.kind) }
            asked.continuation.resume(returning: reply.outcome)
        }
        if askedAt.isEmpty {
            watch?.cancel()
            watch = nil
        }
        // Its memory after each answer too: a quick one comes between the watch's turns.
        _ = check()
    }

    /// Every quarter second while a question is out: its time, the process's memory.
    private func check() -> Bool {
        guard let process, process.ending == nil else { return false }
        let now = MainLoop.monotonicSeconds
        if let oldest = askedAt.values.min(), now - oldest > Self.timeLimit {
            stop(.overTime)
            return false
        }
        if let statm = FileSystem.read("/proc/\(process.processID)/statm"),
            let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) }),
            pages * Int(sysconf(Int32(_SC_PAGESIZE))) > Self.memoryLimit
        {
            stop(.overMemory)
            return false
        }
        return true
    }

    /// It is over: every question waiting gets nil, the delegate is told once.
    /// A crash is SourceKit's on some text (one seen: deserializing an SDK
    /// declaration while completing after broken code), so the next
    /// question starts another, `crashesForgiven` times until Edit is next on.
    private func stop(_ reason: Ending) {
        guard ending == nil else { return }
        shutDown()
        if reason == .crashed, crashes < Self.crashesForgiven {
            crashes += 1
            return
        }
        ending = reason
        delegate?.languageService(self, didEnd: reason)
    }

    private func shutDown() {
        watch?.cancel()
        watch = nil
        if input >= 0 {
            close(input)
            input = -1
        }
        if let process { ChildSupervisor.shared.end(process, politely: false) }
        process = nil
        let stranded = waiting.values.map(\.continuation)
        waiting = [:]
        latest = [:]
        askedAt = [:]
        for continuation in stranded { continuation.resume(returning: nil) }
    }
}
