import DemoKit
import Dispatch
import Glibc

/// A minimal external demo: one window with a label and a button (whose
/// label its own catalog translates when its manifest names one,
/// `PluginTextDomainTests`).
///
/// `GREETER_ON_CLICK` makes the button misbehave as the isolation tests need
/// a plugin from elsewhere to (its check never clicks, so it still passes):
/// `crash` indexes out of range (SIGILL, as a bug in a handler would), and
/// `open:ID` asks the host to open demo ID and puts the answer and the number
/// of demos the host offers into the window's title, where another process
/// can read it. `main-actor` puts into the title what the shell's main actor
/// gives a demo in a process of its own (`MainActorReport`).
///
/// `GREETER_SLEEPERS=FILE` makes it start two `/bin/sleep 1000`, one in its
/// session and one in a session of its own (as Foundation's `Process` does),
/// and write their pids into FILE; with `GREETER_EXIT=1` it then ends by itself.
@MainActor
final class GreeterDemo: DemoModule {
    func makeView(host: DemoHost) -> any DemoView {
        if let file = Environment.value("GREETER_SLEEPERS") {
            let pids = [startSleeper(ownSession: false), startSleeper(ownSession: true)]
            let temporary = file + ".tmp"
            if let stream = fopen(temporary, "w") {
                fputs(pids.map(String.init).joined(separator: " "), stream)
                fclose(stream)
                rename(temporary, file)
            }
            if Environment.value("GREETER_EXIT") == "1" { exit(0) }
        }
        let window = Window(title: host.info.name)
        let button = Button(label: localized("External button"))
        let behaviour = Environment.value("GREETER_ON_CLICK") ?? ""
        button.onClicked { [unowned window] _ in
            if behaviour == "crash" {
                let greetings: [String] = []
                window.title = greetings[greetings.count]
            } else if behaviour.hasPrefix("open:") {
                let opened = host.openDemo(id: String(behaviour.dropFirst("open:".count)))
                window.title = "\(host.info.name): \(opened ? "opened" : "not opened"), \(host.availableDemos.count) demos"
            } else if behaviour == "main-actor" {
                MainActorReport(window: window, name: host.info.name).start()
            }
        }
        window.add(button)
        window.showAll()
        return GreeterView(window: window)
    }
}

/// The Greeter's view: its window alone (it keeps no state of its own).
@MainActor
final class GreeterView: DemoView {
    let window: Window
    init(window: Window) { self.window = window }
}

/// The main actor inside GTK's loop: in the click handler (code on the main thread outside any Swift
/// job), a wrapper released goes at once; then the code after an `await` in
/// a main-actor task runs, and so does a block on libdispatch's main queue,
/// both within GTK's loop. The title says it once both have run.
@MainActor
private final class MainActorReport {
    private final class Released: Button {
        nonisolated(unsafe) static var deinitRan = false
        isolated deinit { Released.deinitRan = true }
    }

    private let window: Window
    private let name: String
    private var releasedAtOnce = false
    private var ran: [String] = []

    init(window: Window, name: String) {
        self.window = window
        self.name = name
    }

    func start() {
        Released.deinitRan = false
        do { _ = Released(label: "released in the handler") }
        releasedAtOnce = Released.deinitRan
        Task { @MainActor in
            try? await Task.sleep(for: .milliseconds(10))
            self.record("task")
        }
        DispatchQueue.main.async { MainActor.assumeIsolated { self.record("main queue") } }
    }

    private func record(_ what: String) {
        ran.append(what)
        guard ran.count == 2 else { return }
        window.title = "\(name): released \(releasedAtOnce ? "at once" : "later"); ran \(ran.sorted().joined(separator: ", "))"
    }
}

private func startSleeper(ownSession: Bool) -> pid_t {
    var pid: pid_t = 0
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    if ownSession { posix_spawnattr_setflags(&attributes, 0x80) } // POSIX_SPAWN_SETSID
    var arguments: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sleep"), strdup("1000"), nil]
    defer { for argument in arguments { free(argument) } }
    posix_spawn(&pid, "/bin/sleep", nil, &attributes, &arguments, environ)
    return pid
}
