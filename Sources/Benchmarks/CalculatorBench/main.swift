// `make bench`'s calculator section: long chains of exact operations, as
// keys through the model and as bare fractions. Benchmarks, not tests. Only
// API the BigInt model had too, so an old build can run the same file; the
// results line must then read the same for both.
import CalculatorModel
import Glibc

/// This thread's CPU time in seconds: wall-clock times swing with the load.
func cpuNow() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// SplitMix64: the same keys on every run and every build.
struct Seeded {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

let operators: [Operator] = [.add, .subtract, .multiply, .divide]

/// 100,000 keys: numbers of 1 to 6 digits, often with a fraction part,
/// between mixed + − × ÷, with = now and then; the display read after each
/// key, as the window does.
func keyChain() -> String {
    var random = Seeded(state: 0xCA1C)
    var model = CalculatorModel()
    var keys = 0, errors = 0, lastShown = ""
    while keys < 100_000 {
        let digits = 1 + random.below(6), pointAt = random.below(digits + 3)
        for position in 0..<digits {
            if position == pointAt {
                model.press(.point)
                keys += 1
            }
            model.press(.digit(1 + random.below(9)))
            keys += 1
            if case .number(let text) = model.display { lastShown = text }
        }
        let roll = random.below(10)
        model.press(roll == 0 ? .equals : .operation(operators[random.below(4)]))
        keys += 1
        switch model.display {
        case .number(let text): lastShown = text
        case .error:
            errors += 1
            model.press(.clear)
            keys += 1
        }
    }
    return "\(lastShown), \(errors) errors"
}

/// 100,000 operations on one fraction whose parts grow (until the model's
/// 20,000-bit limit rounds them to 60 digits), back to 1/7 when out of range.
func fractionChain() -> String {
    var random = Seeded(state: 0xF4AC)
    var x = (ExactNumber(1) / ExactNumber(7))!
    var restarts = 0
    for step in 0..<100_000 {
        let y = (ExactNumber(1 + random.below(9_999)) / ExactNumber(1 + random.below(9_999)))!
        switch step % 4 {
        case 0: x = x + y
        case 1: x = x * y
        case 2: x = x - y
        default: x = (x / y)!
        }
        if !x.isInRange || x.isZero {
            x = (ExactNumber(1) / ExactNumber(7))!
            restarts += 1
        }
    }
    return "\(DisplayFormat.string(x)), \(restarts) restarts"
}

/// `--rounds=N` (5 by default): a slow build can be timed once.
let rounds =
    CommandLine.arguments.dropFirst().compactMap { $0.hasPrefix("--rounds=") ? Int($0.dropFirst(9)) : nil }.last ?? 5
var keyTimes: [Double] = [], fractionTimes: [Double] = []
var keyResult = "", fractionResult = ""
for _ in 0..<max(1, rounds) {
    var start = cpuNow()
    keyResult = keyChain()
    keyTimes.append(cpuNow() - start)
    start = cpuNow()
    fractionResult = fractionChain()
    fractionTimes.append(cpuNow() - start)
}

func milliseconds(_ seconds: Double) -> String {
    let text = String(Int((seconds * 1000).rounded()))
    return String(repeating: " ", count: max(0, 6 - text.count)) + text
}
print(
    """

    Calculator, CPU time (exact fractions; median of \(max(1, rounds)))

      100,000 keys through the model    \(milliseconds(median(keyTimes))) ms   (shows \(keyResult))
      100,000 + − × ÷ on one fraction   \(milliseconds(median(fractionTimes))) ms   (ends at \(fractionResult))
    """)
