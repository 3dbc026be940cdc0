import DemoBasics
import ShellBasics

/// What a shell process is for: the launcher's process, or a process the
/// launcher started to run one plugin in.
public enum ShellRole: Equatable, Sendable {
    /// The launcher's process (or a `--run=ID` instance, which may show the
    /// launcher later): the built-in demos run in it, each plugin from
    /// elsewhere in a child process (`IsolatedDemos`).
    case primary
    /// `--run-plugin=FILE`: one plugin, run in this process. Every other demo
    /// it asks for (`DemoHost.openDemo`) is asked of the launcher at
    /// `launcher`, so that it opens as it would from the launcher (a built-in
    /// in the launcher, a plugin from elsewhere in a process of its own).
    /// `edited`: Edit and Run's copy, whose settings file and window title
    /// are its own; otherwise the plugin is the one the launcher lists, with
    /// its settings and its title.
    case child(edited: Bool, launcher: LauncherAddress)

    public var isChild: Bool { if case .child = self { true } else { false } }

    /// Added to each demo's settings file name: an edited copy never
    /// touches the shipped demo's settings.
    public var settingsSuffix: String {
        if case .child(edited: true, _) = self { Self.editedSettingsSuffix } else { "" }
    }
    /// An edited copy's suffix: `ID.edited.ini`.
    public static let editedSettingsSuffix = ".edited"

    /// Whether the windows' titles say "(edited)".
    public var marksEdited: Bool { if case .child(edited: true, _) = self { true } else { false } }
}

/// Where a child process reaches the launcher that started it.
///
/// The launcher puts its D-Bus unique name and application id into the
/// child's environment: the child then calls back that very process, not
/// whichever one owns the well-known name (another instance may, when the
/// first one did not answer and the launcher runs on its own; a test's shell
/// has an id of its own). Without them (a `--run-plugin` started by hand, or
/// by Edit and Run), it asks the primary instance by its well-known name.
public struct LauncherAddress: Equatable, Sendable {
    /// A unique name (":1.42"), or nil for the owner of `applicationID`.
    public let busName: String?
    public let applicationID: String

    public init(busName: String?, applicationID: String) {
        self.busName = busName
        self.applicationID = applicationID
    }

    package static let busNameVariable = "DEMO_SHELL_LAUNCHER_BUS_NAME"
    package static let applicationIDVariable = "DEMO_SHELL_LAUNCHER_APP_ID"

    /// The environment a launcher gives its child to find it again.
    package static func environment(busName: String?, applicationID: String?) -> [String: String?] {
        [busNameVariable: busName, applicationIDVariable: busName == nil ? nil : applicationID]
    }

    /// What the launcher left in this process's environment, if anything
    /// plausible (a unique name and a dotted id), else the well-known name.
    package static func fromEnvironment(default applicationID: String) -> LauncherAddress {
        guard let name = Environment.value(busNameVariable), name.hasPrefix(":"), name.count < 256,
            let id = Environment.value(applicationIDVariable), id.contains("."), id.count < 256
        else {
            return LauncherAddress(busName: nil, applicationID: applicationID)
        }
        return LauncherAddress(busName: name, applicationID: id)
    }
}
