import DemoShellKit
import DemoKitTesting
import XCTest

/// Holds a window's Keyboard Shortcuts against what the window really does.
///
/// Listed → real: each listed key is an accelerator of an action the window
/// reaches, or, sent as a real key event, is acted on by one of the
/// program's key handlers or changes what the window shows (its widgets'
/// texts, states, focus, pages, or the windows on screen). A key that needs
/// a state is tried again after each listed key that did something, and in
/// the states the test prepares (a page opened by a click).
///
/// Real → listed: every accelerator of an action the window reaches is
/// listed, and so is every key that one of its key handlers acts on, found
/// by pressing a few hundred keys in each state (typing into a text field
/// is not a shortcut).
@MainActor
package struct ShortcutsAudit {
    /// A named way to bring the window into a state.
    package typealias Preparation = (name: String, prepare: (Window) throws -> Void)

    package let application: Application
    /// Opens a fresh window in its first state (closing any earlier one).
    package let open: () throws -> Window
    package let groups: [ShortcutsGroup]
    package var preparations: [Preparation] = []

    package init(
        application: Application, open: @escaping () throws -> Window, groups: [ShortcutsGroup],
        preparations: [Preparation] = []
    ) {
        self.application = application
        self.open = open
        self.groups = groups
        self.preparations = preparations
    }

    /// Each listed key: the accelerator as written and the key it means.
    package var listed: [(accelerator: String, key: KeyEvent)] {
        groups.flatMap(\.shortcuts).flatMap { shortcut in
            shortcut.accelerator.split(separator: " ").flatMap { token -> [(String, KeyEvent)] in
                if token == "0...9" {
                    return (0...9).compactMap { digit in Key.parse(accelerator: "\(digit)").map { ("\(digit)", $0) } }
                }
                return Key.parse(accelerator: String(token)).map { [(String(token), $0)] } ?? []
            }
        }
    }

    /// Listed keys that do nothing in `window` in any state tried.
    package func listedKeysThatDoNothing() throws -> [String] {
        KeyHandlerRecord.startRecording()
        let first = try open()
        var remaining = listed.filter { !isReachedAccelerator($0.key, in: first) }
        var effective: [KeyEvent] = []
        var states: [Preparation] = [("first", { _ in })] + preparations
        var index = 0
        while index < states.count, !remaining.isEmpty {
            let state = states[index]
            index += 1
            // A state where any key does something (2048's Autoplay: any key
            // stops it) tells nothing of one key.
            guard var window = try settled(state) else { continue }
            var stillRemaining: [(accelerator: String, key: KeyEvent)] = []
            for item in remaining {
                if hasEffect(item.key, in: window) {
                    effective.append(item.key)
                    // The state the key led to is one more to try the others in.
                    let prepared = state.prepare
                    let key = item.key
                    states.append(
                        (
                            "\(state.name), then \(item.accelerator)",
                            { window in
                                try prepared(window)
                                MainLoop.drain()
                                window.sendKey(key.keyval, modifiers: key.modifiers)
                            }
                        ))
                    window = try settled(state) ?? window
                } else {
                    stillRemaining.append(item)
                }
            }
            remaining = stillRemaining
            if states.count > 40 { break }  // enough states to find every listed key's
        }
        return remaining.map(\.accelerator)
    }

    /// Keys the window reaches or acts on that are not listed.
    package func unlistedKeys() throws -> [String] {
        KeyHandlerRecord.startRecording()
        let window = try open()
        var unlisted: Set<String> = []
        for (action, accelerators) in application.acceleratorTable where window.reaches(action: action) {
            for accelerator in accelerators {
                guard let key = Key.parse(accelerator: accelerator), !isListed(key) else { continue }
                unlisted.insert("\(accelerator) (\(action))")
            }
        }
        for state in [("first", { (_: Window) in })] + preparations {
            guard var window = try settled((state.0, state.1)) else { continue }
            for key in Self.probes where !isReachedAccelerator(key, in: window) {
                let before = KeyHandlerRecord.stopped.count
                let typing =
                    key.character != nil && key.modifiers.isDisjoint(with: [.control, .alt])
                    && (window.focusedWidget.map { $0.as(Entry.self) != nil || $0.as(TextView.self) != nil } ?? false)
                let shown = Set(
                    Window.all.filter { $0.isVisible && $0.typeName != "GtkTooltipWindow" }.map(ObjectIdentifier.init))
                window.sendKey(key.keyval, modifiers: key.modifiers)
                MainLoop.drain()
                let acted = KeyHandlerRecord.stopped.dropFirst(before).contains { Self.same($0, key) }
                if acted, !typing, !isListed(key) { unlisted.insert("\(Key.name(of: key)) in state \(state.0)") }
                // A key that opened a window (a demo, a dialog) or closed this one: start the state again.
                Self.endKeyboardTooltip(in: window, after: key)
                // GTK's tooltip window is never destroyed (GtkTooltip keeps it for the display's life:
                // destroyed, a later tooltip wrote criticals on a dead window and the process crashed).
                let now = Window.all.filter { $0.isVisible && $0.typeName != "GtkTooltipWindow" }
                for other in now where !shown.contains(ObjectIdentifier(other)) && other !== window { other.destroy() }
                if !window.isVisible || now.count != shown.count {
                    MainLoop.drain()
                    window = try open()
                    try state.prepare(window)
                    MainLoop.drain()
                }
            }
        }
        return unlisted.sorted()
    }

    // MARK: Parts

    /// The window opened afresh in `state`, once it holds still: a state
    /// still changing (GtkSearchEntry's delayed search, an edit's delayed
    /// save, a page's fade) seems changed by any key, and was skipped, its
    /// keys untried, on a loaded machine. Nil for a state where any key does
    /// something (2048's Autoplay: any key stops it).
    private func settled(_ state: Preparation) throws -> Window? {
        let window = try open()
        try state.prepare(window)
        MainLoop.drain()
        for _ in 0..<20 {
            if !hasEffect(Self.meaningless, in: window) { return window }
            MainLoop.spin(seconds: 0.25)
        }
        return nil
    }

    /// Listed, or Shift and a listed key: a key that Shift does not change
    /// (Shift+Escape, a capital W in 2048) is the same shortcut.
    private func isListed(_ key: KeyEvent) -> Bool {
        listed.contains { Self.same($0.key, key) }
            || key.modifiers.contains(.shift)
                && isListed(KeyEvent(keyval: key.keyval, modifiers: key.modifiers.subtracting(.shift)))
    }

    private func isReachedAccelerator(_ key: KeyEvent, in window: Window?) -> Bool {
        guard let window else { return false }
        return application.actions(forAccelerator: Key.name(of: key)).contains { window.reaches(action: $0) }
    }

    /// The key, sent to the window, is acted on by a handler or changes what it shows.
    private func hasEffect(_ key: KeyEvent, in window: Window) -> Bool {
        let before = Self.fingerprint(of: window)
        let recorded = KeyHandlerRecord.stopped.count
        window.sendKey(key.keyval, modifiers: key.modifiers)
        MainLoop.drain()
        let acted = KeyHandlerRecord.stopped.dropFirst(recorded).contains { Self.same($0, key) }
        let changed = Self.fingerprint(of: window) != before
        Self.endKeyboardTooltip(in: window)
        for other in Window.all
        where other.isVisible && other !== window && other.transientFor === window
            && other.typeName != "GtkTooltipWindow"
        { other.destroy() }
        return acted || changed
    }

    /// Ctrl+F1 (GTK's keyboard tooltip) shows the focused control's tooltip
    /// until pressed again. The tooltip's window is GTK's own for as long as
    /// the display lives (destroying it left GtkTooltip with a dead window):
    /// Ctrl+F1 again hides it, so each state starts without it.
    /// After Ctrl+F1 itself it is pressed again whether or not a tooltip
    /// came (the focused control may have none): GTK's keyboard mode is a
    /// toggle, and left on it shows tooltips at every later focus change.
    private static func endKeyboardTooltip(in window: Window, after key: KeyEvent? = nil) {
        let toggled = key.map { $0.keyval == Key.named("F1") && $0.modifiers == .control } ?? false
        guard toggled || Window.all.contains(where: { $0.typeName == "GtkTooltipWindow" && $0.isVisible }) else {
            return
        }
        window.sendKey(Key.named("F1"), modifiers: .control)
        MainLoop.drain()
    }

    /// What the window shows, as text: its shown widgets' names, texts,
    /// states and pages, its focus, and the windows on screen.
    package static func fingerprint(of window: Window) -> [String] {
        var lines = Window.all.filter(\.isVisible).map { "window \($0.typeName) \($0.title)" }
        let descendants = window.descendants
        let focused = window.focusedWidget
        lines.append("focus \(descendants.firstIndex { $0 === focused } ?? -1)")
        for widget in descendants where widget.isMapped {
            var line =
                "\(widget.typeName) \(widget.accessibleName) | \(widget.accessibleDescription) \(widget.isSensitive)"
            if let label = widget.as(Label.self) { line += " text=\(label.text)" }
            if let entry = widget.as(Entry.self) { line += " entry=\(entry.text)" }
            if let text = widget.as(TextView.self) { line += " view=\(text.text.hashValue)" }
            if let toggle = widget.as(ToggleButton.self) { line += " active=\(toggle.isActive)" }
            if let toggle = widget.as(Switch.self) { line += " on=\(toggle.isActive)" }
            if let stack = widget.as(Stack.self) { line += " page=\(stack.visiblePageName ?? "")" }
            lines.append(line)
        }
        return lines
    }

    /// The same key for a shortcut: letters in either case, Tab for
    /// Shift+Tab's ISO_Left_Tab.
    package static func same(_ a: KeyEvent, _ b: KeyEvent) -> Bool {
        func normal(_ keyval: UInt32) -> UInt32 {
            if (0x41...0x5a).contains(keyval) { return keyval + 0x20 }
            return keyval == Key.named("ISO_Left_Tab") ? Key.tab : keyval
        }
        return normal(a.keyval) == normal(b.keyval) && a.modifiers == b.modifiers
    }

    /// A key no window means anything by.
    package static let meaningless = KeyEvent(keyval: Key.named("F20"))

    /// The keys pressed to find what the handlers act on.
    package static let probes: [KeyEvent] = {
        let letters = "abcdefghijklmnopqrstuvwxyz".map { Key.character($0) }
        let symbols = "0123456789.,+-*/=%xX".map { Key.character($0) }
        let named = [
            "Return", "KP_Enter", "Escape", "BackSpace", "Delete", "Insert", "Tab", "space", "Up", "Down",
            "Left", "Right", "Home", "End", "Page_Up", "Page_Down", "F2", "F3", "F5", "F6", "F11", "F12",
        ].map(Key.named)
        var keys: [KeyEvent] = []
        keys += letters.map { KeyEvent(keyval: $0) } + letters.map { KeyEvent(keyval: $0, modifiers: .control) }
        keys += letters.map { KeyEvent(keyval: $0 - 0x20, modifiers: .shift) }
        keys += symbols.map { KeyEvent(keyval: $0) }
        for modifiers: Modifiers in [[], .shift, .control, .alt] {
            keys += named.map { KeyEvent(keyval: $0, modifiers: modifiers) }
        }
        return keys
    }()
}
