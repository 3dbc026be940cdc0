import CalculatorModel
import DemoKit

/// The calculator's window: a background picture, the display and 17 picture
/// keys, laid out in the original's 320 × 568 units and scaled to fit.
/// Every rule is `CalculatorModel`'s (and `CalculatorLayout`'s,
/// `CalculatorInput`'s); this only wires widgets to them.
@MainActor
final class CalculatorView: DemoView {
    let window: Window
    private var model = CalculatorModel()
    private var layout = CalculatorLayout(fittingWidth: CalculatorLayout.width, height: CalculatorLayout.height)
    private let overlay = Overlay()
    private let background = DrawingArea()
    private let display = Label("0")
    private var keys: [CalculatorKey: Button] = [:]
    /// Calculator keys shown pressed because their keyboard key is held, by hardware key code.
    private var heldKeys: [Int: CalculatorKey] = [:]
    private let pictures: Pictures
    private let face: (family: String, weight: Int)
    private var fittedFont: (text: String, width: Double, size: Double)?

    init(host: DemoHost) {
        pictures = Pictures(path: { host.resourcePath($0) })
        // The display's text and the keys' (pictures) are sized with the
        // window: it opens as large as the user's text scale makes text.
        let scale = max(1, Toolkit.textScale)
        window =
            DemoWindow(
                title: host.info.name, width: Int(CalculatorLayout.width * scale),
                height: Int(CalculatorLayout.height * scale)
            ).window

        let chosen = DisplayFace.choose(
            from: display.installedFontFaces.map {
                DisplayFace(family: $0.family, faceName: $0.faceName, weight: $0.weight, isMonospace: $0.isMonospace)
            }, defaultSans: display.defaultSansFamily)
        face = chosen.map { ($0.family, $0.weight) } ?? ("sans-serif", 200)

        let minimum = CalculatorLayout.minimumScale
        background.setSizeRequest(
            width: Int(CalculatorLayout.width * minimum), height: Int(CalculatorLayout.height * minimum))
        background.onDraw { [unowned self] area, context in
            let picture = self.pictures.image("Cal", for: self.layout, scale: area.scaleFactor, drawingIn: context)
            if let picture {
                context.draw(picture, in: Rect(self.layout.contentRect), extendingEdges: true)
            } else {
                context.setColor(Color(red255: 20, green: 20, blue: 22))
                context.paint()
            }
            return .stop
        }
        overlay.add(background)

        display.accessibleDescription = localized("Result")
        // A Tab stop (before 7), read-only: a screen reader user checks what
        // was entered there, and can select it. Typing still calculates.
        display.isSelectable = true
        display.canFocus = false  // until shown: see below
        display.xAlign = 1
        display.yAlign = 0.78
        // Only lets the label be narrower than its text: the font always
        // shrinks first, so no ellipsis is ever drawn.
        display.ellipsis = .end
        display.applyStyle("label { color: #ffffff; background: none; }")
        overlay.addOverlay(display)

        let keyStyle = CssProvider()
        if let error = keyStyle.load(path: host.resourcePath("calculator.css")) {
            printError("calculator: cannot load its style sheet: \(error)")
        }
        // The keys are a Tab stop each, in reading order (GTK sorts an
        // overlay's children by position), and the arrow keys move among
        // them; Space presses the focused key, Return stays "=". A click
        // leaves the focus where it was, so a mouse user sees no ring.
        for key in CalculatorKey.all {
            let button = Button()
            button.accessibleName = Self.accessibleName(of: key)
            button.setProperty("focus-on-click", false)
            button.canFocus = false  // until shown: see below
            button.addStyleProvider(keyStyle)
            button.onDraw { [unowned self] button, context in
                self.drawKey(key, button: button, context: context)
                return .proceed  // GTK draws the focus ring (calculator.css) over the picture
            }
            button.onClicked { [unowned self] _ in self.apply(.key(key)) }
            keys[key] = button
            overlay.addOverlay(button)
        }
        overlay.listShortcuts([
            ShortcutsGroup(
                title: localized("The keys on screen"),
                shortcuts: [
                    Shortcut("Tab <Shift>Tab Left Right Up Down", localized("Move the focus among the keys")),
                    Shortcut("space", localized("Press the focused key")),
                ])
        ])

        // GTK asks where each child goes while it allocates the overlay, whose
        // own size is already set: the layout follows it there.
        overlay.onChildPosition { [unowned self] overlay, child in
            self.relayout(width: overlay.allocatedWidth, height: overlay.allocatedHeight)
            return self.place(child)
        }
        window.add(overlay)

        window.onKeyPress(
            listing: ShortcutsGroup(
                title: localized("Calculating"),
                shortcuts: [
                    Shortcut("0...9 period comma", localized("Type a number")),
                    Shortcut("plus minus asterisk slash", localized("Add, subtract, multiply, divide")),
                    Shortcut("Return KP_Enter equal", localized("Equals")),
                    Shortcut("BackSpace", localized("Remove the last digit")),
                    Shortcut("Escape Delete", localized("Clear")),
                    Shortcut("<Primary>c", localized("Copy the display")),
                    Shortcut("<Primary>v <Shift>Insert", localized("Paste a number")),
                ]), withCode: { [unowned self] _, event, keycode in self.keyPressed(event, keycode: keycode) })
        window.onKeyRelease { [unowned self] _, _, keycode in self.keyReleased(keycode: keycode) }
        window.onFocusOut { [unowned self] _ in self.releaseAllKeys() }
        fitDisplayFont()
        refresh()
        window.showAll()
        // Focusable only now, so showing the window does not focus the
        // display: the first digit (7) has the focus, where a screen reader
        // user starts, as a sighted one reads, with the display one Shift+Tab
        // back. The ring shows once the keyboard is used.
        for button in keys.values { button.canFocus = true }
        display.canFocus = true
        keys[.digit(7)]?.grabFocus()
    }

