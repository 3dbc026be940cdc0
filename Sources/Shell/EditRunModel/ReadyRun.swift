import Glibc
import Wire

/// What the launcher hands a ready child (`ReadyChild.serve`, read by
/// `ReadyChildMain`) on its standard input: the build to run, and the
/// variables that run gets beyond the ready child's (set, or unset: nil).
/// One frame: a path or a value may hold any character but NUL, which no
/// environment or path can.
package struct ReadyRun: WireMessage, Equatable, Sendable {
    package var manifestPath: String
    /// Name and value (nil: unset), in the order they are set.
    package var settings: [Setting]

    package struct Setting: Equatable, Sendable {
        package var name: String
        package var value: String?

        package init(name: String, value: String?) {
            self.name = name
            self.value = value
        }
    }

    package static let pathLimit = 4096
    package static let nameLimit = 256
    package static let valueLimit = 8192
    package static let settingsLimit = 32
    package static let payloadLimit = 4 + pathLimit + 4 + settingsLimit * (4 + nameLimit + 1 + 4 + valueLimit)

    package init(manifestPath: String, settings: [Setting] = []) {
        self.manifestPath = manifestPath
        self.settings = settings
    }

    /// Whether it can be written whole: every text within its bound and
    /// without NUL, every name a variable's (no "=", no control character).
    package var isSendable: Bool {
        !manifestPath.isEmpty && manifestPath.utf8.count <= Self.pathLimit && !manifestPath.utf8.contains(0)
            && settings.count <= Self.settingsLimit
            && settings.allSatisfy { setting in
                Self.isName(setting.name)
                    && setting.value.map { $0.utf8.count <= Self.valueLimit && !$0.utf8.contains(0) } ?? true
            }
    }

    /// A variable's name: not empty, bounded, without "=" or a control character.
    package static func isName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= nameLimit && !name.utf8.contains { $0 < 0x20 || $0 == 0x3d || $0 == 0x7f }
    }

    package var tag: WireTag { .readyRun }

    package func encode(to writer: inout WireWriter) {
        writer.string(manifestPath, limit: Self.pathLimit)
        writer.count(settings.count)
        for setting in settings {
            writer.string(setting.name, limit: Self.nameLimit)
            writer.bool(setting.value != nil)
            writer.string(setting.value ?? "", limit: Self.valueLimit)
        }
    }

    package init(tag: WireTag, from reader: inout WireReader) throws(WireRefusal) {
        guard tag == .readyRun else { throw .unknown }
        manifestPath = try reader.string(limit: Self.pathLimit, .noNUL)
        guard !manifestPath.isEmpty else { throw .malformed }
        settings = []
        for _ in 0..<(try reader.count(limit: Self.settingsLimit)) {
            let name = try reader.string(limit: Self.nameLimit, .noControls)
            guard Self.isName(name) else { throw .malformed }
            let isSet = try reader.bool()
            let value = try reader.string(limit: Self.valueLimit, .noNUL)
            guard isSet || value.isEmpty else { throw .malformed }
            settings.append(Setting(name: name, value: isSet ? value : nil))
        }
    }

    /// The child's side: waits on `fd` (its standard input) for the run;
    /// nil at end-of-file without one (the launcher let go of it, or ended),
    /// or when what came is no run.
    package static func read(from fd: Int32) -> ReadyRun? {
        var decoder = WireDecoder<ReadyRun>()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            let runs = count > 0 ? decoder.decode(Array(buffer[..<count])) : decoder.finish()
            // Only the launcher writes here, one frame: with anything else, nothing is believed.
            guard decoder.counts == WireCounts() else { return nil }
            if let run = runs.first { return run }
            if count <= 0 { return nil }
        }
    }
}
