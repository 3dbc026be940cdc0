import DemoShellKit
import Foundation

/// What a process holds open and was started with, read from /proc: the
/// Show Values pipe a child is given (`DEMO_SHELL_VALUES`, "3:INODE") and
/// who still holds it. /proc/PID/environ is the environment the process was
/// started with, not what it set or unset since.
package enum ProcessDescriptors {
    /// Running, and not a zombie waiting to be reaped.
    package static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }

    /// Descriptor → what it is open on ("pipe:[INODE]", a path…), of `process` ("self" or a pid).
    package static func links(of process: String) -> [Int32: String] {
        let folder = "/proc/\(process)/fd"
        var links: [Int32: String] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            if let fd = Int32(name),
                let target = try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + name)
            {
                links[fd] = target
            }
        }
        return links
    }

    /// The variables `pid` was started with.
    package static func startEnvironment(of pid: Int32) -> [String: String] {
        let bytes = FileSystem.readBytes("/proc/\(pid)/environ") ?? []
        var variables: [String: String] = [:]
        for entry in bytes.split(separator: 0) {
            let text = String(decoding: entry, as: UTF8.self)
            let name = String(text.prefix { $0 != "=" })
            variables[name] = String(text.dropFirst(name.count + 1))
        }
        return variables
    }

    /// The pipe `pid` was started with for Show Values, as its variable names
    /// it ("pipe:[INODE]"), when that is what its descriptor 3 is.
    package static func valuesPipe(of pid: Int32) -> String? {
        guard let value = startEnvironment(of: pid)["DEMO_SHELL_VALUES"], value.hasPrefix("3:") else { return nil }
        let pipe = "pipe:[\(value.dropFirst(2))]"
        return links(of: String(pid))[3] == pipe ? pipe : nil
    }
}
