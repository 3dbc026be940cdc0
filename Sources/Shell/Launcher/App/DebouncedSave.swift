import DemoShellKit
import PluginHost
import ShellModel

/// Writes a window's settings a moment after they last changed, not only
/// when the window closes: a plugin that takes the whole process down (a
/// crash in one of its handlers) then costs nothing the user had already
/// arranged. A run of changes (a window dragged wider, a word typed) makes
/// one write, `delayMilliseconds` after the last of them.
@MainActor
final class DebouncedSave {
    /// Long enough for a resize drag or a typed word, short enough that a
    /// crash right after a change still finds it on disk.
    static let delayMilliseconds = 400

    private let write: @MainActor () -> Void
    private unowned let owner: Widget
    private var pending: SourceID?
    private var closed = false

    /// `write` runs on the main loop after changes; never after `owner` is
    /// destroyed (its own close-time save is the window memory's).
    init(owner: Widget, write: @escaping @MainActor () -> Void) {
        self.owner = owner
        self.write = write
        owner.onDestroy { [weak self] _ in
            self?.closed = true
            self?.pending = nil
        }
    }

    /// Notes a change: the write follows once changes pause.
    func schedule() {
        guard !closed else { return }
        pending?.cancel()
        pending = owner.after(milliseconds: Self.delayMilliseconds) { [weak self] in
            guard let self, !self.closed else { return }
            self.pending = nil
            self.write()
        }
    }

    /// Whether a write is waiting for changes to pause (for tests).
    var isPending: Bool { pending?.isActive ?? false }
}

/// Tells stderr why settings were not saved once per reason: saved as they
/// change, a read-only or full disk would otherwise repeat it on every change.
@MainActor
final class SaveProblemReporter {
    private var last: String?
    private let prefix: String

    init(prefix: String) { self.prefix = prefix }

    func report(_ problem: String?) {
        if let problem, problem != last { printError(prefix + problem) }
        last = problem
    }
}
