import DemoShellKit
import ShellModel
import Glibc

/// The edited demo's window keeps its place and size across builds: each
/// child writes where its window is to a file of its own (named in
/// `reportVariable`), and the child that replaces it is told that place
/// (`placeVariable`) and opens there. The launcher only reads the file,
/// bounded (`WindowPlace.read`): what the edited code writes cannot hurt it.
extension EditRunSession {
    /// "x y width height" for the new child's window.
    package static let placeVariable = "DEMO_SHELL_WINDOW_PLACE"
    /// The file where the child writes its window's place as it changes.
    package static let reportVariable = "DEMO_SHELL_WINDOW_REPORT"

    /// This launcher's children's files (another launcher has its own).
    static var placesDirectory: String { FileSystem.join(cacheDirectory, "windows", String(getpid())) }

    /// The file of the `launch`th child this session started.
    package static func placeFile(ofLaunch launch: Int) -> String {
        FileSystem.join(placesDirectory, String(launch))
    }

    /// Where the edited demo now running last said its window is; nil when
    /// none runs or it said nothing usable.
    package var runningPlace: WindowPlace? {
        childProcessID == nil ? nil : WindowPlace.read(from: Self.placeFile(ofLaunch: metrics.launches))
    }

    /// What the next child's environment adds: where to report, and the
    /// running demo's place to open at (it is about to be replaced).
    func placeEnvironment() -> [String: String?] {
        let place = runningPlace
        let next = Self.placeFile(ofLaunch: metrics.launches + 1)
        if metrics.launches == 0 { removePlacesOfEndedLaunchers() }
        try? FileSystem.makeDirectory(Self.placesDirectory)
        // Only the running child's file is still of use.
        for name in FileSystem.contents(ofDirectory: Self.placesDirectory) where name != String(metrics.launches) {
            _ = FileSystem.remove(FileSystem.join(Self.placesDirectory, name))
        }
        return [Self.reportVariable: next, Self.placeVariable: place?.text]
    }

    /// The folders of launchers that have ended (killed, or closed while a
    /// child still wrote), once per session: they are of no use to anyone.
    private func removePlacesOfEndedLaunchers() {
        let folder = FileSystem.dirname(Self.placesDirectory)
        for name in FileSystem.contents(ofDirectory: folder) {
            guard let pid = Int32(name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            FileSystem.removeTree(FileSystem.join(folder, name))
        }
    }
}
