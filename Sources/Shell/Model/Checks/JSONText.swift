/// JSON's string escapes, for what the shell writes as JSON by hand.
package enum JSONText {
    /// `text` as the inside of a JSON string. The shell's one backslash
    /// escaper: the plugin check cache writes its paths with it too.
    package static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
