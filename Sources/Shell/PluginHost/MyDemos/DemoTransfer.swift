import DemoShellKit
import Glibc
import ShellModel

/// Export and import: a demo out of the shell as a package of its own, and
/// a package into the learner's demos.
public enum DemoTransfer {
    /// Writes `files` as the package `DIRECTORY/ID/` (`DemoExportPlan`),
    /// into a hidden temporary folder renamed into place at the end: an
    /// interrupted export leaves no folder that looks complete, and a
    /// folder already there (anyone's) is never written into.
    public static func export(_ files: DemoFiles, to directory: String, sdk: EditSDK) -> Result<String, MyDemosProblem>
    {
        let id = files.manifest.id
        let target = FileSystem.join(directory, id)
        // A package without the demo's code would not build: said, not written.
        guard
            files.texts.keys.contains(where: {
                $0.hasSuffix(".swift") && ($0.hasPrefix("Model/") || $0.hasPrefix("Plugin/"))
            })
        else {
            return .failure(.notInDemoLayout(name: files.manifest.info.name))
        }
        var info = stat()
        if lstat(target, &info) == 0 { return .failure(.exportExists(target)) }
        do { try FileSystem.makeDirectory(directory, mode: 0o755) } catch {
            return .failure(.cannotExport(path: target, reason: error.message))
        }
        let plan = DemoExportPlan.make(
            manifest: files.manifest, files: files.texts,
            shared: DemoFiles.sharedModules(sdk), sdk: sdk)
        guard let temporary = DemoFiles.makeTemporaryFolder(in: directory, prefix: ".\(id).export-") else {
            return .failure(.cannotExport(path: target, reason: String(cString: strerror(errno))))
        }
        if let reason = DemoFiles.write(plan.files, copies: files.copies, into: temporary) {
            FileSystem.removeTree(temporary)
            return .failure(.cannotExport(path: target, reason: reason))
        }
        chmod(temporary, 0o755)
        guard Glibc.rename(temporary, target) == 0 else {
            let code = errno
            FileSystem.removeTree(temporary)
            return .failure(
                code == EEXIST || code == ENOTEMPTY || code == ENOTDIR
                    ? .exportExists(target) : .cannotExport(path: target, reason: String(cString: strerror(code))))
        }
        return .success(target)
    }

    /// Copies the package in `folder` into `store` as a demo of the
    /// learner's own: walked without following links and within
    /// `DemoImportCheck`'s bounds, its manifest and listed sources checked,
    /// its `Package.swift` left behind (the store writes its own: a
    /// package's manifest is never run). It keeps its id and module unless
    /// another demo has them (`takenIDs`, `takenModules`: the built-in
    /// demos'); then it gets new ones from its name, as a copy does.
    public static func importDemo(
        from folder: String, into store: MyDemoStore, name: String? = nil,
        takenIDs: Set<String>, takenModules: Set<String>, sdk: EditSDK
    ) -> Result<MyDemo, MyDemosProblem> {
        let files: DemoFiles
        switch DemoFiles.folder(folder) {
        case .failure(let problem): return .failure(.importRefused(problem))
        case .success(let found): files = found
        }
        let cleaned = DemoNaming.cleanedName(name ?? files.untranslatedName ?? files.manifest.info.name)
        let shared = DemoFiles.sharedModules(sdk)
        return store.install(takenIDs: takenIDs, takenModules: takenModules) { ids, modules in
            // A new name is a new id, unless it is the package's own name.
            let keepsID =
                !ids.contains(files.manifest.id)
                && (name == nil
                    || cleaned == DemoNaming.cleanedName(files.untranslatedName ?? files.manifest.info.name))
            let id =
                keepsID
                ? files.manifest.id : DemoNaming.id(forName: cleaned.isEmpty ? files.manifest.id : cleaned, taken: ids)
            let module =
                keepsID && !DemoNaming.reservedModules.contains(files.manifest.module)
                    && !modules.contains(files.manifest.module) && !modules.contains(files.manifest.module + "Model")
                ? files.manifest.module : DemoNaming.moduleName(forID: id, taken: modules)
            let demo = DemoIdentity(name: cleaned.isEmpty ? files.manifest.info.name : cleaned, id: id, module: module)
            // A package exported in the old plugin shape comes in the current shape, its originals beside.
            let texts = DemoShapeUpdates.updateImport(
                DemoTemplate.copy(
                    of: files.texts, oldModule: files.manifest.module, oldModel: files.manifest.modelKey, as: demo)
            ).texts
            return (demo, texts, files.copies)
        } plan: { texts, demo in
            MyDemoStore.packageFiles(texts, module: demo.module, id: demo.id, shared: shared, sdk: sdk)
        }
    }
}
