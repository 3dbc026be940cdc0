import DemoShellKit
import PluginHost
import ShellModel

/// Every row the launcher's list will hold, in order. The first screenful
/// is built before the window shows; the rest at idle, a few at a time, so
/// start-up does not grow with the number of plugins and input stays
/// prompt. Whatever needs a row not built yet (a search, a restored
/// selection) builds up to it first.
@MainActor
final class LauncherRowPlan {
    /// More than a maximized window on a 1080p screen shows.
    static let builtAtStart = 24
    static let perIdleBatch = 8

    private unowned let list: ListBox
    /// Makes the row of a kind and adds it to the list.
    private let add: (LauncherRow.Kind) -> Void
    private var planned: [LauncherRow.Kind] = []
    /// How many of the planned rows exist now.
    private(set) var built = 0
    private var idleBuild: SourceID?

    init(list: ListBox, add: @escaping (LauncherRow.Kind) -> Void) {
        self.list = list
        self.add = add
    }

    var isComplete: Bool { built == planned.count }

    /// A new plan (the list was emptied): its first screenful now.
    func start(_ rows: [LauncherRow.Kind]) {
        cancel()
        planned = rows
        built = 0
        build(upTo: Self.builtAtStart)
    }

    /// No more rows at idle (the list is about to be emptied).
    func cancel() {
        idleBuild?.cancel()
        idleBuild = nil
    }

    /// Builds up to the first planned row `matching`, if any.
    func build(upToFirst matching: (LauncherRow.Kind) -> Bool) {
        if let index = planned.firstIndex(where: matching) { build(upTo: index + 1) }
    }

    func buildAll() {
        build(upTo: planned.count)
        cancel()
    }

    /// Builds the planned rows before `end`; the rest follow at idle.
    private func build(upTo end: Int) {
        while built < min(end, planned.count) {
            add(planned[built])
            built += 1
        }
        guard built < planned.count, idleBuild == nil else { return }
        idleBuild = list.idle { [unowned self] in
            self.idleBuild = nil
            self.build(upTo: self.built + Self.perIdleBatch)
        }
    }
}
