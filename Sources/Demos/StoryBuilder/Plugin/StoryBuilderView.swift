import TextBounds
import DemoKit
import StoryBuilderModel

/// Story Builder's window: Place, Verb and Number entries, an editable
/// template, the Generate Story button and the story. Every rule (what a
/// field accepts, how the story is made) is `StoryRules`'; this wires widgets
/// to it and keeps the last entries in the plugin's settings.
@MainActor
final class StoryBuilderView: DemoView {
    let window: Window
    private let settings: Settings
    private let style = CssProvider()
    private var entries: [StoryField: Entry] = [:]
    private let template = TextView()
    private let story = TextView(isEditable: false)
    private let status = Label()
    private let generateButton = Button(label: localized("_Generate Story"))
    private let resetButton = Button(label: localized("_Reset Template"))
    private let copyButton = Button(label: localized("_Copy"))
    /// Fields shown in the error style since the last Generate Story.
    private var flagged: [StoryField] = []
    private var pendingSave: SourceID?
    /// Whether the status line says why a number was refused.
    private var isShowingTooLong = false
    /// Under Number, shown while what was last typed there was refused:
    /// says why, as the bell alone does not.
    private let numberRefusal = Label()
    private var keepsNumberRefusal = false

    /// The default template in the current language. In Chinese it is the
    /// original book's, word for word.
    static var defaultTemplate: String {
        localized(
            "Last summer, somewhere near the <place>, I watched <number> penguins <verb> in perfect time to the music.")
    }

    init(host: DemoHost) {
        settings = host.settings
        window = DemoWindow(title: host.info.name, width: 560, height: 680).window
        let stylePath = host.resourcePath("story.css")
        if let error = style.load(path: stylePath) {
            printError("story: cannot load \(stylePath): \(error)")
        }

        let form = Grid(rowSpacing: 8, columnSpacing: 12)
        // GtkGrid lists its children to screen readers newest first: attached
        // from the last (Number's line under its entry) to the first, they are
        // read as they are seen, Place, Verb, Number, each label before its entry.
        // (Tab follows the positions on screen either way.)
        numberRefusal.xAlign = 0
        numberRefusal.wraps = true
        numberRefusal.addStyleClass("story-error")
        numberRefusal.addStyleProvider(style)
        numberRefusal.isExcludedFromShowAll = true
        form.attach(numberRefusal, column: 1, row: StoryField.allCases.count)
        for field in StoryField.allCases.reversed() {
            let entry = makeEntry(for: field)
            let label = Label()
            label.setMnemonic(Self.mnemonicName(of: field), for: entry)
            label.xAlign = 1
            form.attach(entry, column: 1, row: field.rawValue)
            form.attach(label, column: 0, row: field.rawValue)
            entries[field] = entry
        }

        let content = Box(.vertical, spacing: 8)
        content.setMargins(18)
        content.append(form)
        content.append(makeTemplateSection(), expand: true)
        content.append(makeGenerateRow())
        content.append(makeStorySection(), expand: true)
        window.add(content)

        restoreSettings()
        updateButtons()
        window.onDestroy { [unowned self] _ in
            self.pendingSave?.cancel()
            self.save()
        }
        window.showAll()
        entries[.place]?.grabFocus()
    }

    // MARK: Building

    private func makeEntry(for field: StoryField) -> Entry {
        let entry = Entry(placeholder: Self.hint(for: field))
        entry.accessibleName = Self.name(of: field)
        // The placeholder is drawn, not exposed: screen readers read the
        // description ("Digits only, such as 7") after the name.
        entry.accessibleDescription = Self.hint(for: field)
        entry.expandsHorizontally = true
        entry.widthChars = 24
        entry.showClearIcon(tooltip: localized("Clear"))
        if field == .number {
            // Typed characters other than digits are refused as typed: a bell,
            // the text (and any selection) unchanged.
            entry.onKeyPress { [unowned self] entry, key in
                guard let character = key.character, key.modifiers.isDisjoint(with: [.control, .alt, .superKey]),
                    !StoryRules.accepts(character, in: .number)
                else { return .proceed }
                entry.errorBell()
                self.showNumberRefused()
                return .stop
            }
        }
        // Pasted, dropped or restored text: only what the field accepts.
        if field == .number {
            // Digits only; a number too long for the field is refused whole, with the reason.
            entry.setInsertFilter { [unowned self] entry, offered in
                let insertion = StoryRules.insertion(offered, into: .number, holding: entry.text)
                if insertion.refusedSomething {
                    entry.errorBell()
                    // A number too long is said in the status line instead.
                    if offered.contains(where: { !StoryRules.accepts($0, in: .number) }) {
                        self.showNumberRefused()
                        // The digits taken ("12" of "12ab") change the text next: the line stays.
                        self.keepsNumberRefusal = !insertion.text.isEmpty
                    }
                }
                if let count = StoryRules.digitsThatDoNotFit(offered, holding: entry.text) { self.showTooLong(count) }
                return insertion.text
            }
        } else {
            entry.bound(
                filter: { offered, current in
                    let insertion = StoryRules.insertion(offered, into: field, holding: current)
                    return (insertion.text, insertion.refusedSomething)
                }, cutting: StoryRules.limit(for: field).cuttingLongCharacters)
        }
        entry.onChanged { [unowned self] _ in self.fieldChanged(field) }
        entry.onActivate { [unowned self] _ in
            if let next = StoryField(rawValue: field.rawValue + 1), let entry = self.entries[next] {
                entry.grabFocus()
            } else {
                self.generate()
            }
        }
        return entry
    }

