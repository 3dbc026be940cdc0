import TextBounds
import DemoKit
import PasswordGeneratorModel

/// The Password Generator window. Front: the length, the switches, Generate,
/// and the result fading in, with Copy and E-Mail below, always in view;
/// back: the shell's other demos. Every rule (the sets, the drawing, the
/// spelling, the strength, the layout, the mail link, the fade's timing) is
/// the model's; this wires widgets to it.
@MainActor
final class PasswordGeneratorView: DemoView {
    let window: Window
    let host: DemoHost
    private let headerBar: HeaderBar
    let style = CssProvider()
    private var backdrop: (scale: Int, picture: ScreenPicture)?
    var options: PasswordOptions

    // Front side.
    let lengthSpin = SpinButton(
        range: Double(PasswordOptions.lengthRange.lowerBound)...Double(PasswordOptions.lengthRange.upperBound))
    private var switches: [(option: Option, control: Switch)] = []
    private let generateButton = Button(label: localized("_Generate Password"))
    private let strengthLabel = Label()
    private let noSetLabel = Label(localized("No password character set selected."))
    /// The password and its spelling: hidden until the first password, then
    /// faded on each generation. No scroller of its own: the page scrolls.
    private let result = Box(.vertical, spacing: 12)
    private let passwordLabel = Label()
    /// The password's frame: padding and background around the label, so
    /// the label's width is the text's own (see `showPending`).
    private let passwordBlock = Box(.vertical)
    private let phoneticView = TextView(isEditable: false)
    private let phoneticFrame = Box(.vertical)
    let copyButton = Button(label: localized("_Copy"))
    let mailButton = Button(label: localized("_E-Mail Password"))
    let statusLabel = Label()
    private let aboutButton = Button(iconName: "help-about-symbolic", name: localized("About"))

    // Back side.
    private let doneButton = Button(label: localized("_Done"))
    let demoList = ListBox()
    var listedDemoIDs: [String] = []
    private(set) var flip: FlipView!

    /// The password shown, and the one waiting for the fade to reach zero.
    private(set) var shown: ShownPassword?
    private var pending: ShownPassword?
    /// The result's fade: out, the pending password in at zero, then in.
    private var fade: ResultFade!

    /// The password this window last copied, while it may be on the clipboard.
    var copiedPassword: String?

    init(host: DemoHost) {
        self.host = host
        options = PasswordOptions(integer: { host.settings.integer($0) }, boolean: { host.settings.boolean($0) })
        let frame = DemoWindow(title: host.info.name, width: 480, height: 760)
        window = frame.window
        headerBar = frame.headerBar
        if let error = style.load(path: host.resourcePath("password.css")) {
            printError("password: cannot load its style sheet: \(error)")
        }

        doneButton.addStyleClass("suggested-action")
        doneButton.isExcludedFromShowAll = true
        doneButton.onClicked { [unowned self] _ in self.flip.turn(toBack: false) }
        headerBar.packEnd(doneButton)

        flip = FlipView(front: makeFront(), back: { [unowned self] in self.makeBack() }, style: style)
        flip.onSideAppears = { [unowned self] back in self.doneButton.isVisible = back }
        flip.onTurned = { [unowned self] back in
            if back { (self.demoList.row(at: 0) ?? self.doneButton).grabFocus() } else { self.aboutButton.grabFocus() }
        }
        window.add(flip.overlay)
        window.setDefault(generateButton)

        let navigating = ShortcutsGroup(
            title: localized("Navigating"), shortcuts: [Shortcut("Escape", localized("Back to the front"))])
        window.onKeyPress(listing: navigating) { [unowned self] _, key in
            guard key.keyval == Key.escape, key.modifiers.isEmpty, self.flip.showsBack else { return .proceed }
            self.flip.turn(toBack: false)
            return .stop
        }
        fade = ResultFade(result) { [unowned self] in self.showPending() }
        // The clipboard keeps its own timer (see `copyPassword`); only the
        // fade dies with the window.
        window.onDestroy { [unowned self] _ in self.fade.stop() }

        window.showAll()
        refresh()
        generateButton.grabFocus()
    }

    // MARK: Front side

