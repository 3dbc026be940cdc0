import DemoKit

/// 2048 on one drawing area; the rules are `Game2048Model`'s.
@MainActor
final class Game2048Demo: DemoModule {
    func makeView(host: DemoHost) -> any DemoView {
        Game2048View(host: host)
    }

    var shortcuts: [ShortcutsGroup] {
        [ShortcutsGroup(title: localized("Playing"), shortcuts: [
            Shortcut("Left Right Up Down", localized("Move the tiles")),
            Shortcut("a d w s", localized("Move the tiles (left hand)")),
            Shortcut("h l k j", localized("Move the tiles (Vim keys)")),
            Shortcut("r", localized("Read the board aloud")),
            Shortcut("<Primary>z", localized("Undo the last move")),
            Shortcut("<Primary>n", localized("New game")),
            Shortcut("<Primary>h", localized("Show a good move")),
            Shortcut("F10", localized("The main menu: board size, Autoplay’s speed")),
        ]), ShortcutsGroup(title: localized("Autoplay"), shortcuts: [
            Shortcut("<Alt>a", localized("Start Autoplay (any key stops it)")),
        ])]
    }
}

@_cdecl("demo_shell_plugin_sdk")
public func demoShellPluginSDK() -> UnsafePointer<CChar> { DemoKit.sdkIdentity }

@_cdecl("demo_shell_plugin_create")
public func demoShellPluginCreate() -> UnsafeMutableRawPointer {
    DemoPlugin.export { Game2048Demo() }
}
