import DemoBasics
import ShellBasics

/// The ELF version node every symbol of libDemoKit.so carries
/// (`DEMOKIT_ABI_2_SWIFT_6.3.1`, from `Sources/DemoKit/DemoKit.map`): a
/// plugin linked against the SDK needs it, so the node a library needs says
/// which SDK ABI and which compiler it was built for. The shell reads it
/// from the plugin's file (`ELFVersionNeeds`) before `dlopen`, which would
/// refuse another node with a message no learner can act on.
public struct SDKVersionNode: Equatable, Sendable {
    /// The node's name, as the library file holds it.
    public let name: String

    public static let library = "libDemoKit.so"
    static let prefix = "DEMOKIT_ABI_", swiftWord = "_SWIFT_"

    public init(name: String) { self.name = name }

    public init(abi: Int32, swift: String) { name = "\(Self.prefix)\(abi)\(Self.swiftWord)\(swift)" }

    /// The node of the SDK this shell runs: its ABI and the compiler it was built with.
    public static var shell: SDKVersionNode {
        SDKVersionNode(abi: SDKContract.abiVersion, swift: EditRunProblem.wantedVersionNumber)
    }

    /// The SDK ABI the name says, when it is one of ours.
    public var abi: String? { parts?.abi }

    /// The compiler's version the name says ("6.3.1"), when it is one of ours.
    public var swift: String? { parts?.swift }

    /// "2" and "6.3.1" of `DEMOKIT_ABI_2_SWIFT_6.3.1`: digits, then digits and dots.
    private var parts: (abi: String, swift: String)? {
        guard name.hasPrefix(Self.prefix) else { return nil }
        let rest = name.utf8.dropFirst(Self.prefix.utf8.count)
        let abi = rest.prefix { (0x30...0x39).contains($0) }
        let after = rest.dropFirst(abi.count)
        guard !abi.isEmpty, abi.count <= 9, after.starts(with: Self.swiftWord.utf8) else { return nil }
        let swift = after.dropFirst(Self.swiftWord.utf8.count)
        guard !swift.isEmpty, swift.count <= 32,
            swift.allSatisfy({ (0x30...0x39).contains($0) || $0 == UInt8(ascii: ".") })
        else { return nil }
        return (String(decoding: abi, as: UTF8.self), String(decoding: swift, as: UTF8.self))
    }

    /// What the nodes a library needs from libDemoKit.so mean for this shell.
    public enum Verdict: Equatable, Sendable {
        /// It needs exactly this shell's node.
        case matches
        /// It needs none: linked before the SDK had versions (or not against the SDK).
        case unversioned
        /// It needs another node (the first that is not this shell's).
        case other(SDKVersionNode)
    }

    /// The verdict on `needs` (`ELFVersionNeeds.needs(of:from:)`) against `shell`.
    public static func verdict(on needs: [String], shell: SDKVersionNode = .shell) -> Verdict {
        if let other = needs.first(where: { $0 != shell.name }) { return .other(SDKVersionNode(name: other)) }
        return needs.isEmpty ? .unversioned : .matches
    }
}
