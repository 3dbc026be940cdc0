/// When an Edit and Run session's runs began and their demos started,
/// kept by the session for the benchmark's split, the tests, and the window
/// places of Live (one file per launch). What the builds did is the
/// builder's (`EditBuilder`).
package struct EditRunMetrics {
    /// When the last run began and when its demo's process was started
    /// (CLOCK_MONOTONIC seconds).
    package internal(set) var runStartedAt = 0.0, childStartedAt: Double?
    /// How many edited demos the session has started (a cancelled build starts none).
    package internal(set) var launches = 0
}
