import DemoKit

/// A minimal external demo: one window with a label and a button.
///
/// `GREETER_ON_CLICK` makes the button misbehave as the isolation tests need
/// a plugin from elsewhere to (its check never clicks, so it still passes):
/// `crash` indexes out of range (SIGILL, as a bug in a handler would), and
/// `open:ID` asks the host to open demo ID and puts the answer and the number
/// of demos the host offers into the window's title, where another process
/// can read it.
@MainActor
final class GreeterDemo: DemoModule {
    func makeWindow(host: DemoHost) -> Window {
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

@_cdecl("demo_shell_plugin_sdk")
public func demoShellPluginSDK() -> UnsafePointer<CChar> { DemoKit.sdkIdentity }

@_cdecl("demo_shell_plugin_create")
public func demoShellPluginCreate() -> UnsafeMutableRawPointer {
    DemoPlugin.export { GreeterDemo() }
}
