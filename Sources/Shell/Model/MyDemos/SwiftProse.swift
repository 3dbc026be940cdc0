/// Which characters of Swift source are prose (comments, string literals)
/// rather than code: a copy or an import renames a demo's module names in
/// its code (`import TipCalculatorModel`, `TipCalculatorView`), never in
/// its author's words ("the TipCalculator's window", a window's title).
/// An interpolation inside a string (`"\(TipCalculatorModel.tip)"`) is code.
enum SwiftProse {
    /// One flag per Unicode scalar of `scalars`: true where it is prose.
    static func prose(in scalars: [Unicode.Scalar]) -> [Bool] {
        var marks = [Bool](repeating: false, count: scalars.count)
        /// What encloses the current position, innermost last.
        enum Context { case code(parentheses: Int), string(multiline: Bool, hashes: Int) }
        var stack: [Context] = [.code(parentheses: 0)]
        var index = 0
        func starts(_ text: String, at position: Int) -> Bool {
            let wanted = Array(text.unicodeScalars)
            return position + wanted.count <= scalars.count
                && Array(scalars[position..<(position + wanted.count)]) == wanted
        }
        func mark(_ count: Int) {
            for offset in index..<min(index + count, scalars.count) { marks[offset] = true }
            index += count
        }
        while index < scalars.count {
            switch stack.last! {
            case .code(let parentheses):
                if starts("//", at: index) {
                    while index < scalars.count && scalars[index] != "\n" { mark(1) }
                } else if starts("/*", at: index) {
                    var depth = 0
                    repeat {
                        if starts("/*", at: index) {
                            depth += 1
                            mark(2)
                        } else if starts("*/", at: index) {
                            depth -= 1
                            mark(2)
                        } else {
                            mark(1)
                        }
                    } while depth > 0 && index < scalars.count
                } else if scalars[index] == "#" || scalars[index] == "\"" {
                    var hashes = 0
                    while index + hashes < scalars.count && scalars[index + hashes] == "#" { hashes += 1 }
                    guard index + hashes < scalars.count, scalars[index + hashes] == "\"" else {
                        index += max(hashes, 1)  // #if, #selector: code
                        continue
                    }
                    let multiline = starts("\"\"\"", at: index + hashes)
                    mark(hashes + (multiline ? 3 : 1))
                    stack.append(.string(multiline: multiline, hashes: hashes))
                } else if scalars[index] == "(" {
                    stack[stack.count - 1] = .code(parentheses: parentheses + 1)
                    index += 1
                } else if scalars[index] == ")" {
                    if parentheses == 0 && stack.count > 1 {
                        stack.removeLast()  // an interpolation's end: back in its string
                        mark(1)
                    } else {
                        stack[stack.count - 1] = .code(parentheses: max(0, parentheses - 1))
                        index += 1
                    }
                } else {
                    index += 1
                }
            case .string(let multiline, let hashes):
                let escape = "\\" + String(repeating: "#", count: hashes)
                let end = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
                if starts(escape + "(", at: index) {
                    mark(escape.unicodeScalars.count + 1)
                    stack.append(.code(parentheses: 0))
                } else if starts(escape, at: index) {
                    mark(escape.unicodeScalars.count + 1)  // \" \\ \n: the escaped character with it
                } else if starts(end, at: index) {
                    mark(end.unicodeScalars.count)
                    stack.removeLast()
                } else if !multiline && scalars[index] == "\n" {
                    stack.removeLast()  // an unterminated literal ends with its line
                    index += 1
                } else {
                    mark(1)
                }
            }
        }
        return marks
    }
}
