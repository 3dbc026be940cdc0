import DemoShellKit
import ShellModel

extension DemoFiles {
    /// A plugin from elsewhere in a demo's shape keeps its `Tests/` (read as
    /// text, as an import reads them) and its compiled catalogs under
    /// `locale/` (copied as they are) in what Export writes: its tests still
    /// run, its translations still show. Walked as an import walks a
    /// folder (`FolderWalk`: no link followed, bounded); a folder that
    /// cannot be walked adds nothing.
    static func addTestsAndCatalogs(
        beside manifestPath: String, texts: inout [String: String], copies: inout [String: String]
    ) {
        let folder = FileSystem.dirname(manifestPath)
        guard ["Tests", "locale"].contains(where: { FileSystem.isDirectory(FileSystem.join(folder, $0)) }),
            case .success(let items) = FolderWalk.items(of: folder)
        else { return }
        for item in items {
            guard case .file = item.kind else { continue }
            let path = item.relativePath, source = FileSystem.join(folder, path)
            if path.hasPrefix("Tests/") && path.hasSuffix(".swift"), let text = FileSystem.read(source) {
                texts[path] = text
            } else if path.hasPrefix("locale/") && path.hasSuffix(".mo") {
                copies[path] = source
            }
        }
    }
}