    static func accessibleName(of key: CalculatorKey) -> String {
        switch key {
        case .digit(let d): String(d)
        case .point: localized("Point")
        case .clear: localized("Clear")
        case .equals: localized("Equals")
        case .operation(.add): localized("Plus")
        case .operation(.subtract): localized("Minus")
        case .operation(.multiply): localized("Multiply")
        case .operation(.divide): localized("Divide")
        }
    }

    // MARK: Layout and drawing

    private func place(_ child: Widget) -> Rect? {
        if child === display {
            let inset = CalculatorLayout.displayTextInset
            let area = CalculatorLayout.Rect(
                x: inset, y: 0, width: CalculatorLayout.width - 2 * inset,
                height: CalculatorLayout.display.height)
            return Rect(layout.pixels(area))
        }
        guard let key = keys.first(where: { $0.value === child })?.key else { return nil }
        return Rect(layout.rect(of: key))
    }

    private func drawKey(_ key: CalculatorKey, button: Button, context: DrawingContext) {
        let down =
            button.isPressedDown || heldKeys.values.contains(key)
            || (model.highlightedOperator.map { CalculatorKey.operation($0) } == key)
        let bounds = Rect(x: 0, y: 0, width: Double(button.allocatedWidth), height: Double(button.allocatedHeight))
        if let picture = pictures.image(
            down ? key.pressedImageName : key.imageName, for: layout, scale: button.scaleFactor,
            drawingIn: context)
        {
            context.draw(picture, in: bounds)
        } else {
            // A missing picture (a broken installation) still leaves a usable key.
            context.setColor(down ? Color(red255: 120, green: 120, blue: 126) : Color(red255: 60, green: 60, blue: 64))
            context.roundedRectangle(bounds.insetBy(bounds.height * 0.08), radius: bounds.height)
            context.fill()
            context.setColor(.white)
            context.drawText(button.accessibleName, font: "Sans \(Int(bounds.height * 0.3))px", centeredIn: bounds)
        }
    }

    private func relayout(width: Int, height: Int) {
        let fitted = CalculatorLayout(fittingWidth: Double(width), height: Double(height))
        guard fitted != layout else { return }
        layout = fitted
        fitDisplayFont()
        background.queueDraw()
    }

