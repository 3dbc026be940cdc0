/// Digits as a number field reads them, shared by every demo with one (the
/// password's length, the story's Number) so that both accept the same
/// keys: a Chinese or Japanese input method types full-width digits
/// (U+FF10 FULLWIDTH DIGIT ZERO … U+FF19), which a person reads as the same
/// numbers as ASCII ones.
public enum DecimalDigits {
    /// The ASCII digit `scalar` stands for: itself when it is one, its ASCII
    /// twin when it is a full-width digit; nil for anything else (other
    /// scripts' digits are not taken: no field says it reads them).
    public static func ascii(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0x30...0x39: scalar
        case 0xFF10...0xFF19: Unicode.Scalar(scalar.value - 0xFF10 + 0x30)
        default: nil
        }
    }

    /// The digits of `text`, made ASCII, everything else left out.
    public static func asciiDigits(of text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.compactMap(ascii)))
    }
}
