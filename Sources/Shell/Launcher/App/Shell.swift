import DemoShellKit
import PluginHost
import ShellModel
import TextBounds

/// The running shell: the application, its plugins and its windows.
@MainActor
public final class Shell {
    nonisolated public static let applicationID = ApplicationIdentity.id

    public let application: Application
    public let registry: PluginRegistry
    public let paths: ShellPaths
    /// The one demo opened by `--run`, or nil for the launcher.
    public let onlyDemoID: String?
    public let autoquit: Bool
    /// The launcher's process, or a child running one plugin (`ShellRole`).
    public let role: ShellRole
    /// The folders whose plugins run in this process; every other plugin runs
    /// in a process of its own (`PluginOrigin`, `IsolatedDemos`).
    public let ownPluginFolders: [String]
    /// The plugins from elsewhere now running in processes of their own.
    public private(set) lazy var isolatedDemos = IsolatedDemos(
        owner: self, executableDirectory: paths.executableDirectory)
    /// The learner's demos being built to open (`openMyDemo`).
    private(set) lazy var myDemoBuilds = MyDemoBuilds(paths: paths)
    /// New Demo, Save as New Demo and Import….
    private(set) lazy var myDemoMaker = MyDemoMaker(shell: self)
    /// The application's and windows' actions and their shortcuts.
    private(set) lazy var actions = ShellActions(shell: self)

    public private(set) var launcher: LauncherWindow?
    /// The demos' open windows in this process.
    let demoWindows = DemoWindows()
    private var hosts: [String: ShellHost] = [:]
    private var autoquitArmed = false
    private var activatedBefore = false
    /// The launcher was asked for (always so without `--run`).
    var launcherWanted: Bool { onlyDemoID == nil || launcher != nil }
    /// The plugin folders, watched for plugins added, changed or removed.
    private lazy var folderWatch = PluginFolderWatch(registry: registry) { [unowned self] in self.rescanPlugins() }
    /// Keyboard Shortcuts windows and About dialogs, hidden, never destroyed.
    let keptWindows = KeptWindows()
    /// Set when `--run` named a demo that then failed to open.
    public private(set) var failedToOpenOnlyDemo = false

    /// `ownPluginFolders`: by default those of `PluginOrigin.ownFolders` for
    /// the running executable.
    public init(
        application: Application, registry: PluginRegistry, paths: ShellPaths,
        onlyDemoID: String?, autoquit: Bool, role: ShellRole = .primary, ownPluginFolders: [String]? = nil
    ) {
        self.application = application
        self.registry = registry
        self.paths = paths
        self.onlyDemoID = onlyDemoID
        self.autoquit = autoquit
        self.role = role
        self.ownPluginFolders =
            ownPluginFolders ?? PluginOrigin.ownFolders(executableDirectory: paths.executableDirectory)
        installActions()
        // The application is registered (so GTK is initialised) before this runs.
        // The build tree's icons join the hicolor theme, in every size: a
        // window takes the PNGs, so no start renders the SVG (librsvg).
        if let icons = paths.iconsDirectory { IconTheme.addSearchPath(icons) }
        Window.setDefaultIcon(themed: Shell.applicationID)
        ThemeAssets.install()
        if role.marksEdited { EditedWindowPlace.install() }
        application.onActivate { [unowned self] _ in self.activate() }
    }

    /// Runs until the last window closes. The caller keeps `self` alive.
    public func run(programName: String) -> Int32 {
        application.run(arguments: [programName])
    }

    /// Every activation after the first comes from a later plain start
    /// (`demo-shell` with no `--run`, the desktop's icon): it shows the launcher
    /// whatever mode this instance was started in.
    private func activate() {
        defer { activatedBefore = true }
        if let id = onlyDemoID, !activatedBefore {
            if !openDemo(id: id) {
                failedToOpenOnlyDemo = true
                application.quit()
            }
        } else {
            showLauncher()
        }
    }

