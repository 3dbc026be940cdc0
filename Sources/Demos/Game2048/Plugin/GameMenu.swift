import DemoKit
import Game2048Model

/// The header bar's main menu: New Game, Undo, the board sizes and
/// Autoplay's speeds, the chosen size and speed shown as radio buttons.
///
/// The choices are GtkRadioButtons, not radio GtkModelButtons: a model
/// button sends `state-changed:checked` but its accessible never has the
/// CHECKED state, so a screen reader could not tell which size is chosen;
/// a radio button's accessible reports it.
///
/// The arrow keys only move the focus, item by item: GTK's radio buttons
/// would also choose the radio the focus lands on, so arrowing through the
/// sizes started a new game (and closed the menu, the next arrow playing a
/// move). Space or Enter chooses. Each group of radios is in a box named
/// after its heading, which screen readers speak with the radio ("Board
/// Size, 4 × 4, radio button, checked").
@MainActor
final class GameMenu {
    let button = MenuButton(name: localized("Main Menu"))
    let undoItem = ModelButton(text: localized("_Undo"))
    private var sizeItems: [(size: Int, item: RadioButton)] = []
    private var speedItems: [(speed: AutoplaySpeed, item: RadioButton)] = []
    private let popover: Popover
    /// True while `show` marks the choices: setting a radio button clicks
    /// it, which is no choice of the user's.
    private var isMarking = false

    init(
        newGame: @escaping @MainActor () -> Void, undo: @escaping @MainActor () -> Void,
        size: @escaping @MainActor (Int) -> Void, speed: @escaping @MainActor (AutoplaySpeed) -> Void
    ) {
        popover = Popover(relativeTo: button)
        let items = Box(.vertical)
        items.setMargins(10)
        let newGameItem = ModelButton(text: localized("_New Game"))
        newGameItem.onClicked { _ in newGame() }
        undoItem.onClicked { _ in undo() }
        items.append(newGameItem)
        items.append(undoItem)
        items.append(Separator(.horizontal), padding: 4)
        let sizes = Self.group(localized("Board Size"))
        for n in Board.minimumSize...Board.maximumSize {
            let item = choice(localized("{n} × {n}").filling(["n": String(n)]), group: sizeItems.first?.item) {
                size(n)
            }
            sizes.append(item)
            sizeItems.append((n, item))
        }
        items.append(sizes)
        items.append(Separator(.horizontal), padding: 4)
        let speeds = Self.group(localized("Autoplay Speed"))
        for each in AutoplaySpeed.allCases {
            let item = choice(each.title, group: speedItems.first?.item) { speed(each) }
            speeds.append(item)
            speedItems.append((each, item))
        }
        items.append(speeds)
        items.onKeyPress { items, key in Self.moveFocus(in: items, for: key) }
        items.showAll()
        popover.add(items)
        button.popover = popover
        // The SDK's demo window opens its header bar's menu on F10.
        button.listShortcuts([
            ShortcutsGroup(
                title: localized("Playing"),
                shortcuts: [
                    Shortcut("F10", localized("The main menu: board size, Autoplay’s speed"))
                ])
        ])
    }

    /// Marks the board size and the speed in use.
    func show(size: Int, speed: AutoplaySpeed) {
        isMarking = true
        defer { isMarking = false }
        // Marking one radio button of a group unmarks the others.
        sizeItems.first { $0.size == size }?.item.isActive = true
        speedItems.first { $0.speed == speed }?.item.isActive = true
    }

    /// A radio item that runs `chosen` when the user picks it, and closes
    /// the menu as a model button does.
    private func choice(_ title: String, group: RadioButton?, chosen: @escaping @MainActor () -> Void) -> RadioButton {
        let item = RadioButton(label: title, group: group, drawsIndicator: true)
        item.setMargins(top: 0, bottom: 0, start: 8, end: 8)
        item.onClicked { [unowned self] item in
            guard !self.isMarking, item.isActive else { return }
            self.popover.popdown()
            chosen()
        }
        return item
    }

    /// A box for a group of radios, under its heading and named after it.
    private static func group(_ title: String) -> Box {
        let group = Box(.vertical)
        group.accessibleName = title
        let heading = Label(title)
        heading.xAlign = 0
        heading.addStyleClass("dim-label")
        heading.setMargins(top: 4, bottom: 4, start: 8, end: 8)
        group.append(heading)
        return group
    }

    /// Up and Down move the focus to the previous or next item (wrapping, as
    /// a menu does), choosing nothing; Left and Right do nothing on a radio.
    private static func moveFocus(in items: Box, for key: KeyEvent) -> Propagation {
        guard key.modifiers.isEmpty else { return .proceed }
        let step: Int
        switch key.keyval {
        case Key.up, Key.named("KP_Up"): step = -1
        case Key.down, Key.named("KP_Down"): step = 1
        case Key.left, Key.right, Key.named("KP_Left"), Key.named("KP_Right"):
            return items.descendants.contains { $0.hasFocus && $0.as(RadioButton.self) != nil } ? .stop : .proceed
        default: return .proceed
        }
        let stops = items.descendants.filter { $0 !== items && $0.canFocus && $0.isSensitive && $0.isVisible }
        guard !stops.isEmpty else { return .proceed }
        let current = stops.firstIndex { $0.hasFocus }
        let next = current.map { ($0 + step + stops.count) % stops.count } ?? (step > 0 ? 0 : stops.count - 1)
        stops[next].grabFocus()
        return .stop
    }
}
