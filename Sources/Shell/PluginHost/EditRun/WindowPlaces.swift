import DemoShellKit
import EditRunModel
import ShellModel
import Glibc

/// The edited demo's window keeps its place and size across builds: each
/// child writes where its window is to a file of its own (named in
/// `reportVariable`), and the child that replaces it is told that place
/// (`placeVariable`) and opens there. The launcher only reads the file,
/// bounded (`WindowPlace.read`): what the edited code writes cannot hurt it.
@MainActor
package enum WindowPlaces {
    /// The place for the new child's window (a frame, in hexadecimal).
    package static let placeVariable = "DEMO_SHELL_WINDOW_PLACE"
    /// The file where the child writes its window's place as it changes.
    package static let reportVariable = "DEMO_SHELL_WINDOW_REPORT"

    /// This launcher's children's files (another launcher has its own).
    static var directory: String {
        FileSystem.join(EditRunSession.cacheDirectory, "windows", String(getpid()))
    }

    /// The file of the `launch`th child a session started.
    package static func file(ofLaunch launch: Int) -> String {
        FileSystem.join(directory, String(launch))
    }

    /// Where the `launch`th child last said its window is; nil when it said nothing usable.
    static func place(ofLaunch launch: Int) -> WindowPlace? {
        WindowPlace.read(from: file(ofLaunch: launch))
    }

    /// What the next child's environment adds, after `launches` children:
    /// where to report, and `running`'s place to open at (it is about to be replaced).
    static func environment(afterLaunches launches: Int, running: WindowPlace?) -> [String: String?] {
        let next = file(ofLaunch: launches + 1)
        if launches == 0 { removePlacesOfEndedLaunchers() }
        try? FileSystem.makeDirectory(directory)
        // Only the running child's file is still of use.
        for name in FileSystem.contents(ofDirectory: directory) where name != String(launches) {
            _ = FileSystem.remove(FileSystem.join(directory, name))
        }
        return [reportVariable: next, placeVariable: running?.text]
    }

    /// The folders of launchers that have ended (killed, or closed while a
    /// child still wrote), once per session: they are of no use to anyone.
    private static func removePlacesOfEndedLaunchers() {
        let folder = FileSystem.dirname(directory)
        for name in FileSystem.contents(ofDirectory: folder) {
            guard let pid = Int32(name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            FileSystem.removeTree(FileSystem.join(folder, name))
        }
    }
}
