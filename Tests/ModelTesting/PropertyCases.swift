import Foundation

/// How many cases a randomised property test plays: thousands in the normal
/// run, `PROPERTY_SCALE` times as many when set (`PROPERTY_SCALE=50 make test`
/// before a release). The seeds stay fixed, so a failure replays exactly.
package enum PropertyCases {
    package static var scale: Int {
        max(1, Int(ProcessInfo.processInfo.environment["PROPERTY_SCALE"] ?? "") ?? 1)
    }

    package static func count(_ normal: Int) -> Int { normal * scale }
}
