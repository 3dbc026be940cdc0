import DemoShellKit
import EditRunModel
import PluginHost
import ShellModel

/// An edited demo's window opens where the one it replaces was, at its size,
/// and says where it is as it moves (`WindowPlaces`): the launcher
/// that runs it does not own its window, so the child tells.
@MainActor
enum EditedWindowPlace {
    /// What the launcher asked of this child, read once; the variables are
    /// then unset, so nothing the demo starts inherits them.
    private static let asked: (place: WindowPlace?, report: String?) = {
        let place = Environment.value(WindowPlaces.placeVariable).flatMap(WindowPlace.parse)
        let report = Environment.value(WindowPlaces.reportVariable).flatMap { $0.hasPrefix("/") ? $0 : nil }
        Environment.set(WindowPlaces.placeVariable, nil)
        Environment.set(WindowPlaces.reportVariable, nil)
        return (place, report)
    }()

    /// In an edited child, before any demo runs: the variables are read (and
    /// unset) now, and each `DemoWindow` opens in the place asked for.
    static func install() {
        _ = asked
        DemoWindow.placeNewWindows { place($0) }
    }

    /// A `DemoWindow` as it is made, before the demo shows it: it opens
    /// there, rather than appearing elsewhere and jumping.
    static func place(_ window: Window) {
        guard let place = asked.place else { return }
        window.move(x: place.x, y: place.y)
        window.setDefaultSize(width: place.width, height: place.height)
    }

    /// As the shell shows `window` (once the windows' memory has given it
    /// its remembered size): the place it was asked to open at, and its
    /// place reported from now on.
    static func apply(to window: Window) {
        let (place, report) = asked
        if let place {
            window.move(x: place.x, y: place.y)
            window.resize(width: place.width, height: place.height)
        }
        guard let report else { return }
        var last: WindowPlace?
        let tell: @MainActor (Window) -> Void = { window in
            let (x, y) = window.position, (width, height) = window.size
            let now = WindowPlace(x: x, y: y, width: width, height: height)
            guard now != last else { return }
            last = now
            now.write(to: report)
        }
        // Mapped where asked, a window may get no configure event at all;
        // most demos show their window as they build it, mapped by now.
        if window.isMapped { tell(window) } else { window.onMap { tell($0) } }
        window.onConfigure { tell($0) }
    }
}
