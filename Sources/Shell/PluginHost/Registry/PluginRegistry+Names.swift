import DemoShellKit
import ShellModel

/// The names a new or renamed demo may not repeat: read from the public
/// list alone.
extension PluginRegistry {
    /// Every listed demo's name, as shown and as written: what an imported
    /// copy's name must not repeat.
    package var takenNames: Set<String> {
        Set(entries.flatMap { [$0.info.name, $0.manifest.untranslatedName] }.filter { !$0.isEmpty })
    }

    /// `takenNames` but demo `id`'s own: a demo renamed may keep its name,
    /// or change only its case.
    package func takenNames(besides id: String) -> Set<String> {
        Set(
            entries.filter { $0.manifest.id != id }.flatMap { [$0.info.name, $0.manifest.untranslatedName] }.filter {
                !$0.isEmpty
            })
    }
}
