import DemoBasics
import ShellBasics

/// What a backtracer's report shows besides its frames' places, read for the
/// crashes whose runtime words do not tell a learner what happened: a
/// `DispatchQueue.main.sync` on the main thread ("Illegal instruction at
/// 0x…", the trap in libdispatch's wait for a queue its own thread holds)
/// and a stack overflow ("Bad pointer dereference at 0x7ffc…", a fault at
/// the stack pointer, in the guard page below the stack).
struct CrashSigns {
    /// The thread the backtracer says crashed (0 is the main thread).
    private var crashedThread: Int?
    /// Frame 0 is libdispatch's wait for a queue (`__DISPATCH_WAIT_FOR_QUEUE__`),
    /// whose only trap is "dispatch_sync called on queue already owned by current thread".
    private var trapsInQueueWait = false
    /// The crashed thread's stack pointer, from the report's registers.
    private var stackPointer: UInt64?

    /// How far from the stack pointer a fault counts as the stack's guard: a
    /// frame's own size (a call faults 8 bytes below it, a big frame's
    /// first store above it), and far from any heap or null pointer.
    static let guardReach: UInt64 = 1 << 20

    mutating func read(_ line: Substring) {
        let words = line.split(separator: " ", maxSplits: 3)
        guard let first = words.first else { return }
        if first == "Thread", words.count > 1, let number = Int(words[1]), line.hasSuffix(" crashed:"),
            crashedThread == nil
        {
            crashedThread = number
        } else if first == "0", words.count > 2, words[1].hasPrefix("0x"), words[2] == "__DISPATCH_WAIT_FOR_QUEUE__" {
            trapsInQueueWait = true
        } else if first == "rsp", words.count > 1, stackPointer == nil {
            stackPointer = Self.address(words[1])
        }
    }

    /// Whether the crash is a `sync` onto the queue that runs it: it waits for
    /// itself, so libdispatch stops the program instead of hanging it.
    var isQueueDeadlock: Bool { trapsInQueueWait }

    /// The crash in a learner's words, for the runtime's `signalWords`
    /// ("Illegal instruction at 0x…"); nil when those are already the best.
    func plainWords(for signalWords: String) -> String? {
        if trapsInQueueWait {
            return crashedThread == 0
                ? localized("Deadlock: DispatchQueue.main.sync called on the main thread, which waits for itself")
                : localized(
                    "Deadlock: DispatchQueue.sync called on the queue it already runs on, which waits for itself")
        }
        let fault = "Bad pointer dereference at "
        if signalWords.hasPrefix(fault), let address = Self.address(signalWords.dropFirst(fault.count)),
            let stackPointer, max(address, stackPointer) - min(address, stackPointer) <= Self.guardReach
        {
            return localized("Stack overflow (endless recursion?)")
        }
        return nil
    }

    /// "0x00007ffd785c2000" as a number.
    private static func address(_ text: Substring) -> UInt64? {
        guard text.hasPrefix("0x") else { return nil }
        return UInt64(text.dropFirst(2).prefix { $0.isHexDigit }, radix: 16)
    }
}
