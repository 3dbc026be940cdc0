/// What an Edit and Run session's runs did and when, kept by the session
/// for the benchmark's split, the tests, and the window places of Live
/// (one file per launch).
package struct EditRunMetrics {
    /// How long each step of the last run took, in seconds (its compiler
    /// runs, by module).
    package internal(set) var stepTimes: [(String, Double)] = []
    /// When the last run began and when its demo's process was started
    /// (CLOCK_MONOTONIC seconds).
    package internal(set) var runStartedAt = 0.0, childStartedAt: Double?
    /// How many edited demos the session has started (a cancelled build starts none).
    package internal(set) var launches = 0
    /// Steps the compile server has compiled.
    package internal(set) var serverCompiles = 0
    /// The last programs link jobs started (clang asked, the linker, or clang run), in order.
    package internal(set) var linkPrograms: [String] = []

    mutating func linkStarted(_ program: String) {
        linkPrograms = Array((linkPrograms + [program]).suffix(8))
    }
}
