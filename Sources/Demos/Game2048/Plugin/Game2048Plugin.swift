import DemoKit

/// 2048 on one drawing area; the rules are `Game2048Model`'s.
@MainActor
final class Game2048Demo: DemoModule {
    func makeWindow(host: DemoHost) -> Window {
        Game2048View(host: host).window
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