    private func makeTemplateSection() -> Widget {
        template.accessibleName = localized("Template")
        // The template's light red and the story's light green are tints of
        // the theme's own field colour; a HighContrast theme keeps its own.
        if !Toolkit.usesHighContrastTheme { template.addStyleClass("story-template") }
        configure(template)
        template.bound(filter: StoryRules.templateLimit.filter, cutting: StoryRules.templateLimit.cuttingLongCharacters)
        template.onChanged { [unowned self] _ in
            self.updateButtons()
            self.scheduleSave()
        }

        resetButton.tooltip = localized("Put the default template back")
        resetButton.onClicked { [unowned self] _ in
            self.template.text = Self.defaultTemplate
            self.template.grabFocus()
        }
        return section(title: localized("_Template"), for: template, button: resetButton, height: 110)
    }

    private func makeGenerateRow() -> Widget {
        generateButton.addStyleClass("story-generate")
        generateButton.addStyleProvider(style)
        generateButton.horizontalAlignment = .center
        generateButton.setSizeRequest(width: 240, height: -1)
        generateButton.onClicked { [unowned self] _ in self.generate() }

        status.accessibleDescription = localized("Status")
        status.wraps = true
        status.justification = .center
        status.addStyleProvider(style)

        let box = Box(.vertical, spacing: 6)
        box.setMargins(top: 6, bottom: 0, start: 0, end: 0)
        box.append(generateButton)
        box.append(status)
        return box
    }

    private func makeStorySection() -> Widget {
        story.accessibleName = localized("Story")
        if !Toolkit.usesHighContrastTheme { story.addStyleClass("story-output") }
        story.isCursorVisible = false
        configure(story)
        story.onChanged { [unowned self] _ in self.updateButtons() }
        copyButton.tooltip = localized("Copy the story to the clipboard")
        copyButton.onClicked { [unowned self] _ in self.copyStory() }
        return section(title: localized("St_ory"), for: story, button: copyButton, height: 110)
    }

    private func configure(_ view: TextView) {
        view.wrapsWords()
        view.acceptsTab = false
        view.leftMargin = 10
        view.rightMargin = 10
        view.topMargin = 8
        view.bottomMargin = 8
        view.addStyleProvider(style)
    }

    /// A heading with a mnemonic and a button beside it, over a framed,
    /// scrolling text view.
    private func section(title: String, for view: TextView, button: Button, height: Int) -> Widget {
        let heading = Label()
        heading.setMnemonic(title, for: view)
        heading.xAlign = 0
        heading.addStyleClass("story-heading")
        heading.addStyleProvider(style)

        let header = Box(.horizontal, spacing: 12)
        header.append(heading, expand: true)
        header.append(button)

        let scroller = ScrolledWindow()
        scroller.showsFrame = true
        scroller.setSizeRequest(width: -1, height: height)
        scroller.add(view)

        let box = Box(.vertical, spacing: 6)
        box.setMargins(top: 10, bottom: 0, start: 0, end: 0)
        box.append(header)
        box.append(scroller, expand: true)
        return box
    }

    // MARK: Behaviour

