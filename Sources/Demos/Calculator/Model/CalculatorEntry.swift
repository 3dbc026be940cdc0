extension CalculatorModel {
    /// A number being typed, shown as typed ("0.50", "12.", "-0.").
    struct Entry: Equatable, Sendable {
        var negative = false
        var integer = "0"
        var fraction: String?

        var text: String { (negative ? "-" : "") + integer + (fraction.map { "." + $0 } ?? "") }
        /// Digits typed; the lone 0 of "0.5" is the display's, not the user's.
        var digitCount: Int { (integer == "0" ? 0 : integer.count) + (fraction?.count ?? 0) }
        var value: ExactNumber { ExactNumber(decimal: text.hasSuffix(".") ? String(text.dropLast()) : text)! }

        mutating func append(digit: Int) {
            guard digitCount < CalculatorModel.maximumDigits || (fraction == nil && integer == "0") else { return }
            if fraction != nil {
                fraction! += String(digit)
            } else if integer == "0" {
                integer = String(digit)  // leading zeros collapse
            } else {
                integer += String(digit)
            }
        }

        mutating func appendPoint() {
            guard fraction == nil, digitCount < CalculatorModel.maximumDigits else { return }
            fraction = ""
        }

        /// Removes the last character; the sign goes last, so "-0.5" becomes
        /// "-0." and a 7 typed then makes "-0.7".
        mutating func removeLast() {
            if let f = fraction {
                fraction = f.isEmpty ? nil : String(f.dropLast())
            } else if integer != "0" {
                integer.removeLast()
                if integer.isEmpty { integer = "0" }
            } else {
                negative = false
            }
        }

        /// "-0" and "-0.00" pasted are just zero.
        mutating func normalizeSign() {
            if negative, integer.allSatisfy({ $0 == "0" }), (fraction ?? "").allSatisfy({ $0 == "0" }) {
                negative = false
            }
        }
    }
}

/// A pasted text read as a number, exactly or not at all: an optional sign,
/// digits with one point (or a comma that cannot be a thousands separator:
/// "1,5" but not "1,000"), an optional exponent ("1e12", "2.5E-10"); blanks
/// around it are ignored. Refused: more than 12 significant digits (the
/// display could not show them: rounding them would change the number
/// silently) and values beyond the calculator's range (10⁻⁹⁹⁹ ≤ |x| ≤ 10¹⁰⁰⁰,
/// the largest as the display rounds it).
struct PastedNumber: Equatable, Sendable {
    let value: ExactNumber
    /// The number as an entry to go on typing, when it is one the keys could
    /// have typed (plain, at most 12 digits); nil shows it as a result is.
    let entry: CalculatorModel.Entry?

    init?(_ text: String) {
        // Hostile text: a long paste is no number we accept, so stop early.
        guard text.utf8.count <= 256 else { return nil }
        var scalars = Substring(text).unicodeScalars[...]
        let blanks: Set<Unicode.Scalar> = [" ", "\t", "\n", "\r", "\u{A0}"]
        while let first = scalars.first, blanks.contains(first) { scalars.removeFirst() }
        while let last = scalars.last, blanks.contains(last) { scalars.removeLast() }
        let signs: [Unicode.Scalar: Bool] = ["-": true, "\u{2212}": true, "+": false]

        var negative = false
        if let first = scalars.first, let minus = signs[first] {
            negative = minus
            scalars.removeFirst()
        }
        var integer = "", fraction: String?, separator: Unicode.Scalar?
        while let scalar = scalars.first, !["e", "E"].contains(scalar) {
            scalars.removeFirst()
            switch scalar {
            case "0"..."9":
                if fraction != nil {
                    fraction!.unicodeScalars.append(scalar)
                } else {
                    integer.unicodeScalars.append(scalar)
                }
            case ".", ",":
                guard fraction == nil else { return nil }
                fraction = ""
                separator = scalar
            default:
                return nil
            }
        }
        guard !integer.isEmpty || !(fraction ?? "").isEmpty else { return nil }
        // "1,000" is a thousand to some readers and one to others.
        if separator == ",", fraction?.count == 3, integer.contains(where: { $0 != "0" }) { return nil }

        var exponent = 0, hasExponent = false
        if !scalars.isEmpty {
            scalars.removeFirst()  // the e
            var exponentNegative = false
            if let first = scalars.first, let minus = signs[first] {
                exponentNegative = minus
                scalars.removeFirst()
            }
            guard !scalars.isEmpty, scalars.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
            let digits = String(String.UnicodeScalarView(scalars)).drop { $0 == "0" }
            // Beyond 5 digits only a zero could be in range; 0e99999999 is no number anyone means.
            guard digits.count <= 5 else { return nil }
            exponent = (Int(digits) ?? 0) * (exponentNegative ? -1 : 1)
            hasExponent = true
        }

        // The digits as one whole number times a power of ten.
        let allDigits = integer + (fraction ?? "")
        let significant = allDigits.drop { $0 == "0" }
        var trimmed = Substring(significant)
        var power = exponent - (fraction?.count ?? 0)
        while trimmed.last == "0" {
            trimmed.removeLast()
            power += 1
        }
        if trimmed.isEmpty {
            value = .zero
        } else {
            guard trimmed.count <= CalculatorModel.maximumDigits else { return nil }
            // 0.d₁d₂… × 10^(magnitude + 1) must lie in [10⁻⁹⁹⁹, 10¹⁰⁰⁰).
            let magnitude = power + trimmed.count - 1
            // 10¹⁰⁰⁰ itself is how the display writes the largest values.
            guard (-999...999).contains(magnitude) || (magnitude == 1000 && trimmed == "1") else { return nil }
            let whole = WholeNumber(String(trimmed))!
            value = ExactNumber(numerator: negative ? -whole : whole, denominator: 1)!.shifted(byPowerOfTen: power)
        }

        var typed = CalculatorModel.Entry()
        typed.negative = negative
        typed.integer = String(integer.drop { $0 == "0" })
        if typed.integer.isEmpty { typed.integer = "0" }
        typed.fraction = fraction
        typed.normalizeSign()
        entry = hasExponent || typed.digitCount > CalculatorModel.maximumDigits ? nil : typed
    }
}
