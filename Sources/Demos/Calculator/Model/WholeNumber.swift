internal import CGMP

/// A whole number of any size: GMP's `mpz_t`, as the display's rounding and
/// the parts of an `ExactNumber` need it.
///
/// Immutable: every operation makes a new number, so values share their box
/// freely (and across threads) and never need copy-on-write.
public struct WholeNumber: Hashable, Comparable, Sendable, LosslessStringConvertible, ExpressibleByIntegerLiteral {
    /// Owns one initialised `mpz_t`; frees it with the box.
    final class Box: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<__mpz_struct>

        init() {
            pointer = .allocate(capacity: 1)
            cgmp_z_init(pointer)
        }

        deinit {
            cgmp_z_clear(pointer)
            pointer.deallocate()
        }
    }

    let box: Box
    var pointer: UnsafePointer<__mpz_struct> { UnsafePointer(box.pointer) }

    /// A new number that `fill` writes into its initialised `mpz_t`.
    init(filling fill: (UnsafeMutablePointer<__mpz_struct>) -> Void) {
        box = Box()
        fill(box.pointer)
    }

    /// A copy of `source` (a rational's part, which its rational owns).
    init(copying source: UnsafePointer<__mpz_struct>) {
        self.init { cgmp_z_set($0, source) }
    }

    public init(_ value: Int) { self.init { cgmp_z_set_si($0, value) } }

    public init(integerLiteral value: Int) { self.init(value) }

    /// Decimal digits with an optional leading "-"; nil for anything else.
    public init?(_ text: String) {
        let digits = text.hasPrefix("-") ? text.utf8.dropFirst() : text.utf8[...]
        guard !digits.isEmpty, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return nil
        }
        var failed = false
        self.init { failed = cgmp_z_set_decimal($0, text) != 0 }
        if failed { return nil }
    }

    /// 10^exponent; `exponent` must not be negative.
    static func tenToThe(_ exponent: Int) -> WholeNumber {
        precondition(exponent >= 0, "a negative power of ten is not whole")
        return WholeNumber { cgmp_z_ten_to($0, UInt(exponent)) }
    }

    public var isZero: Bool { cgmp_z_sgn(pointer) == 0 }
    public var isNegative: Bool { cgmp_z_sgn(pointer) < 0 }
    public var magnitude: WholeNumber { isNegative ? WholeNumber { cgmp_z_abs($0, pointer) } : self }

    /// The bits of a two's-complement form: |x|'s bits plus a sign bit, and 0
    /// for zero (as BigInt counted them, so the limits did not move).
    public var bitWidth: Int { isZero ? 0 : Int(cgmp_z_bits(pointer)) + 1 }

    public func power(_ exponent: Int) -> WholeNumber {
        precondition(exponent >= 0, "a negative power is not whole")
        return WholeNumber { cgmp_z_pow_ui($0, pointer, UInt(exponent)) }
    }

    /// The quotient truncated toward zero, the remainder with the dividend's sign.
    public func quotientAndRemainder(dividingBy divisor: WholeNumber) -> (quotient: WholeNumber, remainder: WholeNumber)
    {
        precondition(!divisor.isZero, "division by zero")
        let remainder = Box()
        let quotient = WholeNumber { cgmp_z_tdiv_qr($0, remainder.pointer, pointer, divisor.pointer) }
        return (quotient, WholeNumber(box: remainder))
    }

    private init(box: Box) { self.box = box }

    public var description: String {
        let capacity = cgmp_z_decimal_capacity(pointer)
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cgmp_z_get_decimal($0.baseAddress!, pointer) }
            return buffer.firstIndex(of: 0) ?? capacity
        }
    }

    public static func == (a: WholeNumber, b: WholeNumber) -> Bool { cgmp_z_cmp(a.pointer, b.pointer) == 0 }
    public static func < (a: WholeNumber, b: WholeNumber) -> Bool { cgmp_z_cmp(a.pointer, b.pointer) < 0 }

    public func hash(into hasher: inout Hasher) { Self.hashLimbs(of: pointer, into: &hasher) }

    /// Equal numbers have equal limbs (GMP keeps no leading zero limb).
    static func hashLimbs(of z: UnsafePointer<__mpz_struct>, into hasher: inout Hasher) {
        let size = Int(cgmp_z_size(z))
        hasher.combine(size)
        guard size != 0 else { return }
        hasher.combine(
            bytes: UnsafeRawBufferPointer(start: cgmp_z_limbs(z), count: abs(size) * MemoryLayout<mp_limb_t>.stride))
    }

    public static func + (a: WholeNumber, b: WholeNumber) -> WholeNumber {
        WholeNumber { cgmp_z_add($0, a.pointer, b.pointer) }
    }
    public static func - (a: WholeNumber, b: WholeNumber) -> WholeNumber {
        WholeNumber { cgmp_z_sub($0, a.pointer, b.pointer) }
    }
    public static func * (a: WholeNumber, b: WholeNumber) -> WholeNumber {
        WholeNumber { cgmp_z_mul($0, a.pointer, b.pointer) }
    }
    public static prefix func - (a: WholeNumber) -> WholeNumber { WholeNumber { cgmp_z_neg($0, a.pointer) } }
    public static func += (a: inout WholeNumber, b: WholeNumber) { a = a + b }
    public static func *= (a: inout WholeNumber, b: WholeNumber) { a = a * b }
    public static func /= (a: inout WholeNumber, b: WholeNumber) { a = a.quotientAndRemainder(dividingBy: b).quotient }
}
