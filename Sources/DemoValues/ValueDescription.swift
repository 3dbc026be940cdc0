/// A value as Show Values prints it beside its line: at most `limit`
/// characters, whatever the value. A huge array, a cycle of objects or a
/// string of a million characters costs no more than a short one: only the
/// start of each collection is walked, and nesting stops at `depth`.
///
/// `throughObjects: false` names an object's class without reading its
/// fields: for a value described on the sending thread (a coalesced line's
/// latest), where another thread may be changing that object.
package struct ValueDescription {
    package static let limit = 80
    package static let depth = 3
    /// Elements of a collection looked at, at most (the rest is "…").
    static let elements = 12

    package static func describe<T>(_ value: T, limit: Int = limit, throughObjects: Bool = true) -> String {
        var out = Output(limit: limit)
        describe(value, into: &out, depth: depth, throughObjects: throughObjects)
        return out.finished()
    }

    /// What is written so far, and whether it ran over: writing stops at the
    /// limit (one more character, so that the cut is seen and marked).
    struct Output {
        let limit: Int
        var text = ""
        var count = 0

        var isFull: Bool { count > limit }

        mutating func write(_ piece: String) {
            guard !isFull else { return }
            for character in piece {
                text.append(character)
                count += 1
                if isFull { return }
            }
        }

        func finished() -> String {
            guard isFull else { return text }
            return String(text.prefix(limit - 1)) + "…"
        }
    }

    private static func describe(_ value: Any, into out: inout Output, depth: Int, throughObjects: Bool) {
        guard !out.isFull else { return }
        switch value {
        case let text as String: return quoted(Substring(text), into: &out)
        case let text as Substring: return quoted(text, into: &out)
        case let character as Character: return out.write(String(character).debugDescription)
        case let number as any BinaryInteger: return out.write(String(describing: number))
        case let number as Double: return out.write(String(describing: number))
        case let number as Float: return out.write(String(describing: number))
        case let flag as Bool: return out.write(flag ? "true" : "false")
        default: break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first?.value else { return out.write("nil") }
            describe(wrapped, into: &out, depth: depth, throughObjects: throughObjects)
        case .collection, .set:
            list(mirror, open: "[", close: "]", into: &out, depth: depth, throughObjects: throughObjects)
        case .dictionary:
            list(mirror, open: "[", close: "]", into: &out, depth: depth, throughObjects: throughObjects, pairs: true)
        case .tuple:
            list(mirror, open: "(", close: ")", into: &out, depth: depth, throughObjects: throughObjects, labels: true)
        case .enum:
            if let custom = value as? any CustomStringConvertible { return out.write(custom.description) }
            guard let payload = mirror.children.first else { return out.write(String(describing: value)) }
            out.write("." + (payload.label ?? "?"))
            let inner = Mirror(reflecting: payload.value)
            if inner.displayStyle == .tuple {
                list(
                    inner, open: "(", close: ")", into: &out, depth: depth - 1, throughObjects: throughObjects,
                    labels: true)
            } else {
                out.write("(")
                describe(payload.value, into: &out, depth: depth - 1, throughObjects: throughObjects)
                out.write(")")
            }
        case .class:
            guard throughObjects else { return out.write(typeName(of: value)) }
            fallthrough
        default:
            if let custom = value as? any CustomStringConvertible {
                return out.write(custom.description)
            }
            out.write(typeName(of: value))
            if mirror.children.isEmpty { return }
            list(mirror, open: "(", close: ")", into: &out, depth: depth, throughObjects: throughObjects, labels: true)
        }
    }

    /// A collection's (or a type's fields') first elements, "…" for the rest
    /// and for what lies deeper than `depth`.
    private static func list(
        _ mirror: Mirror, open: String, close: String, into out: inout Output, depth: Int,
        throughObjects: Bool, labels: Bool = false, pairs: Bool = false
    ) {
        out.write(open)
        defer { out.write(close) }
        guard depth > 0 else { return out.write("…") }
        var index = 0
        for child in mirror.children {
            if out.isFull { return }
            if index == elements { return out.write(", …") }
            if index > 0 { out.write(", ") }
            let pair = pairs ? Array(Mirror(reflecting: child.value).children.prefix(2)) : []
            if pair.count == 2 {
                describe(pair[0].value, into: &out, depth: depth - 1, throughObjects: throughObjects)
                out.write(": ")
                describe(pair[1].value, into: &out, depth: depth - 1, throughObjects: throughObjects)
            } else {
                if labels, let label = child.label, !label.hasPrefix(".") { out.write(label + ": ") }
                describe(child.value, into: &out, depth: depth - 1, throughObjects: throughObjects)
            }
            index += 1
        }
        if index == 0, pairs { out.write(":") }
    }

    /// A string in quotes, with its escapes, cut long before its end: a
    /// megabyte-long string is not copied to show 80 characters of it.
    private static func quoted(_ text: Substring, into out: inout Output) {
        let start = text.prefix(out.limit + 1)
        let escaped = String(start).debugDescription
        if start.count < text.count {
            // Open at the end: the closing quote would say the string ends there.
            out.write(String(escaped.dropLast()))
            out.count = max(out.count, out.limit + 1)
        } else {
            out.write(escaped)
        }
    }

    private static func typeName(of value: Any) -> String {
        let name = String(describing: type(of: value))
        return name.count > 40 ? String(name.prefix(39)) + "…" : name
    }
}