    public func showLauncher() {
        folderWatch.start()
        if launcher == nil {
            let launcher = LauncherWindow(shell: self)
            launcher.window.application = application
            launcher.window.onDestroy { [unowned self] _ in self.launcher = nil }
            actions.installLauncherActions(on: actions.installWindowActions(on: launcher.window))
            launcher.sourcePane.onSaveAsNewDemo = { [unowned self] demo, texts in
                self.myDemoMaker.saveAsNewDemo(demo, texts: texts)
            }
            armAutoquit(launcher.window)
            self.launcher = launcher
        }
        launcher?.window.present()
    }

    /// The open window of demo `id`, if any.
    public func window(forDemo id: String) -> Window? { demoWindows[id: id] }

    /// Why the last `openDemo` failed, for a caller in another process.
    public internal(set) var lastOpenFailure: PluginFailure?

    /// Opens demo `id` (or presents its window): a built-in one in this
    /// process, a plugin from elsewhere in a process of its own, and from a
    /// child, through the launcher. Failures are shown, not fatal.
    @discardableResult
    public func openDemo(id: String) -> Bool {
        lastOpenFailure = nil
        if let window = demoWindows[id: id] {
            window.present()
            return true
        }
        if case .child(_, let launcher) = role, id != onlyDemoID {
            lastOpenFailure = LauncherLink(launcher).open(id: id)
            return lastOpenFailure == nil
        }
        if role == .primary, isolatedDemos.bringForward(id: id) { return true }
        rescanIfUnlisted(id: id)
        // A child (`ShellRole.child`) is the process of its own: every plugin loads in it.
        switch registry.opening(id: id, ownFolders: role == .primary ? ownPluginFolders : nil) {
        case .builtIn(let entry, let module):
            let host = host(for: entry)
            show(module.makeWindow(host: host), of: entry, host: host)
            return true
        case .isolated(let entry):
            guard let failure = isolatedDemos.start(entry) else { return true }
            return showOpenFailure(failure)
        case .failed(let failure):
            return showOpenFailure(failure)
        case .mine(let demo):
            openMyDemo(demo)
            return true
        }
    }

    /// Builds `demo` (at once when an identical build exists) and starts
    /// it; a build that fails is told in a dialog naming the demo, with the
    /// compiler's first error. Opening it again while it builds does not
    /// start a second build. The application is held meanwhile, so a
    /// `--run` of it does not end before its window comes.
    private func openMyDemo(_ demo: MyDemo) {
        let name = demo.manifest.info.name
        let started = myDemoBuilds.build(demo) { [weak self] outcome in
            guard let self else { return }
            self.application.release()
            self.launcher?.myDemoNotices.buildEnded(id: demo.id)
            switch outcome {
            case .built(let entry):
                if let failure = self.isolatedDemos.start(entry) { _ = self.showOpenFailure(failure) }
            case .failed(let status, let firstError):
                let reason = [status.sentence, firstError].compactMap { $0 }.joined(separator: "\n")
                _ = self.showOpenFailure(
                    PluginFailure(id: demo.id, name: name, manifestPath: demo.manifestPath, reason: reason))
            case .stopped:
                break
            }
        }
        guard started else { return }
        application.hold()
        launcher?.myDemoNotices.buildStarted(id: demo.id, name: name) { [weak self] in
            self?.myDemoBuilds.stop(id: demo.id)
        }
    }

    /// Not a usable plugin here: perhaps one added (or repaired) since the
    /// last scan, which the folders' watch has not seen yet.
    private func rescanIfUnlisted(id: String) {
        if registry.entry(id: id) == nil { rescanPlugins() }
    }

    /// Each demo's host lives as long as the shell: its settings stay
    /// loaded, and a warning about them is shown once, across its windows.
    private func host(for entry: PluginEntry) -> ShellHost {
        let host = hosts[entry.manifest.id] ?? ShellHost(shell: self, entry: entry)
        hosts[entry.manifest.id] = host
        return host
    }

