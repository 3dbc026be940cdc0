import DemoBasics
import ShellBasics
import TextBounds

/// Why a demo of the learner's own could not be made, changed, exported or
/// imported. Each message says what happened to their files: a failed
/// write leaves nothing behind and loses nothing.
public enum MyDemosProblem: Error, Equatable, Sendable {
    case emptyName
    case noDemo(String)
    case cannotWrite(folder: String, reason: String)
    case exportExists(String)
    case cannotExport(path: String, reason: String)
    /// The demo's code is not where a demo keeps it (`Model/`, `Plugin/`):
    /// a plugin laid out otherwise (`Sources/NAME/`) is a package already.
    case notInDemoLayout(name: String)
    case importRefused(DemoImportProblem)
    case undoTaken(String)
    case sdk(EditRunProblem)

    /// The message as the launcher shows it, each path, id and name
    /// isolated (U+2068 … U+2069) from the sentence around it.
    public var message: String { message(isolating: true) }
    /// The message for a terminal (`--export`, `--import`): it shows no
    /// bidi, and a script reading a path must get the path, not two
    /// invisible characters around it.
    public var plainMessage: String { message(isolating: false) }

    private func message(isolating: Bool) -> String {
        func isolated(_ text: String) -> String { isolating ? TextLimit.isolated(text) : text }
        return switch self {
        case .emptyName:
            localized("A demo needs a name.")
        case .noDemo(let id):
            localized("There is no demo with the id “{id}”.").filling(["id": isolated(id)])
        case .cannotWrite(let folder, let reason):
            localized("Your demos cannot be saved in {folder}: {reason}. Nothing was changed.")
                .filling(["folder": isolated(folder), "reason": reason])
        case .exportExists(let path):
            localized(
                "{path} already exists. An export never writes over a folder: choose another folder, or move that one away."
            )
            .filling(["path": isolated(path)])
        case .cannotExport(let path, let reason):
            localized("The demo cannot be exported to {path}: {reason}. Nothing was left there.")
                .filling(["path": isolated(path), "reason": reason])
        case .notInDemoLayout(let name):
            localized(
                "“{name}” cannot be exported: Export writes a demo’s Swift files from Model/ and Plugin/ beside its manifest, and its manifest lists none there. Its folder is a package already: copy it instead. Nothing was written."
            )
            .filling(["name": isolated(name)])
        case .importRefused(let problem):
            problem.message(isolating: isolating)
        case .undoTaken(let id):
            localized("The demo cannot be brought back: a demo with the id “{id}” exists again.").filling([
                "id": isolated(id)
            ])
        case .sdk(let problem):
            problem.message
        }
    }
}