    private func makeFront() -> Widget {
        // Looks like a list, but only its controls take the focus: a list
        // box would add a nameless Tab stop for every row.
        let list = Box(.vertical)
        list.addStyleClass("frame")
        list.addStyleClass("view")
        list.accessibleName = localized("Password options")

        setUpLengthField()
        list.append(row(localized("Password _Length"), control: lengthSpin))

        for option in Option.allCases {
            let control = Switch(isActive: value(of: option), accessibleName: Self.name(of: option))
            control.verticalAlignment = .center
            var caption: Label?
            if option == .avoidsLookAlikes {
                // In monospace, where l and I (and 0 and O) can be told apart.
                let template = localized("Leaves out {characters}")
                let characters = PasswordOptions.lookAlikesShown
                caption = Label()
                caption?.setMarkup(
                    template.textComponents(separatedBy: "{characters}")
                        .map { Markup.escape(String($0)) }
                        .joined(separator: "<tt>\(Markup.escape(characters))</tt>"))
                control.tooltip = template.filling(["characters": characters])
                control.accessibleDescription = template.filling(["characters": characters])
            }
            list.append(row(Self.mnemonic(of: option), control: control, caption: caption))
            switches.append((option, control))
        }

        for (option, control) in switches {
            control.onToggled { [unowned self] control in
                self.set(option, control.isActive)
                self.optionsChanged()
            }
            // Space and Enter flip the focused switch, as GNOME's do.
            control.onKeyPress { control, key in
                guard key.modifiers.isEmpty,
                    [Key.space, Key.returnKey, Key.keypadEnter].contains(key.keyval)
                else { return .proceed }
                control.toggle()
                return .stop
            }
        }

        generateButton.addStyleClass("suggested-action")
        generateButton.horizontalAlignment = .center
        generateButton.setSizeRequest(width: 220, height: 40)
        generateButton.onClicked { [unowned self] _ in self.generate() }

        // Shown and hidden by `refresh` alone, whoever calls showAll.
        for widget: Widget in [strengthLabel, noSetLabel, result, phoneticFrame] { widget.isExcludedFromShowAll = true }
        strengthLabel.addStyleClass("password-strength")
        strengthLabel.addStyleProvider(style)
        noSetLabel.addStyleClass("password-error")
        noSetLabel.addStyleProvider(style)
        noSetLabel.wraps = true
        noSetLabel.justification = .center

        // A monospace block of equal lines (see `showPending`), centred,
        // its text flush left: broken anywhere, never at punctuation.
        passwordLabel.accessibleDescription = localized("Password")
        passwordLabel.addStyleClass("password-text")
        passwordLabel.addStyleProvider(style)
        passwordLabel.isSelectable = true
        passwordLabel.wraps = true
        passwordLabel.wrapMode = .character
        // A hyphen at a line's end would read as part of the password.
        passwordLabel.setInsertsHyphens(false)
        passwordLabel.xAlign = 0
        passwordBlock.addStyleClass("password-block")
        passwordBlock.addStyleProvider(style)
        passwordBlock.horizontalAlignment = .center
        passwordBlock.append(passwordLabel)

        phoneticView.accessibleName = localized("Phonetic")
        phoneticView.wrapMode = .word
        phoneticView.isCursorVisible = false
        phoneticView.leftMargin = 6
        phoneticView.rightMargin = 6
        phoneticView.topMargin = 6
        phoneticView.bottomMargin = 6
        // Its whole height: the page scrolls, not a box inside it.
        phoneticFrame.addStyleClass("frame")
        phoneticFrame.append(phoneticView)
        phoneticView.show()

        result.opacity = 0
        result.append(passwordBlock)
        result.append(phoneticFrame)
        passwordBlock.showAll()

        statusLabel.addStyleClass("dim-label")
        statusLabel.wraps = true
        statusLabel.justification = .center

        let content = Box(.vertical, spacing: 18)
        content.setMargins(top: 24, bottom: 18, start: 24, end: 24)
        content.append(list)
        content.append(generateButton)
        content.append(strengthLabel)
        content.append(noSetLabel)
        content.append(result)
        let scroller = ScrolledWindow()
        scroller.add(content)

        let column = Box(.vertical)
        column.append(scroller, expand: true)
        column.append(makeActions())
        column.expandsHorizontally = true
        column.expandsVertically = true
        // The picture under the page, drawn by a drawing area in the same
        // grid cell (GTK draws a cell's children in the order they came).
        let backdrop = DrawingArea()
        backdrop.expandsHorizontally = true
        backdrop.expandsVertically = true
        backdrop.onDraw { [unowned self] area, context in
            self.drawBackdrop(area, context)
            return .stop
        }
        let page = Grid()
        page.addStyleClass("password-front")
        page.addStyleProvider(style)
        page.attach(backdrop, column: 0, row: 0)
        page.attach(column, column: 0, row: 0)
        return page
    }

    /// The quiet picture of the front, as CSS's `background-size: cover` at
    /// the bottom centre would place it, kept where the window is drawn
    /// (`ScreenPicture`) rather than decoded in this process's private memory.
    private func drawBackdrop(_ area: DrawingArea, _ context: DrawingContext) {
        let scale = max(1, area.scaleFactor)
        if backdrop?.scale != scale {
            let file = host.resourcePath(scale > 1 ? "background@2x.png" : "background.png")
            backdrop = (try? Pixbuf(path: file)).flatMap { context.makeScreenPicture($0) }.map { (scale, $0) }
        }
        guard let picture = backdrop?.picture else { return }
        let bounds = area.bounds
        let fit = max(bounds.width / picture.width, bounds.height / picture.height)
        let width = picture.width * fit, height = picture.height * fit
        context.draw(
            picture, in: Rect(x: (bounds.width - width) / 2, y: bounds.height - height, width: width, height: height))
    }

