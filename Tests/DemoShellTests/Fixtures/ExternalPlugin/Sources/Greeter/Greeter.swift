import DemoKit
import Glibc

/// A minimal external demo: one window with a label and a button.
///
/// `GREETER_ON_CLICK` makes the button misbehave as the isolation tests need
/// a plugin from elsewhere to (its check never clicks, so it still passes):
/// `crash` indexes out of range (SIGILL, as a bug in a handler would), and
/// `open:ID` asks the host to open demo ID and puts the answer and the number
/// of demos the host offers into the window's title, where another process
/// can read it.
///
/// `GREETER_SLEEPERS=FILE` makes it start two `/bin/sleep 1000`, one in its
/// session and one in a session of its own (as Foundation's `Process` does),
/// and write their pids into FILE; with `GREETER_EXIT=1` it then ends by itself.
@MainActor
final class GreeterDemo: DemoModule {
    func makeWindow(host: DemoHost) -> Window {
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
        let button = Button(label: "External button")
        let behaviour = Environment.value("GREETER_ON_CLICK") ?? ""
        button.onClicked { [unowned window] _ in
            if behaviour == "crash" {
                let greetings: [String] = []
                window.title = greetings[greetings.count]
            } else if behaviour.hasPrefix("open:") {
                let opened = host.openDemo(id: String(behaviour.dropFirst("open:".count)))
                window.title = "\(host.info.name): \(opened ? "opened" : "not opened"), \(host.availableDemos.count) demos"
            }
        }
        window.add(button)
        window.showAll()
        return window
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