    private func generate() {
        var values: [StoryField: String] = [:]
        for (field, entry) in entries { values[field] = entry.text }
        switch StoryRules.generate(template: template.text, values: values) {
        case .story(let text):
            story.text = text
            story.announce(text)
            flagged = []
            showStatus(nil)
        case .missing(let fields):
            flagged = fields
            for field in StoryField.allCases {
                if fields.contains(field) {
                    entries[field]?.addStyleClass("error")
                } else {
                    entries[field]?.removeStyleClass("error")
                }
            }
            // The story shown no longer answers the form: cleared, so it
            // cannot be read or copied as if it did (Copy follows the text).
            story.text = ""
            showMissing()
            if let first = fields.first { entries[first]?.grabFocus() }
        }
    }

    private func fieldChanged(_ field: StoryField) {
        if field == .number {
            if !keepsNumberRefusal { numberRefusal.hide() }
            keepsNumberRefusal = false
        }
        if let entry = entries[field], !entry.text.isEmpty, flagged.contains(field) {
            entry.removeStyleClass("error")
            flagged.removeAll { $0 == field }
            showMissing()
        } else if field == .number, isShowingTooLong {
            showMissing()
        }
        scheduleSave()
    }

    /// Says, under Number and to screen readers, that a letter typed or
    /// pasted there was not taken; the next change to Number takes it away.
    private func showNumberRefused() {
        let text = localized("Only digits can go in Number.")
        let already = numberRefusal.isVisible && numberRefusal.text == text
        numberRefusal.text = text
        numberRefusal.show()
        // Once while it shows: a second letter rings the bell, not the whole sentence.
        if !already { entries[.number]?.announce(text) }
    }

    /// Says why a number was refused; the next change to Number takes it away.
    private func showTooLong(_ count: Int) {
        let limit = ["maximum": "\(StoryRules.maximumNumberLength)"]
        showStatus(
            count == 1
                ? localized("A number has at most {maximum} digits.").filling(limit)
                : localized("A number has at most {maximum} digits: the {count} pasted were not taken.")
                    .filling(limit.merging(["count": "\(count)"]) { $1 }),
            isError: true)
        isShowingTooLong = true
    }

    private func showMissing() {
        guard !flagged.isEmpty else { return showStatus(nil) }
        let names = flagged.map(Self.name(of:)).joined(separator: localized(", "))
        showStatus(localized("Please fill in: {fields}").filling(["fields": names]), isError: true)
    }

    private func showStatus(_ text: String?, isError: Bool = false) {
        isShowingTooLong = false
        status.text = text ?? ""
        if isError { status.addStyleClass("story-error") } else { status.removeStyleClass("story-error") }
    }

    private func copyStory() {
        let text = story.text
        guard !text.isEmpty else { return }
        Clipboard.standard.setText(text)
        showStatus(localized("The story is on the clipboard."))
        status.announce(status.text)
    }

    private func updateButtons() {
        resetButton.isSensitive = template.text != Self.defaultTemplate
        copyButton.isSensitive = !story.text.isEmpty
    }

    // MARK: Settings

    private func restoreSettings() {
        for field in StoryField.allCases {
            entries[field]?.text = StoryRules.restored(settings.string(field.settingsKey), for: field)
        }
        template.text = settings.string("template").map(StoryRules.template) ?? Self.defaultTemplate
        pendingSave?.cancel()
        pendingSave = nil
    }

    /// Saves half a second after the last edit, so typing does not write the
    /// file on every key (and once more when the window closes).
    private func scheduleSave() {
        pendingSave?.cancel()
        pendingSave = window.after(milliseconds: 500) { [weak self] in
            self?.pendingSave = nil
            self?.save()
        }
    }

    private func save() {
        for (field, entry) in entries { settings.set(entry.text, for: field.settingsKey) }
        let text = template.text
        // The default is not stored, so it follows the language.
        if text == Self.defaultTemplate { settings.remove("template") } else { settings.set(text, for: "template") }
        if let error = settings.save() {
            printError("story: cannot save settings: \(error)")
            showStatus(localized("Your entries could not be saved: {reason}").filling(["reason": error]), isError: true)
        }
    }

    // MARK: Names

    static func name(of field: StoryField) -> String {
        switch field {
        case .place: localized("Place")
        case .verb: localized("Verb")
        case .number: localized("Number")
        }
    }

    static func mnemonicName(of field: StoryField) -> String {
        switch field {
        case .place: localized("_Place")
        case .verb: localized("_Verb")
        case .number: localized("_Number")
        }
    }

    static func hint(for field: StoryField) -> String {
        switch field {
        case .place: localized("A place, such as a beach")
        case .verb: localized("Something to do, such as dance")
        case .number: localized("Digits only, such as 7")
        }
    }
}