    /// A built-in demo's new window, made in this process.
    private func show(_ window: Window, of entry: PluginEntry, host: ShellHost) {
        setTitleAndIcon(of: window, from: entry.info)
        rememberSize(of: window, in: host.settings, name: entry.info.name)
        if role.marksEdited { EditedWindowPlace.apply(to: window) }
        showSettingsWarning(of: host, in: window)
        adopt(window, id: entry.manifest.id)
        armAutoquit(window)
        window.present()
        StartTrace.markFirstFrame(of: window)
    }

    /// The manifest's title and icon when the demo set none; an edited copy
    /// (Edit and Run) is told apart from the shipped demo.
    private func setTitleAndIcon(of window: Window, from info: DemoInfo) {
        if window.title.isEmpty { window.title = info.name }
        if role.marksEdited { EditedWindowMark.apply(to: window) }
        if window.iconName == nil {
            DemoIcon.apply(info.iconName, to: window, resourcesDirectory: paths.resourcesDirectory)
        }
    }

    /// The window's size comes back next time (in the demo's settings file).
    private func rememberSize(of window: Window, in settings: Settings, name: String) {
        let reporter = SaveProblemReporter(prefix: "demo-shell: \(name): ")
        let save: @MainActor () -> Void = { reporter.report(settings.save()) }
        let saver = DebouncedSave(owner: window, write: save)
        WindowMemory.attach(to: window, settings: settings, changed: { saver.schedule() }, save: save)
    }

    /// A settings file that could not be used is told in the window, once.
    private func showSettingsWarning(of host: ShellHost, in window: Window) {
        guard !host.loadWarningShown, let warning = host.settings.loadWarning else { return }
        host.loadWarningShown = true
        WindowNotice.show(warning, in: window)
    }

    /// The window joins the application (its accelerators, its windows) and
    /// the demos' open windows, until it is destroyed.
    private func adopt(_ window: Window, id: String) {
        window.application = application
        demoWindows.add(window, id: id)
        actions.installWindowActions(on: window)
    }

    /// Says why a demo cannot be opened (stderr, and a dialog over the
    /// launcher), and lists the plugin as unavailable. Returns false.
    func showOpenFailure(_ failure: PluginFailure) -> Bool {
        lastOpenFailure = failure
        if launcher == nil, failure.id == onlyDemoID { failedToOpenOnlyDemo = true }  // `--run`: exit status 1
        printError("demo-shell: \(failure.name): \(TextLimit.removingIsolates(failure.reason))")
        launcher?.reload()
        if let launcher {
            let dialog = MessageDialog(
                parent: launcher.window, kind: .error,
                title: localized("“{name}” cannot be opened").filling(["name": failure.name]),
                detail: failure.reason)
            dialog.addButton(localized("_Close"), response: .close)
            dialog.onResponse { dialog, _ in dialog.destroy() }
            dialog.present()
        }
        return false
    }

    private func armAutoquit(_ window: Window) {
        guard autoquit, !autoquitArmed else { return }
        autoquitArmed = true
        let quitSoon: @MainActor () -> Void = { [unowned self] in
            MainLoop.after(milliseconds: 1000) { [unowned self] in self.application.quit() }
        }
        // Windows usually map as they are shown, before this runs.
        if window.isMapped { quitSoon() } else { window.onMap { _ in quitSoon() } }
    }

    public func quit() {
        // An edit the edits folder refused keeps the launcher open, asking.
        if let launcher, !launcher.sourcePane.readyToClose(then: { [weak self] in self?.quit() }) { return }
        if role == .primary {
            isolatedDemos.stopAll()
            myDemoBuilds.stopAll()
        }
        for window in application.windows { window.destroy() }
        application.quit()
    }

