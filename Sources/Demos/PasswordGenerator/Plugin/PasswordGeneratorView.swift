import DemoKit
import PasswordGeneratorModel

/// The Password Generator window. Front: the length, the switches, Generate,
/// and the result fading in; back: the shell's other demos. Every rule (the
/// sets, the drawing, the spelling, the strength, the mail link, the fade's
/// timing) is the model's; this wires widgets to it.
@MainActor
final class PasswordGeneratorView {
    let window: Window
    private let host: DemoHost
    private let headerBar: HeaderBar
    private let style = CssProvider()
    private var options: PasswordOptions

    // Front side.
    private let lengthSpin = SpinButton(range: Double(PasswordOptions.lengthRange.lowerBound)...Double(PasswordOptions.lengthRange.upperBound))
    private var switches: [(option: Option, control: Switch)] = []
    private let generateButton = Button(label: localized("_Generate Password"))
    private let strengthLabel = Label()
    private let noSetLabel = Label(localized("No password character set selected."))
    /// The password, its spelling and the buttons: hidden until the first
    /// password, then faded on each generation.
    private let result = Box(.vertical, spacing: 12)
    private let passwordLabel = Label()
    private let phoneticView = TextView(isEditable: false)
    private let phoneticScroller = ScrolledWindow()
    private let copyButton = Button(label: localized("_Copy"))
    private let mailButton = Button(label: localized("_E-Mail Password"))
    private let statusLabel = Label()
    private let aboutButton = Button(iconName: "help-about-symbolic", name: localized("About"))

    // Back side.
    private let doneButton = Button(label: localized("_Done"))
    private let demoList = ListBox()
    private var listedDemoIDs: [String] = []
    private var flip: FlipView!

    /// The password shown, and the one waiting for the fade to reach zero.
    private var shown: (password: String, phonetic: String)?
    private var pending: (password: String, phonetic: String)?
    private var fade: FadeTimeline?
    private var fadeFrom = 0.0
    private var fadeTickID: UInt32?

    /// The password put on the clipboard, and the timer that clears it.
    private var copied: String?
    private var clipboardTimer: SourceID?

    /// A switch on the front side and the option it sets.
    enum Option: CaseIterable {
        case showsPhonetics, lowerCase, upperCase, numbers, punctuation, avoidsLookAlikes
    }

    init(host: DemoHost) {
        self.host = host
        options = PasswordOptions(integer: { host.settings.integer($0) }, boolean: { host.settings.boolean($0) })
        let frame = DemoWindow(title: host.info.name, width: 480, height: 760)
        window = frame.window
        headerBar = frame.headerBar
        if let error = style.load(path: host.resourcePath("password/password.css")) {
            printError("password: cannot load its style sheet: \(error)")
        }

        doneButton.addStyleClass("suggested-action")
        doneButton.isExcludedFromShowAll = true
        doneButton.onClicked { [unowned self] _ in self.flip.turn(toBack: false) }
        headerBar.packEnd(doneButton)

        flip = FlipView(front: makeFront(), back: makeBack(), style: style)
        flip.onSideAppears = { [unowned self] back in
            self.doneButton.isVisible = back
        }
        flip.onTurned = { [unowned self] back in
            if back { (self.demoList.row(at: 0) ?? self.doneButton).grabFocus() } else { self.aboutButton.grabFocus() }
        }
        window.add(flip.overlay)
        window.setDefault(generateButton)

        window.onKeyPress { [unowned self] _, key in
            guard key.keyval == Key.escape, key.modifiers.isEmpty, self.flip.showsBack else { return .proceed }
            self.flip.turn(toBack: false)
            return .stop
        }
        window.onDestroy { [unowned self] _ in self.windowClosing() }

        window.retain(self)
        window.showAll()
        refresh()
        generateButton.grabFocus()
    }

    // MARK: Front side