    /// Under the scrolled part, so never pushed out of the window by a long
    /// password: the last message, Copy, E-Mail and the About button.
    private func makeActions() -> Widget {
        copyButton.onClicked { [unowned self] _ in self.copyPassword() }
        mailButton.onClicked { [unowned self] _ in self.mailPassword() }
        aboutButton.isFlat = true
        aboutButton.addStyleClass("circular")
        aboutButton.verticalAlignment = .center
        aboutButton.onClicked { [unowned self] _ in self.turnToBack() }

        let buttons = Box(.horizontal, spacing: 12)
        buttons.append(copyButton)
        buttons.append(mailButton)
        let bar = Box(.horizontal, spacing: 12)
        bar.append(buttons, expand: true)
        bar.append(aboutButton)

        let actions = Box(.vertical, spacing: 8)
        actions.setMargins(top: 8, bottom: 12, start: 24, end: 12)
        actions.append(statusLabel)
        actions.append(bar)
        return actions
    }

    /// A list row: a label (with its mnemonic for `control`), an optional
    /// dim caption under it, and the control at the end.
    private func row(_ text: String, control: Widget, caption: Label? = nil) -> Widget {
        let label = Label()
        label.setMnemonic(text, for: control)
        label.xAlign = 0
        let labels = Box(.vertical, spacing: 2)
        labels.verticalAlignment = .center
        labels.append(label)
        if let small = caption {
            small.xAlign = 0
            small.wraps = true
            small.addStyleClass("dim-label")
            labels.append(small)
        }
        let box = Box(.horizontal, spacing: 12)
        box.setMargins(top: 8, bottom: 8, start: 14, end: 12)
        box.append(labels, expand: true)
        box.append(control)
        return box
    }

    /// The shown password must come from the options on screen: when they
    /// no longer draw it (another length, other characters), a new one is
    /// drawn, as password managers' generators do.
    func optionsChanged() {
        if !options.hasCharacterSet {
            pending = nil
        } else if let current = pending ?? shown, !current.matches(options) {
            draw()
        }
        refresh()
        save()
    }

    /// Brings every widget in line with the options and the password shown.
    private func refresh() {
        // The password's own strength once there is one; until then, what
        // the options would make.
        if let strength = shown?.strength ?? Strength(options) {
            strengthLabel.text = localized("Strength: {label} ({bits} bits)")
                .filling(["label": Self.name(of: strength.rating), "bits": String(strength.bits)])
        }
        strengthLabel.isVisible = options.hasCharacterSet
        noSetLabel.isVisible = !options.hasCharacterSet
        result.isVisible = options.hasCharacterSet && (shown != nil || pending != nil)
        phoneticFrame.isVisible = options.showsPhonetics
        copyButton.isSensitive = result.isVisible && shown != nil
        mailButton.isSensitive = copyButton.isSensitive
    }

    /// Only the options: a password is never written anywhere.
    private func save() {
        let settings = host.settings
        settings.set(options.length, for: PasswordOptions.Key.length.rawValue)
        for (key, value) in options.booleans { settings.set(value, for: key) }
        if let error = settings.save() {
            statusLabel.text = localized("Your choices could not be saved: {reason}").filling(["reason": error])
        }
    }

    // MARK: Generating

    private func generate() {
        refillEmptyLengthField()
        lengthSpin.update()
        draw()
    }

    /// Draws a password for the options and fades it in.
    private func draw() {
        let password: String
        do {
            password = try PasswordGenerator.generate(options)
        } catch {
            refresh()
            return
        }
        pending = ShownPassword(
            password: password, phonetic: Phonetics.spell(password, name: Self.localizedName),
            options: options)
        let visible = result.isVisible && shown != nil
        if !visible { result.opacity = 0 }
        refresh()
        fade.start(from: visible ? result.opacity : 0)
    }

    /// The new password goes in with its strength, in one step: the
    /// strength line never describes a password that is not on screen.
    private func showPending() {
        guard let pending else { return }
        shown = pending
        self.pending = nil
        // One line's width of this font's characters, and half of one
        // more for rounding: Pango then breaks every line at the same place.
        // (Character counts would not do: glyphs hinted to whole pixels are
        // wider than GTK's estimate, and a line's last character would wrap.)
        let lineLength = PasswordLayout.lineLength(for: pending.password.count)
        let line = passwordLabel.pixelWidth(of: String(pending.password.prefix(lineLength)))
        passwordLabel.maxWidthChars = lineLength
        passwordLabel.setSizeRequest(width: line + passwordLabel.pixelWidth(of: "0") / 2, height: -1)
        passwordLabel.text = pending.password
        phoneticView.text = pending.phonetic
        refresh()
        passwordLabel.announce(Self.announcement(of: pending.password, strength: strengthLabel.text))
    }
}
