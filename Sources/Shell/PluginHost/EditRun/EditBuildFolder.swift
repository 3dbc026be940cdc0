import DemoShellKit
import EditRunModel
import ShellModel

/// The files of one build in the cache: the sources written for the
/// compiler, the mark each step leaves once it has finished, what each
/// step's compiler said (its `.dia`, or its text), and older builds of
/// the demo, gone once a new one is complete.
@MainActor
enum EditBuildFolder {
    /// Writes the files to compile into the build folder.
    static func prepare(_ plan: EditBuildPlan) throws(FileError) {
        for input in plan.inputs {
            try FileSystem.writeAtomically(
                input.text, to: FileSystem.join(plan.sourcesDirectory, plan.compiledRelativePath(input.relativePath)))
        }
        for input in plan.generated {
            try FileSystem.writeAtomically(input.text, to: FileSystem.join(plan.sourcesDirectory, input.relativePath))
        }
    }

    /// Beside a step's output once the step has finished: an output the
    /// compiler left half written (killed with the launcher) is not reused.
    static func doneMark(of step: EditBuildPlan.Step) -> String { step.output + ".done" }

    /// Older builds of this demo go once a new one is complete (not
    /// before: the launcher killed in the middle of a build keeps the last good one).
    static func removeOlderBuilds(than plan: EditBuildPlan) {
        let folder = FileSystem.dirname(plan.directory)
        let kept = [plan.directory, plan.modelDirectory].compactMap { $0 }.map(FileSystem.basename)
        for name in FileSystem.contents(ofDirectory: folder) where !kept.contains(name) {
            FileSystem.removeTree(FileSystem.join(folder, name))
        }
    }

    /// The compiler's own structured diagnostics (`.dia`) when it wrote
    /// them, and what only the text says (the driver's and the linker's
    /// errors, which come outside the compiler proper).
    static func problems(of step: EditBuildPlan.Step, output: String, plan: EditBuildPlan) -> [EditRunSession.Problem] {
        var diagnostics: [CompilerDiagnostic] = []
        var structured = false
        if let bytes = FileSystem.readBytes(step.diagnosticsPath),
            case .success(let read) = SerializedDiagnostics.parse(bytes)
        {
            diagnostics = read
            structured = true
        }
        // The compile server's come as structure (its output is their text, for people).
        let served = structured ? nil : ServerCompiler.diagnostics(of: step)
        let text = served == nil ? CompilerTextDiagnostics.parse(output) : []
        diagnostics += served ?? (structured ? text.filter { $0.line == 0 } : text)
        return diagnostics.map { diagnostic in
            EditRunSession.Problem(relativePath: plan.relativePath(ofCompiled: diagnostic.path), diagnostic: diagnostic)
        }
    }
}
