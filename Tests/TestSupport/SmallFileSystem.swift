import DemoShellKit
import Launcher
import PluginHost
import ShellModel
import XCTest

/// A tiny tmpfs of its own (as root, which CI is), so a test can fill it or
/// make it read-only for real; without root, a plain folder whose mode is
/// changed (root ignores modes, hence the mount).
package final class SmallFileSystem {
    package let path: String
    private let mounted: Bool

    package init(size: String = "1m") throws {
        path = try XCTUnwrap(FileSystem.makeTemporaryDirectory("demo-shell-fs-XXXXXX"))
        mounted = getuid() == 0 && Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", path])
        if !mounted && size != "1m" { throw XCTSkip("a full disk needs root (a tmpfs mount)") }
    }

    package func makeReadOnly() throws {
        if mounted {
            XCTAssertTrue(Self.run("/bin/mount", ["-o", "remount,ro", path]))
        } else {
            XCTAssertEqual(chmod(path, 0o555), 0)
        }
    }

    package func unmount() {
        if mounted { _ = Self.run("/bin/umount", [path]) } else { chmod(path, 0o755) }
    }

    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
