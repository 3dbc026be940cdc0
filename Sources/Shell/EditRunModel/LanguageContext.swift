import DemoBasics
import ShellBasics

/// How the language service is to compile a file the learner is typing:
/// Run Edited's own plan (`EditBuildPlan`), so that completion and the
/// errors as typed know exactly what the build knows (the SDK, the demo's
/// model, the shared modules), but in a folder of the service's own
/// (`folder`): the plan's folders are named by the files' hash, a new one
/// at every key, and a build removes the ones before it.
///
/// In that folder, `src/` holds the demo's files as last asked, and
/// `modules/NAME/` each module the file imports that the plan builds (the
/// model, TextBounds), compiled once by the service (named by the plan's
/// own hash of its files, so a changed model is compiled again).
package struct LanguageContext: Equatable, Sendable {
    /// The file as the compiler is given it.
    package let path: String
    /// The compiler's arguments for its module, without the program.
    package let arguments: [String]
    package let prerequisites: [LanguageRequest.Prerequisite]
    /// The demo's files to write before asking, each where `arguments` name it.
    package let files: [(path: String, text: String)]

    package static func == (lhs: LanguageContext, rhs: LanguageContext) -> Bool {
        lhs.path == rhs.path && lhs.arguments == rhs.arguments && lhs.prerequisites == rhs.prerequisites
            && lhs.files.map(\.path) == rhs.files.map(\.path) && lhs.files.map(\.text) == rhs.files.map(\.text)
    }

    /// The context of `relativePath` in `plan` (made without Show Values);
    /// nil for a file no step compiles.
    ///
    /// `sdkModules`, the SDK's modules folder, is read through
    /// `folder/interfaces` instead: its modules' textual interfaces alone,
    /// which the service builds into the module cache once. SourceKit 6.3.1
    /// crashes completing a name at a statement's start against the binary
    /// modules of an SDK built from source (deserializing a private
    /// declaration whose type is C's: Gtk's `releaseSlot`); the interfaces
    /// hold no private declaration.
    package init?(plan: EditBuildPlan, relativePath: String, folder: String, sdkModules: String? = nil) {
        let sources = FileSystem.join(folder, "src")
        let modules = FileSystem.join(folder, "modules")
        let compiled = FileSystem.join(plan.sourcesDirectory, plan.compiledRelativePath(relativePath))
        let steps = plan.steps.filter { $0.module != "link" }
        guard let index = steps.firstIndex(where: { $0.arguments.contains(compiled) }) else { return nil }
        // Each earlier step's module, in a folder named as the plan's own (its files' hash).
        var moved: [String: String] = [:]
        if let sdkModules { moved[sdkModules] = FileSystem.join(folder, "interfaces") }
        for step in steps[..<index] {
            let built = FileSystem.dirname(step.output)
            moved[built] = FileSystem.join(modules, FileSystem.basename(built))
        }
        func rewritten(_ arguments: [String], module: String?) -> [String] {
            var out: [String] = []
            var index = 1  // the compiler itself is not an argument
            while index < arguments.count {
                let argument = arguments[index]
                let value = index + 1 < arguments.count ? arguments[index + 1] : nil
                index += 1
                switch argument {
                case "-serialize-diagnostics": continue
                case "-output-file-map":
                    index += 1
                    continue
                case "-o", "-emit-module-path":
                    index += 1
                    if module != nil, let value {
                        let folder = moved[FileSystem.dirname(value)] ?? FileSystem.dirname(value)
                        out += [argument, FileSystem.join(folder, FileSystem.basename(value))]
                    }
                    continue
                case "-emit-object", "-emit-module", "-no-emit-module-separately-wmo":
                    if module != nil { out.append(argument) }
                    continue
                case "-I":
                    if let value {
                        index += 1
                        out += ["-I", moved[value] ?? value]
                    }
                    continue
                default: break
                }
                if argument.hasPrefix(plan.sourcesDirectory + "/") {
                    out.append(sources + argument.dropFirst(plan.sourcesDirectory.count))
                } else {
                    out.append(argument)
                }
            }
            return out
        }
        path = sources + compiled.dropFirst(plan.sourcesDirectory.count)
        arguments = rewritten(steps[index].arguments, module: nil)
        prerequisites = steps[..<index].compactMap { step in
            guard let path = step.arguments.firstIndex(of: "-emit-module-path").map({ step.arguments[$0 + 1] })
            else { return nil }
            let built = moved[FileSystem.dirname(path)] ?? FileSystem.dirname(path)
            return LanguageRequest.Prerequisite(
                arguments: rewritten(step.arguments, module: step.module),
                output: FileSystem.join(built, FileSystem.basename(path)))
        }
        files = plan.inputs.map {
            (FileSystem.join(sources, plan.compiledRelativePath($0.relativePath)), $0.text)
        }
    }

    /// The question `kind` about the file, its text `text` as typed, with
    /// the caret `offset` UTF-8 bytes in; nil when it cannot be asked whole.
    package func request(id: UInt32, _ kind: LanguageRequest.Kind, text: String, offset: Int) -> LanguageRequest? {
        let request = LanguageRequest(
            id: id, kind: kind, path: path, text: text, offset: offset, arguments: arguments,
            prerequisites: prerequisites)
        return request.isSendable ? request : nil
    }
}
