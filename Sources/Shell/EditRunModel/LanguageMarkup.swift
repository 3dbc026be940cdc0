/// SourceKit's marked-up text read as people read it: a declaration's XML
/// (`<Declaration>@<Type usr="s:ScM">MainActor</Type> final class …`)
/// without its tags, its entities written out.
package enum LanguageMarkup {
    package static func plainText(fromXML markup: String) -> String {
        var text = ""
        var inTag = false
        var entity: String?
        for character in markup {
            if inTag {
                if character == ">" { inTag = false }
                continue
            }
            if var pending = entity {
                if character == ";" {
                    text += entities[pending] ?? "&\(pending);"
                    entity = nil
                } else if pending.count < 8, character.isLetter || character.isNumber || character == "#" {
                    pending.append(character)
                    entity = pending
                } else {
                    text += "&" + pending
                    entity = nil
                    if character == "<" { inTag = true } else { text.append(character) }
                }
                continue
            }
            switch character {
            case "<": inTag = true
            case "&": entity = ""
            default: text.append(character)
            }
        }
        if let entity { text += "&" + entity }
        return text
    }

    private static let entities = ["quot": "\"", "amp": "&", "lt": "<", "gt": ">", "apos": "'"]
}
