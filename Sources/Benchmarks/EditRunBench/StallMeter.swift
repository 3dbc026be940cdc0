import DemoShellKit

/// The launcher's longest main-loop stall while a bench runs: a 5 ms
/// timer's longest gap, less the 5 ms.
@MainActor
final class StallMeter {
    private var last = MainLoop.monotonicSeconds
    private var longest = 0.0
    private var timer: SourceID?

    init() {
        timer = MainLoop.every(milliseconds: 5) { [unowned self] in
            let now = MainLoop.monotonicSeconds
            longest = max(longest, now - last - 0.005)
            last = now
            return true
        }
    }

    /// Stops measuring; the longest stall, in seconds.
    func stop() -> Double {
        timer?.cancel()
        timer = nil
        return longest
    }
}
