import DemoShellKit
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// The SDK's ELF version node (`Sources/DemoKit/DemoKit.map`) and
/// `ELFVersionNeeds`, which reads the nodes a library needs from its file
/// without loading it: over the build's real libraries, libraries linked
/// without the node, and truncated, garbage and hostile files. No display.
final class SDKVersionNodeTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory("demo-shell-elf-XXXXXX"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func needs(_ path: String) -> Result<[String], ELFVersionNeeds.Problem> {
        ELFVersionNeeds.needs(of: path, from: SDKVersionNode.library)
    }

    /// The version number ("6.3.1") of `swiftc --version`'s first line.
    private func runningCompilerVersion() throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "--version"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        let index = try XCTUnwrap(words.firstIndex(of: "version"), text)
        return String(words[index + 1])
    }

    /// The map is committed by hand: a new compiler or SDK ABI fails this
    /// test (and so `make test`) until its node is updated.
    func testTheVersionScriptNamesThisSDKsABIAndTheCompiler() throws {
        let map = try XCTUnwrap(FileSystem.read(FileSystem.join(packageRoot, "Sources/DemoKit/DemoKit.map")))
        let node = String(try XCTUnwrap(map.split(separator: " ").first))
        let compiler = try runningCompilerVersion()
        XCTAssertEqual(
            node, "DEMOKIT_ABI_\(SDKContract.abiVersion)_SWIFT_\(compiler)",
            "update Sources/DemoKit/DemoKit.map for SDK ABI \(SDKContract.abiVersion) and Swift \(compiler)")
        XCTAssertEqual(node, SDKVersionNode.shell.name, "the node the shell expects is the map's")
        XCTAssertEqual(map, "\(node) { global: *; };\n")
        XCTAssertEqual(SDKVersionNode(name: node).abi, String(SDKContract.abiVersion))
        XCTAssertEqual(SDKVersionNode(name: node).swift, compiler)
    }

    /// Every demo the build made needs exactly the shell's node of
    /// libDemoKit.so (the version script reached the SDK's link, not the
    /// demos'); the SDK itself needs none of its own.
    func testEveryBuiltDemoNeedsTheShellsNode() throws {
        let demos = [
            "SayHello", "Labels", "Buttons", "SwiftControls", "StoryBuilder", "GuessNumber",
            "Calculator", "PasswordGenerator", "Game2048",
        ]
        for demo in demos {
            XCTAssertEqual(
                try needs(FileSystem.join(buildProductsDirectory, "lib\(demo).so")).get(), [SDKVersionNode.shell.name],
                demo)
        }
        XCTAssertEqual(try needs(FileSystem.join(buildProductsDirectory, "libDemoKit.so")).get(), [])
        XCTAssertEqual(SDKVersionNode.verdict(on: [SDKVersionNode.shell.name]), .matches)
    }

    func testALibraryLinkedWithoutTheNodeNeedsNone() throws {
        // Linked against nothing of the SDK (as zlib is).
        let plain = FileSystem.join(folder, "plain.c")
        try "int plain(void) { return 1; }\n".write(toFile: plain, atomically: true, encoding: .utf8)
        try NativeLibraries.build([plain], output: FileSystem.join(folder, "libPlain.so"))
        XCTAssertEqual(try needs(FileSystem.join(folder, "libPlain.so")).get(), [])
        XCTAssertEqual(SDKVersionNode.verdict(on: []), .unversioned)
        // What it needs of the C library is read all the same.
        let libc = try ELFVersionNeeds.needs(of: FileSystem.join(folder, "libPlain.so"), from: "libc.so.6").get()
        XCTAssertTrue(libc.allSatisfy { $0.hasPrefix("GLIBC_") }, "\(libc)")
        // A stand-in SDK of another ABI: its node, and what it means.
        try NativeLibraries.pluginOfAnotherSDK(
            node: "DEMOKIT_ABI_2_SWIFT_6.2.0", library: FileSystem.join(folder, "libOther.so"),
            marker: FileSystem.join(folder, "ran"), in: folder)
        let other = try needs(FileSystem.join(folder, "libOther.so")).get()
        XCTAssertEqual(other, ["DEMOKIT_ABI_2_SWIFT_6.2.0"])
        XCTAssertEqual(SDKVersionNode.verdict(on: other), .other(SDKVersionNode(name: "DEMOKIT_ABI_2_SWIFT_6.2.0")))
        XCTAssertEqual(SDKVersionNode(name: "DEMOKIT_ABI_2_SWIFT_6.2.0").abi, "2")
        XCTAssertEqual(SDKVersionNode(name: "DEMOKIT_ABI_2_SWIFT_6.2.0").swift, "6.2.0")
        XCTAssertNil(SDKVersionNode(name: "DEMOKIT_ABI_x_SWIFT_6").abi, "not one of ours: named as it is")
    }

    func testFilesThatAreNoLibraryAreSaidToBeSo() throws {
        let garbage = FileSystem.join(folder, "garbage.so"), empty = FileSystem.join(folder, "empty.so")
        try "not an ELF file".write(toFile: garbage, atomically: true, encoding: .utf8)
        try "".write(toFile: empty, atomically: true, encoding: .utf8)
        XCTAssertEqual(needs(garbage), .failure(.notELF))
        XCTAssertEqual(needs(empty), .failure(.notELF))
        XCTAssertEqual(needs(folder), .failure(.notELF), "a folder")
        XCTAssertEqual(needs("/dev/zero"), .failure(.notELF), "endless, and no regular file: never read")
        XCTAssertEqual(needs(FileSystem.join(folder, "missing.so")), .failure(.unreadable("No such file or directory")))
    }

    /// A library cut anywhere: the reader says it is no library, or what
    /// the part it could read needs; it never reads past the end.
    func testATruncatedLibraryIsNeverReadPastItsEnd() throws {
        let bytes = try Data(
            contentsOf: URL(fileURLWithPath: FileSystem.join(buildProductsDirectory, "libSayHello.so")))
        let cut = FileSystem.join(folder, "cut.so")
        for length in [1, 4, 16, 63, 64, 65, 120, 1000, 4096, 65536, bytes.count / 2, bytes.count - 1] {
            try bytes.prefix(length).write(to: URL(fileURLWithPath: cut))
            switch needs(cut) {
            case .failure(let problem): XCTAssertEqual(problem, .notELF, "\(length)")
            case .success(let names):
                XCTAssertTrue(names.allSatisfy { $0 == SDKVersionNode.shell.name }, "\(length): \(names)")
            }
        }
    }

    /// Hostile bytes where the reader looks (the ELF header, the program
    /// headers, the verneed table), seeded: every answer is a failure or
    /// names of at most 256 bytes, and each chain that would loop or read
    /// on forever is refused.
    func testHostileBytesNeverCrashOrLoopTheReader() throws {
        let original = try Data(
            contentsOf: URL(fileURLWithPath: FileSystem.join(buildProductsDirectory, "libSayHello.so")))
        let path = FileSystem.join(folder, "hostile.so")
        try original.write(to: URL(fileURLWithPath: path))
        let table = try verneedOffset(of: path)
        let fd = open(path, O_RDWR)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        func poke(_ values: [(offset: Int, bytes: [UInt8])], _ check: () -> Void) {
            let saved = values.map { Array(original[$0.offset..<$0.offset + $0.bytes.count]) }
            for value in values {
                _ = value.bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(value.offset)) }
            }
            check()
            for (value, bytes) in zip(values, saved) {
                _ = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(value.offset)) }
            }
        }
        func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        XCTAssertEqual(try needs(path).get(), [SDKVersionNode.shell.name], "unharmed first")

        // Elf64_Verneed: vn_version 0, vn_cnt 2, vn_file 4, vn_aux 8, vn_next 12; Elf64_Vernaux: vna_name 8, vna_next 12.
        let count = try XCTUnwrap(try verneedCount(of: path))
        if count > 1 {
            poke([(table + 12, le32(0))]) {
                XCTAssertEqual(needs(path), .failure(.notELF), "a next entry at the same place: a loop")
            }
        }
        let aux = table + (Int(original[table + 8]) | (Int(original[table + 9]) << 8))
        poke([(table + 2, le16(2)), (aux + 12, le32(0))]) {
            XCTAssertEqual(needs(path), .failure(.notELF), "a next version at the same place: a loop")
        }
        poke([(table + 2, le16(60000))]) { XCTAssertEqual(needs(path), .failure(.notELF), "too many versions") }
        poke([(aux + 8, le32(0xFFFF_FFF0))]) {
            XCTAssertEqual(needs(path), .failure(.notELF), "a name beyond the strings")
        }
        poke([(table, le16(7))]) {
            XCTAssertEqual(needs(path), .failure(.notELF), "a verneed version this reader does not know")
        }

        var random = SeededRandom(seed: 44)
        let phoff = Int(original[32]) | (Int(original[33]) << 8), phnum = Int(original[56])
        let regions = [0..<64, phoff..<(phoff + phnum * 56), table..<(table + 160)]
        for _ in 0..<3000 {
            var values: [(offset: Int, bytes: [UInt8])] = []
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let region = regions.randomElement(using: &random)!
                values.append((Int.random(in: region, using: &random), [UInt8.random(in: 0...255, using: &random)]))
            }
            poke(values) {
                if case .success(let names) = needs(path) {
                    XCTAssertTrue(names.allSatisfy { $0.utf8.count <= 256 }, "\(values)")
                }
            }
        }
        XCTAssertEqual(try needs(path).get(), [SDKVersionNode.shell.name], "restored")
    }

    /// The file offset and entry count of `.gnu.version_r`, as readelf reports them.
    private func readelfVersions(of path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["readelf", "-V", "-W", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return String(try XCTUnwrap(text.components(separatedBy: "Version needs section").dropFirst().first))
    }

    private func verneedOffset(of path: String) throws -> Int {
        let section = try readelfVersions(of: path)
        let field = try XCTUnwrap(
            section.components(separatedBy: "Offset: 0x").dropFirst().first?.prefix { $0.isHexDigit })
        return try XCTUnwrap(Int(field, radix: 16))
    }

    private func verneedCount(of path: String) throws -> Int? {
        let section = try readelfVersions(of: path)
        let field = section.components(separatedBy: "contains ").dropFirst().first?.prefix { $0.isNumber }
        return field.flatMap { Int($0) }
    }
}

/// SplitMix64: the same hostile bytes on every run.
private struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
