import DemoBasics
import Glibc
import Gtk
import ShellBasics

/// The processes a child started, found in `/proc`: a process group is not
/// enough, as `swiftc` puts each `swift-frontend` in a group of its own and
/// Foundation's `Process` starts its programs in a session of their own.
/// What a child started is what descends from it, what shares its session
/// (it leads one: `Subprocess` starts it with `setsid`), what was seen
/// descending from it before (orphans, re-parented once their parent ended),
/// and what carries its mark in its environment (an orphan never seen before).
struct ProcessTree {
    struct Entry: Equatable {
        let parent: Int32
        let group: Int32
        let session: Int32
        /// Clock ticks after boot: a pid reused by another program has another.
        let startTime: UInt64
    }

    let entries: [Int32: Entry]

    /// Every process now running (as far as `/proc` lets this user see).
    static func read() -> ProcessTree {
        var entries: [Int32: Entry] = [:]
        guard let directory = opendir("/proc") else { return ProcessTree(entries: [:]) }
        defer { closedir(directory) }
        while let item = readdir(directory) {
            let name = withUnsafeBytes(of: item.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = Int32(name), let entry = entry(of: pid) else { continue }
            entries[pid] = entry
        }
        return ProcessTree(entries: entries)
    }

    /// Process `pid`'s line in `/proc/PID/stat`, or nil when it is gone.
    static func entry(of pid: Int32) -> Entry? {
        let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return parse(String(decoding: buffer[0..<count], as: UTF8.self))
    }

    /// Whether process `pid` started with `variable` ("NAME=VALUE") in its
    /// environment; false for another user's process, which cannot be read.
    static func environment(of pid: Int32, holds variable: String) -> Bool {
        let fd = open("/proc/\(pid)/environ", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        let wanted = Array(variable.utf8)
        return bytes.split(separator: 0).contains { $0.elementsEqual(wanted) }
    }

    /// "PID (COMM) STATE PPID PGRP SESSION … STARTTIME …": the name may hold
    /// spaces and parentheses, so the fields are counted from its last ")".
    static func parse(_ line: String) -> Entry? {
        guard let close = line.lastIndex(of: ")") else { return nil }
        let fields = line[line.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let parent = Int32(fields[1]), let group = Int32(fields[2]),
            let session = Int32(fields[3]), let start = UInt64(fields[19])
        else { return nil }
        return Entry(parent: parent, group: group, session: session, startTime: start)
    }

    /// The processes that belong to `root`'s tree, with their start times:
    /// `known` ones still running as they were, those in `root`'s session
    /// or group, those whose environment holds `mark` ("NAME=VALUE"), and
    /// everything descending from any of them. `root` itself is included
    /// while `rootRunning`.
    func members(of root: Int32, rootRunning: Bool, known: [Int32: UInt64], mark: String? = nil) -> [Int32: UInt64] {
        var found: [Int32: UInt64] = [:]
        for (pid, entry) in entries {
            if pid == root {
                if rootRunning { found[pid] = entry.startTime }
            } else if known[pid] == entry.startTime || entry.session == root || entry.group == root
                || mark.map({ Self.environment(of: pid, holds: $0) }) == true
            {
                found[pid] = entry.startTime
            }
        }
        var children: [Int32: [Int32]] = [:]
        for (pid, entry) in entries { children[entry.parent, default: []].append(pid) }
        var queue = Array(found.keys)
        while let pid = queue.popLast() {
            for child in children[pid] ?? [] where found[child] == nil {
                found[child] = entries[child]?.startTime
                queue.append(child)
            }
        }
        return found
    }
}

/// Reaps the orphans this process adopted as a subreaper once they end
/// (`Subprocess.adoptOrphans`), each by its own pid: a `waitpid(-1)` would
/// take the exit of a child GLib watches, and nobody else waits for these.
@MainActor
enum OrphanReaper {
    private static var pending: [Int32: (startTime: UInt64, tries: Int)] = [:]
    private static var timer: SourceID?

    /// Waits for `pids` (a tree just signalled) and reaps those that end as this process's children.
    static func reap(_ pids: [Int32: UInt64]) {
        for (pid, start) in pids { pending[pid] = (start, 0) }
        guard timer == nil, !pending.isEmpty else { return }
        timer = MainLoop.every(milliseconds: 50) {
            reapEnded()
            if pending.isEmpty { timer = nil }
            return !pending.isEmpty
        }
    }

    private static func reapEnded() {
        let me = getpid()
        for (pid, item) in pending {
            let entry = ProcessTree.entry(of: pid)
            guard let entry, entry.startTime == item.startTime else {
                pending[pid] = nil  // gone, or its number taken by another program
                continue
            }
            var status: Int32 = 0
            if entry.parent == me, waitpid(pid, &status, WNOHANG) == pid {
                pending[pid] = nil
            } else if item.tries >= 200 {
                pending[pid] = nil  // ten seconds: not ending, or someone else's to reap
            } else {
                pending[pid] = (item.startTime, item.tries + 1)
            }
        }
    }
}
