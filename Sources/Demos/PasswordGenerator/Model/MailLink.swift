/// The `mailto:` link "E-Mail Password" opens.
public enum MailLink {
    /// `mailto:?subject=Password%20Generator&body=Password:%20PW`, followed when
    /// phonetics are shown by `%20Phonetic:%20TEXT`.
    ///
    /// The password and its spelling are percent-encoded whole: every byte but
    /// RFC 3986's unreserved characters, so `&`, `#`, `%`, `=` or `?` in a
    /// password cannot end the body or start a fragment (the original encoded
    /// only spaces). The subject and labels are encoded too, keeping only `:`;
    /// the view passes them translated.
    public static func uri(
        password: String, phonetic: String?,
        subject: String = "Password Generator",
        passwordLabel: String = "Password:",
        phoneticLabel: String = "Phonetic:"
    ) -> String {
        var body = encode(passwordLabel, keeping: [":"]) + "%20" + encode(password)
        if let phonetic {
            body += "%20" + encode(phoneticLabel, keeping: [":"]) + "%20" + encode(phonetic)
        }
        return "mailto:?subject=" + encode(subject) + "&body=" + body
    }

    /// `text` as UTF-8 with every byte outside `A–Z a–z 0–9 - . _ ~` (and
    /// `keeping`) written as `%XX`.
    public static func encode(_ text: String, keeping: Set<Character> = []) -> String {
        let kept = Set(keeping.compactMap { $0.asciiValue })
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            if isUnreserved(byte) || kept.contains(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
