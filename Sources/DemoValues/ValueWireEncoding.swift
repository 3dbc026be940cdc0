#if !DEMO_VALUES_WIRE_INSIDE
    // In the shell's package Wire is a module of its own; in an edited demo its
    // sources are compiled into this module (sdk/values/), and this is defined.
    import Wire
#endif

/// One record as the child writes it to the launcher: a `ValueMessage`
/// frame (Sources/Wire), which the launcher reads with `ValueWire`
/// (ShellModel). A frame torn by a crash spoils only itself.
package enum ValueWireEncoding {
    package typealias Kind = ValueMessage.Kind

    package static func append(
        kind: Kind, sequence: UInt64, file: Int, line: Int, startColumn: Int, endColumn: Int,
        count: Int, microseconds: UInt64, name: String, description: String,
        to bytes: inout [UInt8]
    ) {
        WireFrame.append(
            ValueMessage(
                kind: kind, sequence: sequence, file: file, line: line, startColumn: startColumn,
                endColumn: endColumn, count: count, microseconds: microseconds, name: name,
                description: description), to: &bytes)
    }
}