    private func installActions() {
        // A second instance forwards `--run=ID` here over D-Bus and reads the
        // outcome from the state, "ID<tab>why not" ("ID<tab>" once opened),
        // so that its exit status tells the truth.
        application.addAction("open-demo", takesString: true, state: "") { [unowned self] id in
            guard let id else { return }
            let opened = self.openDemo(id: id)
            self.application.setState(
                id + "\t" + (opened ? "" : self.lastOpenFailure.map(Self.describe) ?? "?"),
                ofAction: "open-demo")
        }
        actions.installApplicationActions()
    }

    /// `app.about` (the primary menu's About). From a demo's window (or a
    /// dialog over it), the dialog is about that demo (its icon, name,
    /// version and description). Each About is built once and hidden when it
    /// closes (`KeptWindows`).
    /// The About dialog's word on the licence (GTK's says "See the The MIT License").
    static var licenseSentence: String {
        localized(
            "This program comes with absolutely no warranty.\nSee the <a href=\"https://opensource.org/licenses/mit-license.php\">MIT License</a> for details."
        )
    }

    public func showAbout(from window: Window? = nil) {
        let parent = window ?? application.activeWindow ?? launcher?.window
        let about: AboutDialog
        if let parent, let id = demoWindows.demoID(of: parent), let info = registry.entry(id: id)?.info {
            let comments =
                info.description + "\n\n"
                + localized("A demo of Demo Shell {version}.").filling(["version": shellVersion])
            about = keptWindows.aboutDialog(
                for: ["demo", id, info.name, info.version, comments].joined(separator: "\u{0}")
            ) {
                let about = AboutDialog(parent: parent)
                about.programName = info.name
                about.version = info.version
                about.comments = comments
                DemoIcon.apply(info.iconName, to: about, resourcesDirectory: paths.resourcesDirectory)
                about.setLicense(.mit)
                about.setLicenseSentence(Self.licenseSentence)
                return about
            }
        } else {
            let loaded = Set(registry.loadedIDs)
            let plugins = registry.entries.map { entry -> String in
                let state =
                    loaded.contains(entry.manifest.id)
                    ? localized("loaded")
                    : isolatedDemos.processID(of: entry.manifest.id) != nil
                        ? localized("running in its own process")
                        : localized("not loaded")
                return "\(entry.info.name) \(entry.info.version) (\(state))"
            }
            about = keptWindows.aboutDialog(for: (["shell", shellVersion] + plugins).joined(separator: "\u{0}")) {
                let about = AboutDialog(parent: parent)
                about.programName = localized("Demo Shell")
                about.version = shellVersion
                about.comments = localized("Small programs from classic iPhone books, rebuilt for the Linux desktop.")
                about.logoIconName = Shell.applicationID
                about.setLicense(.mit)
                about.setLicenseSentence(Self.licenseSentence)
                about.addCreditSection(localized("Plugins"), people: plugins.isEmpty ? [localized("None")] : plugins)
                return about
            }
        }
        about.transientFor = parent
        about.present()
    }

    /// No longer sees plugins added or removed while it runs (for the
    /// memory-cycles diagnostic: see `PluginFolderWatch.stop`).
    package func stopWatchingPluginFolders() { folderWatch.stop() }

    /// Reads the plugin folders again and, when what they offer changed,
    /// rebuilds the launcher's list.
    @discardableResult
    public func rescanPlugins() -> Bool {
        defer { folderWatch.watchMyDemoFolders() }
        guard registry.rescan() else { return false }
        launcher?.reload()
        return true
    }

    /// A failure as a caller's stderr line: "Name: reason", or only the
    /// reason for an id no plugin has (it names the id itself).
    static func describe(_ failure: PluginFailure) -> String {
        failure.manifestPath.isEmpty ? failure.reason : "\(failure.name): \(failure.reason)"
    }
}

/// The launcher's side of the demos that run in processes of their own.
extension Shell: IsolatedDemosOwner {
    package func isolatedDemoStarted(id: String) {
        launcher?.crashNotices.hide(id: id)
    }

    package func isolatedDemo(id: String, ended message: String) {
        launcher?.crashNotices.show(id: id, message: message) { [weak self] in self?.openDemo(id: id) }
    }
}