    /// The largest font (up to 50 units) at which the display's text fits its width.
    private func fitDisplayFont() {
        let text = display.text
        let width = (CalculatorLayout.width - 2 * CalculatorLayout.displayTextInset) * layout.scale
        if let fitted = fittedFont, fitted.text == text, fitted.width == width { return }
        let size = CalculatorLayout.fittedFontSize(available: width, base: CalculatorLayout.fontSize * layout.scale) {
            size in
            self.display.textWidth(of: text, family: self.face.family, weight: self.face.weight, pixelSize: size)
        }
        fittedFont = (text, width, size)
        display.setFont(family: face.family, weight: face.weight, pixelSize: size)
    }

    // MARK: Input

    private func apply(_ input: CalculatorInput) {
        let wasError = model.isError
        defer { if input == .key(.equals) || (model.isError && !wasError) { announceResult() } }
        switch input {
        case .key(let key): model.press(key)
        case .removeLastDigit:
            guard model.canRemoveLastDigit else { return }
            model.removeLastDigit()
        case .copy:
            guard let text = model.copyText else { return window.errorBell() }
            Clipboard.standard.setText(text)
            display.announce(localized("Copied"))
        case .paste:
            Clipboard.standard.requestText { [weak self] text in
                guard let self else { return }
                if let text, self.model.paste(text) { self.refresh() } else { self.window.errorBell() }
            }
        }
        refresh()
    }

    private func keyPressed(_ event: KeyEvent, keycode: Int) -> Propagation {
        guard
            let input = CalculatorInput(
                character: event.character, named: Self.namedKey(event.keyval),
                control: event.modifiers.contains(.control),
                shift: event.modifiers.contains(.shift),
                alt: event.modifiers.contains(.alt) || event.modifiers.contains(.superKey))
        else { return .proceed }
        if case .key(let key) = input {
            heldKeys[keycode] = key
            keys[key]?.queueDraw()
        }
        apply(input)
        return .stop
    }

    private func keyReleased(keycode: Int) -> Propagation {
        guard let key = heldKeys.removeValue(forKey: keycode) else { return .proceed }
        keys[key]?.queueDraw()
        return .stop
    }

    private func releaseAllKeys() {
        let released = heldKeys.values
        heldKeys = [:]
        for key in released { keys[key]?.queueDraw() }
    }

    static func namedKey(_ keyval: UInt32) -> CalculatorInput.NamedKey? {
        switch keyval {
        case Key.returnKey: .returnKey
        case Key.keypadEnter: .keypadEnter
        case Key.escape: .escape
        case Key.delete, Key.named("KP_Delete"): .delete
        case Key.backSpace: .backSpace
        case Key.named("Insert"), Key.named("KP_Insert"): .insert
        default: nil
        }
    }

    /// A result (after = or an Error) is announced; a digit typed is not:
    /// its key's name was heard.
    private func announceResult() { display.announce(display.text) }

    /// Shows the model's display and pending operator.
    private func refresh() {
        let text: String
        switch model.display {
        case .number(let number): text = number
        case .error: text = localized("Error")
        }
        if display.text != text {
            display.text = text
            fitDisplayFont()
        }
        display.accessibleName = text
        for button in keys.values { button.queueDraw() }
    }
}

/// The key and background pictures, loaded once each at 1× or 2× as the
/// current size needs and kept where the window is drawn (`ScreenPicture`),
/// not decoded in this process's private memory.
@MainActor
private final class Pictures {
    private let path: (String) -> String
    private var cache: [String: ScreenPicture?] = [:]

    init(path: @escaping (String) -> String) { self.path = path }

    func image(_ name: String, for layout: CalculatorLayout, scale: Int, drawingIn context: DrawingContext)
        -> ScreenPicture?
    {
        let file = layout.wants2x(deviceScale: scale) ? "\(name)@2x.png" : "\(name).png"
        if let cached = cache[file] { return cached }
        var loaded: ScreenPicture?
        do {
            loaded = context.makeScreenPicture(try Pixbuf(path: path(file)))
        } catch {
            printError("calculator: \(error.message)")
        }
        cache[file] = loaded
        return loaded
    }
}

extension Rect {
    init(_ r: CalculatorLayout.Rect) { self.init(x: r.x, y: r.y, width: r.width, height: r.height) }
}