    private func makeFront() -> Widget {
        let list = ListBox()
        list.addStyleClass("frame")
        list.accessibleName = localized("Password options")

        lengthSpin.value = Double(options.length)
        lengthSpin.isNumeric = true
        lengthSpin.refusesInvalidText = true
        lengthSpin.widthChars = 4
        lengthSpin.maxLength = 3
        // Digits only (full-width ones too), three at most: a bell otherwise.
        lengthSpin.bound(filter: PasswordOptions.lengthText, cutting: { _ in nil })
        lengthSpin.activatesDefault = true
        lengthSpin.accessibleName = localized("Password Length")
        lengthSpin.verticalAlignment = .center
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
                caption?.setMarkup(template.split(separator: "{characters}", omittingEmptySubsequences: false)
                    .map { Markup.escape(String($0)) }
                    .joined(separator: "<tt>\(Markup.escape(characters))</tt>"))
                control.tooltip = template.filling(["characters": characters])
                control.accessibleDescription = template.filling(["characters": characters])
            }
            list.append(row(Self.mnemonic(of: option), control: control, caption: caption))
            switches.append((option, control))
        }

        lengthSpin.onValueChanged { [unowned self] spin in
            self.options.length = spin.intValue
            self.optionsChanged()
        }
        for (option, control) in switches {
            control.onToggled { [unowned self] control in
                self.set(option, control.isActive)
                self.optionsChanged()
            }
            // Space and Enter flip the focused switch. (Left to GTK, the list
            // box would take them first, to activate its row.)
            control.onKeyPress { control, key in
                guard key.modifiers.isEmpty,
                      [Key.space, Key.returnKey, Key.keypadEnter].contains(key.keyval) else { return .proceed }
                control.toggle()
                return .stop
            }
        }

        generateButton.addStyleClass("suggested-action")
        generateButton.horizontalAlignment = .center
        generateButton.setSizeRequest(width: 220, height: 40)
        generateButton.onClicked { [unowned self] _ in self.generate() }

        // Shown and hidden by `refresh` alone, whoever calls showAll.
        for widget: Widget in [strengthLabel, noSetLabel, result, phoneticScroller] { widget.isExcludedFromShowAll = true }
        strengthLabel.addStyleClass("password-strength")
        strengthLabel.addStyleProvider(style)
        noSetLabel.addStyleClass("password-error")
        noSetLabel.addStyleProvider(style)
        noSetLabel.wraps = true
        noSetLabel.justification = .center

        passwordLabel.accessibleDescription = localized("Password")
        passwordLabel.addStyleClass("password-text")
        passwordLabel.addStyleProvider(style)
        passwordLabel.isSelectable = true
        passwordLabel.wraps = true
        passwordLabel.justification = .center
        passwordLabel.horizontalAlignment = .center

        phoneticView.accessibleName = localized("Phonetic")
        phoneticView.wrapMode = .word
        phoneticView.isCursorVisible = false
        phoneticView.leftMargin = 4
        phoneticView.rightMargin = 4
        phoneticView.topMargin = 6
        phoneticView.bottomMargin = 6
        phoneticScroller.addStyleClass("frame")
        phoneticScroller.add(phoneticView)
        phoneticScroller.propagatesNaturalHeight = true
        phoneticScroller.setProperty("max-content-height", 110)

        copyButton.onClicked { [unowned self] _ in self.copyPassword() }
        mailButton.onClicked { [unowned self] _ in self.mailPassword() }
        let buttons = Box(.horizontal, spacing: 12)
        buttons.horizontalAlignment = .center
        buttons.isHomogeneous = true
        buttons.append(copyButton)
        buttons.append(mailButton)

        result.opacity = 0
        result.append(passwordLabel)
        result.append(phoneticScroller)
        result.append(buttons)
        passwordLabel.show()
        phoneticView.show()
        buttons.showAll()

        statusLabel.addStyleClass("dim-label")
        statusLabel.wraps = true
        statusLabel.justification = .center

        aboutButton.isFlat = true
        aboutButton.addStyleClass("circular")
        aboutButton.horizontalAlignment = .end
        aboutButton.verticalAlignment = .end
        aboutButton.onClicked { [unowned self] _ in self.turnToBack() }

        let content = Box(.vertical, spacing: 18)
        content.setMargins(top: 24, bottom: 12, start: 24, end: 24)
        content.append(list)
        content.append(generateButton)
        content.append(strengthLabel)
        content.append(noSetLabel)
        content.append(result)
        content.append(statusLabel)
        content.append(aboutButton, expand: true)

        let scroller = ScrolledWindow()
        scroller.add(content)
        let page = Box(.vertical)
        page.addStyleClass("password-front")
        page.addStyleProvider(style)
        page.append(scroller, expand: true)
        return page
    }

    /// A list row: a label (with its mnemonic for `control`), an optional
    /// dim caption under it, and the control at the end.
    private func row(_ text: String, control: Widget, caption: Label? = nil) -> ListBoxRow {
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
        let row = ListBoxRow(child: box)
        row.isActivatable = false
        row.isSelectable = false
        return row
    }

    static func name(of option: Option) -> String {
        switch option {
        case .showsPhonetics: localized("Show Phonetics")
        case .lowerCase: localized("Include Lower Case")
        case .upperCase: localized("Include Upper Case")
        case .numbers: localized("Include Numbers")
        case .punctuation: localized("Include Punctuation")
        case .avoidsLookAlikes: localized("Avoid Look-Alikes")
        }
    }

    static func mnemonic(of option: Option) -> String {
        switch option {
        case .showsPhonetics: localized("Show _Phonetics")
        case .lowerCase: localized("Include Lo_wer Case")
        case .upperCase: localized("Include _Upper Case")
        case .numbers: localized("Include _Numbers")
        case .punctuation: localized("Include Punc_tuation")
        case .avoidsLookAlikes: localized("Avoid Look-_Alikes")
        }
    }

    private func value(of option: Option) -> Bool {
        switch option {
        case .showsPhonetics: options.showsPhonetics
        case .lowerCase: options.includesLowerCase
        case .upperCase: options.includesUpperCase
        case .numbers: options.includesNumbers
        case .punctuation: options.includesPunctuation
        case .avoidsLookAlikes: options.avoidsLookAlikes
        }
    }

    private func set(_ option: Option, _ value: Bool) {
        switch option {
        case .showsPhonetics: options.showsPhonetics = value
        case .lowerCase: options.includesLowerCase = value
        case .upperCase: options.includesUpperCase = value
        case .numbers: options.includesNumbers = value
        case .punctuation: options.includesPunctuation = value
        case .avoidsLookAlikes: options.avoidsLookAlikes = value
        }
    }

    private func optionsChanged() {
        refresh()
        save()
    }

    /// Brings every widget in line with the options and the password shown.
    private func refresh() {
        if let strength = Strength(options) {
            strengthLabel.text = localized("Strength: {label} ({bits} bits)")
                .filling(["label": Self.name(of: strength.rating), "bits": String(strength.bits)])
        }
        strengthLabel.isVisible = options.hasCharacterSet
        noSetLabel.isVisible = !options.hasCharacterSet
        result.isVisible = options.hasCharacterSet && (shown != nil || pending != nil)
        phoneticScroller.isVisible = options.showsPhonetics
    }

    static func name(of rating: Strength.Rating) -> String {
        switch rating {
        case .poor: localized("Poor")
        case .weak: localized("Weak")
        case .good: localized("Good")
        case .excellent: localized("Excellent")
        }
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
        lengthSpin.update()
        let password: String
        do {
            password = try PasswordGenerator.generate(options)
        } catch {
            refresh()
            return
        }
        pending = (password, Phonetics.spell(password, name: Self.localizedName))
        let visible = result.isVisible && shown != nil
        if !visible { result.opacity = 0 }
        refresh()
        startFade(from: visible ? result.opacity : 0)
    }

    /// Fades the result out (when showing), swaps in the pending password,
    /// and fades it in, on the frame clock. A new click restarts the fade
    /// from whatever opacity is showing.
    private func startFade(from opacity: Double) {
        guard Toolkit.animationsEnabled else {
            showPending()
            result.opacity = FadeTimeline.visibleOpacity
            return
        }
        if opacity == 0 { showPending() }
        fade = nil
        fadeFrom = opacity
        guard fadeTickID == nil else { return }
        fadeTickID = result.addTickCallback { [unowned self] time in self.fadeFrame(at: time) }
    }

    private func fadeFrame(at time: Microseconds) -> Bool {
        let fade = self.fade ?? FadeTimeline(start: time, from: fadeFrom)
        self.fade = fade
        if fade.phase(at: time) != .fadingOut { showPending() }
        result.opacity = fade.opacity(at: time)
        guard fade.phase(at: time) == .finished else { return true }
        self.fade = nil
        fadeTickID = nil
        return false
    }

    private func showPending() {
        guard let pending else { return }
        shown = pending
        self.pending = nil
        passwordLabel.text = pending.password
        phoneticView.text = pending.phonetic
    }

    /// A phonetic word in the interface language: NATO words stay as they
    /// are; digits and punctuation are translated.
    static func localizedName(_ word: PhoneticWord) -> String {
        switch word {
        case .letter, .other: return word.english
        case .digit(let digit):
            switch digit {
            case 0: return localized("Zero")
            case 1: return localized("One")
            case 2: return localized("Two")
            case 3: return localized("Three")
            case 4: return localized("Four")
            case 5: return localized("Five")
            case 6: return localized("Six")
            case 7: return localized("Seven")
            case 8: return localized("Eight")
            case 9: return localized("Nine")
            default: return word.english
            }
        case .punctuation(let mark):
            switch mark {
            case "~": return localized("Tilde")
            case "!": return localized("Exclamation Point")
            case "?": return localized("Question Mark")
            case "#": return localized("Pound Sign")
            case "%": return localized("Percent Sign")
            case "^": return localized("Caret")
            case "&": return localized("Ampersand")
            case "*": return localized("Asterisk")
            case "(": return localized("Left Parenthesis")
            case ")": return localized("Right Parenthesis")
            default: return word.english
            }
        }
    }

    // MARK: Sharing

    private func copyPassword() {
        guard let password = shown?.password else { return }
        clipboardTimer?.cancel()
        Clipboard.standard.setText(password)
        copied = password
        statusLabel.text = localized("Copied — clears in {seconds} s")
            .filling(["seconds": String(Sharing.clipboardLifetimeSeconds)])
        // Tied to the window: it cannot fire after the window is gone.
        clipboardTimer = window.after(milliseconds: Sharing.clipboardLifetimeMilliseconds) { [unowned self] in
            self.clipboardExpired()
        }
    }

    /// A minute on: the password leaves the clipboard, unless the user has
    /// copied something else since (that is theirs, and stays).
    private func clipboardExpired() {
        clipboardTimer = nil
        guard let copied else { return }
        self.copied = nil
        statusLabel.text = Clipboard.standard.clear(ifTextIs: copied) ? localized("Clipboard cleared.") : ""
    }

    /// The window closing takes the password off the clipboard now (if it is
    /// still there) rather than leave it for a minute with nobody to clear it.
    /// (The timer itself dies with the window.)
    private func windowClosing() {
        clipboardTimer = nil
        if let copied { Clipboard.standard.clear(ifTextIs: copied) }
        copied = nil
        if let fadeTickID { result.removeTickCallback(fadeTickID) }
        fadeTickID = nil
    }

    private func mailPassword() {
        guard let shown else { return }
        let link = MailLink.uri(password: shown.password,
                                phonetic: options.showsPhonetics ? shown.phonetic : nil,
                                subject: localized("Password Generator"),
                                passwordLabel: localized("Password:"),
                                phoneticLabel: localized("Phonetic:"))
        let password = shown.password
        URI.open(link, parent: window) { [weak self] error in
            guard let self, let error else { return }
            self.showMailFailure(error, password: password)
        }
    }

    /// The launch failed (no mail program, say): say so without the password.
    private func showMailFailure(_ error: String, password: String) {
        // GIO's reason, unless it repeats the link (and so the password).
        let reason = error.contains("mailto:") || error.contains(password) ? nil : error
        let advice = localized("Choose a default e-mail application in your system settings, then try again.")
        let dialog = MessageDialog(parent: window, kind: .warning,
                                   title: localized("Could not open the mail program"),
                                   detail: reason.map { $0 + "\n\n" + advice } ?? advice)
        dialog.addButton(localized("_OK"), response: .ok)
        dialog.setDefaultResponse(.ok)
        dialog.onResponse { [unowned self] dialog, _ in
            dialog.destroy()
            self.mailButton.grabFocus()
        }
        dialog.present()
    }

    // MARK: Back side

    private func makeBack() -> Widget {
        let heading = Label(localized("Check out our other applications."))
        heading.addStyleClass("password-heading")
        heading.addStyleProvider(style)
        heading.wraps = true
        heading.xAlign = 0

        demoList.addStyleClass("frame")
        demoList.accessibleName = localized("Other demos")
        demoList.activatesOnSingleClick = true
        let empty = Label(localized("No other demos are installed."))
        empty.addStyleClass("dim-label")
        empty.setMargins(24)
        empty.show()
        demoList.setPlaceholder(empty)
        demoList.onRowActivated { [unowned self] _, row in
            guard self.listedDemoIDs.indices.contains(row.index) else { return }
            self.host.openDemo(id: self.listedDemoIDs[row.index])
        }

        let content = Box(.vertical, spacing: 18)
        content.setMargins(24)
        content.append(heading)
        content.append(demoList)
        let scroller = ScrolledWindow()
        scroller.add(content)
        let page = Box(.vertical)
        page.addStyleClass("password-back")
        page.addStyleProvider(style)
        page.append(scroller, expand: true)
        return page
    }

    /// Lists the other demos as the shell knows them now, then turns over.
    private func turnToBack() {
        guard !flip.isTurning else { return }
        let others = host.availableDemos.filter { $0.id != host.info.id }
        if others.map(\.id) != listedDemoIDs || demoList.children.count != others.count {
            for row in demoList.children { demoList.remove(row) }
            listedDemoIDs = others.map(\.id)
            for info in others { demoList.append(demoRow(info)) }
            demoList.showAll()
        }
        flip.turn(toBack: true)
    }

    private func demoRow(_ info: DemoInfo) -> ListBoxRow {
        let icon = host.iconImage(for: info, pixelSize: 32)
        icon.verticalAlignment = .center
        let name = Label(info.name)
        name.xAlign = 0
        name.setMarkup("<b>\(Markup.escape(info.name))</b>")
        let description = Label(info.description)
        description.xAlign = 0
        description.wraps = true
        description.addStyleClass("dim-label")
        let labels = Box(.vertical, spacing: 2)
        labels.verticalAlignment = .center
        labels.append(name)
        labels.append(description)
        let box = Box(.horizontal, spacing: 14)
        box.setMargins(top: 10, bottom: 10, start: 14, end: 14)
        box.append(icon)
        box.append(labels, expand: true)
        let row = ListBoxRow(child: box)
        row.accessibleName = info.name
        row.accessibleDescription = info.description
        row.isSelectable = false
        return row
    }
}
