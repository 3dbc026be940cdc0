/// Text placed inside XML or Pango markup (a GtkBuilder description, a
/// label's markup): every character that could start markup is written
/// as its entity, so the text reads as written and never becomes markup.
/// GTK-free, for the models too; a plugin has `Markup.escape` (GLib's).
public enum XMLText {
    public static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
