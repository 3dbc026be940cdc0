import DemoBasics
import ShellBasics
import Glibc
import ShellModel

/// Walks a folder offered for import with `lstat` alone (a link is listed,
/// never followed), admitting each item through `DemoImportCheck.Tally`
/// as it is found: the walk stops at the first item past a bound, so a
/// folder of 10,000 files or a file of a gigabyte costs a few thousand
/// `lstat` calls at most, and no read.
enum FolderWalk {
    static func items(of folder: String) -> Result<[FolderItem], DemoImportProblem> {
        var info = stat()
        guard stat(folder, &info) == 0 else {
            return .failure(FileSystem.exists(folder) ? .unreadable(folder) : .notAFolder(folder))
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { return .failure(.notAFolder(folder)) }
        var items: [FolderItem] = []
        var tally = DemoImportCheck.Tally()
        var pending = [""]
        while let relative = pending.popLast() {
            let directory = relative.isEmpty ? folder : FileSystem.join(folder, relative)
            guard let handle = opendir(directory) else { return .failure(.unreadable(directory)) }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
                let name = String(decoding: bytes, as: UTF8.self)
                if name == "." || name == ".." || (relative.isEmpty && DemoImportCheck.skippedFolders.contains(name)) {
                    continue
                }
                let path = relative.isEmpty ? name : relative + "/" + name
                // A name that is no UTF-8 cannot be named again to copy it.
                guard String(validating: bytes, as: UTF8.self) != nil else { return .failure(.undecodableName(path)) }
                let item = FolderItem(relativePath: path, kind: kind(of: FileSystem.join(folder, path)))
                if let problem = tally.admit(item) { return .failure(problem) }
                items.append(item)
                if item.kind == .directory { pending.append(path) }
            }
        }
        return .success(items.sorted { $0.relativePath < $1.relativePath })
    }

    static func kind(of path: String) -> FolderItem.Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .other }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .file(size: Int(info.st_size))
        case S_IFLNK:
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(path, &buffer, buffer.count - 1)
            let target =
                count < 0 ? "" : String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .link(target: target)
        default: return .other
        }
    }
}
