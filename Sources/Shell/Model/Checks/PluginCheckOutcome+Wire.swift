import Wire

/// The checker's answer on its fd 3 (`PluginCheckChild`, read by
/// `CheckProcess`): one frame. The child has loaded a plugin, which may
/// have written anything on that descriptor before crashing: a frame that
/// is not whole, or a reason with a control character, is no answer.
extension PluginCheckOutcome: WireMessage {
    /// The longest reason read, in bytes (`flatten` keeps 500 characters).
    static let detailLimit = 2048
    /// The longest output after a crash, a hang or a silent end, escaped, in bytes.
    static let outputLimit = 4096
    package static let payloadLimit = 1 + 4 + outputLimit + 8

    package var tag: WireTag { .checkOutcome }

    private enum Case: UInt8 {
        case usable, unloadable, otherSDK, unversioned, noEntry, noClass, notADemo, crashed, hung, noAnswer
    }

    package func encode(to writer: inout WireWriter) {
        switch self {
        case .usable: writer.byte(Case.usable.rawValue)
        case .unloadable(let detail):
            writer.byte(Case.unloadable.rawValue)
            writer.string(Self.flatten(detail), limit: Self.detailLimit)
        case .otherSDK(let node):
            writer.byte(Case.otherSDK.rawValue)
            writer.string(Self.flatten(node), limit: Self.detailLimit)
        case .unversioned: writer.byte(Case.unversioned.rawValue)
        case .noEntry: writer.byte(Case.noEntry.rawValue)
        case .noClass(let name):
            writer.byte(Case.noClass.rawValue)
            writer.string(Self.flatten(name), limit: Self.detailLimit)
        case .notADemo(let name):
            writer.byte(Case.notADemo.rawValue)
            writer.string(Self.flatten(name), limit: Self.detailLimit)
        case .crashed(let signal, let output):
            writer.byte(Case.crashed.rawValue)
            writer.int32(signal)
            writer.string(String(Self.escapedOutput(output).dropFirst()), limit: Self.outputLimit)
        case .hung(let seconds, let output):
            writer.byte(Case.hung.rawValue)
            writer.double(seconds)
            writer.string(String(Self.escapedOutput(output).dropFirst()), limit: Self.outputLimit)
        case .noAnswer(let status, let output):
            writer.byte(Case.noAnswer.rawValue)
            writer.int32(status)
            writer.string(String(Self.escapedOutput(output).dropFirst()), limit: Self.outputLimit)
        }
    }

    package init(tag: WireTag, from reader: inout WireReader) throws(WireRefusal) {
        guard tag == .checkOutcome else { throw .unknown }
        guard let which = Case(rawValue: try reader.byte()) else { throw .malformed }
        switch which {
        case .usable: self = .usable
        case .unloadable: self = .unloadable(try reader.string(limit: Self.detailLimit, .noControls))
        case .otherSDK: self = .otherSDK(try reader.string(limit: Self.detailLimit, .noControls))
        case .unversioned: self = .unversioned
        case .noEntry: self = .noEntry
        case .noClass: self = .noClass(try reader.string(limit: Self.detailLimit, .noControls))
        case .notADemo: self = .notADemo(try reader.string(limit: Self.detailLimit, .noControls))
        case .crashed:
            let signal = Int32(try reader.int(in: 1...127))
            self = .crashed(
                signal, output: Self.unescapedOutput(try reader.string(limit: Self.outputLimit, .noControls)[...]))
        case .hung:
            let seconds = try reader.double()
            guard seconds >= 0 else { throw .malformed }
            self = .hung(
                seconds, output: Self.unescapedOutput(try reader.string(limit: Self.outputLimit, .noControls)[...]))
        case .noAnswer:
            let status = Int32(try reader.int(in: -1...255))
            self = .noAnswer(
                status, output: Self.unescapedOutput(try reader.string(limit: Self.outputLimit, .noControls)[...]))
        }
    }
}
