import Game2048Model
import PasswordGeneratorModel
import XCTest

// Helpers the password model tests share.

/// A source returning the given values in turn.
struct ScriptedRandom: RandomNumberGenerator {
    var values: [UInt64]
    var drawn = 0
    init(_ values: [UInt64]) { self.values = values }
    mutating func next() -> UInt64 {
        defer { drawn += 1 }
        return values[drawn]
    }
}

func chiSquare(_ observed: [Int], _ expected: [Double]) -> Double {
    zip(observed, expected).reduce(0) { sum, pair in
        let difference = Double(pair.0) - pair.1
        return sum + difference * difference / pair.1
    }
}

/// The χ² value exceeded with the normal tail probability of `z` (3.09: one
/// in a thousand), by the Wilson–Hilferty approximation.
func chiSquareCritical(degrees: Int, z: Double) -> Double {
    let k = Double(degrees)
    let a = 2 / (9 * k)
    let root = 1 - a + z * a.squareRoot()
    return k * root * root * root
}

/// An unsigned integer of any size, enough to raise a size to a power.
struct BigNumber {
    var limbs: [UInt32]  // little-endian
    init(_ value: UInt32) { limbs = [value] }
    mutating func multiply(by factor: UInt32) {
        var carry: UInt64 = 0
        for i in limbs.indices {
            let product = UInt64(limbs[i]) * UInt64(factor) + carry
            limbs[i] = UInt32(truncatingIfNeeded: product)
            carry = product >> 32
        }
        if carry > 0 { limbs.append(UInt32(carry)) }
    }
    var bitLength: Int {
        guard let top = limbs.last, top != 0 else { return 0 }
        return (limbs.count - 1) * 32 + (32 - top.leadingZeroBitCount)
    }
}

func percentDecoded(_ text: String) -> String {
    var bytes: [UInt8] = []
    var iterator = Array(text.utf8).makeIterator()
    while let byte = iterator.next() {
        if byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
            let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
        {
            bytes.append(value)
        } else {
            bytes.append(byte)
        }
    }
    return String(decoding: bytes, as: UTF8.self)
}
