import DemoShellKit
import ShellModel
import TextBounds

/// The small dialog of New Demo and Save as New Demo: a name, the id it
/// gives (shown as the name is typed, so the learner knows the folder and
/// `--run=ID` before anything is made) and, for New Demo, where the demo
/// starts from. What goes wrong is shown in the dialog, which stays open
/// with what was typed: no input is lost to a read-only or full disk.
@MainActor
final class NewDemoDialog {
    /// A starting point: Blank (no id) or an installed demo.
    struct Start: Equatable {
        let id: String?
        let name: String
    }

    let window: Window
    let nameEntry: Entry
    /// "Its id: my-demo", or why there is none yet.
    let idLabel: Label
    /// Nil in Save as New Demo (it starts from the demo shown).
    let startingPoint: ComboBoxText?
    let createButton: Button
    /// Why the last Create failed; hidden until one has.
    let problemLabel: Label
    private let starts: [Start]
    /// The entry's description waits for a pause in typing (`nameChanged`).
    private var pendingDescription: SourceID?
    /// How long typing pauses before the entry's description follows the id.
    static let descriptionPause = 600
    private let identity: (String) -> DemoIdentity?
    /// Makes the demo: the problem to show, or nil once it is made (the
    /// dialog then closes).
    var onCreate: ((_ name: String, _ start: Start?) -> MyDemosProblem?)?

    /// `identity` gives the identity a typed name would get now (nil for a
    /// name that is empty once cleaned).
    init(
        title: String, accept: String, acceptName: String, parent: Window, name: String, starts: [Start],
        identity: @escaping (String) -> DemoIdentity?
    ) {
        self.starts = starts
        self.identity = identity
        window = Window(title: title)
        window.accessibleName = title
        window.transientFor = parent
        window.isModal = true
        window.setDefaultSize(width: 420, height: -1)
        let header = HeaderBar(title: title, showsCloseButton: false)
        let cancel = Button(label: localized("_Cancel"))
        cancel.accessibleName = localized("Cancel")
        createButton = Button(label: accept)
        createButton.accessibleName = acceptName
        createButton.addStyleClass("suggested-action")
        header.packStart(cancel)
        header.packEnd(createButton)
        window.setTitlebar(header)

        nameEntry = Entry()
        nameEntry.accessibleName = localized("Demo Name")
        nameEntry.bound(filter: DemoNaming.limit.filter, cutting: DemoNaming.limit.cuttingLongCharacters)
        nameEntry.activatesDefault = true
        nameEntry.widthChars = 28
        let nameLabel = Label()
        nameLabel.setMnemonic(localized("Demo _name"), for: nameEntry)
        nameLabel.xAlign = 0
        idLabel = Label()
        idLabel.xAlign = 0
        idLabel.wraps = true
        idLabel.wrapMode = .wordCharacter
        idLabel.addStyleClass("dim-label")
        problemLabel = Label()
        problemLabel.xAlign = 0
        problemLabel.wraps = true
        problemLabel.wrapMode = .wordCharacter
        problemLabel.isSelectable = true
        problemLabel.canFocus = false
        problemLabel.addStyleClass("error")
        problemLabel.isExcludedFromShowAll = true

        let content = Box(.vertical, spacing: 6)
        content.setMargins(18)
        content.append(nameLabel)
        content.append(nameEntry)
        content.append(idLabel)
        if starts.isEmpty {
            startingPoint = nil
        } else {
            let combo = ComboBoxText()
            combo.accessibleName = localized("Starting Point")
            combo.nameItsButton(localized("Starting Point"))
            combo.ellipsizesEntries()
            for (index, start) in starts.enumerated() { combo.append(id: String(index), text: start.name) }
            combo.activeIndex = 0
            let startLabel = Label()
            startLabel.setMnemonic(localized("_Starting point"), for: combo)
            startLabel.xAlign = 0
            startLabel.setMargins(top: 12, bottom: 0, start: 0, end: 0)
            content.append(startLabel)
            content.append(combo)
            startingPoint = combo
        }
        content.append(problemLabel)
        window.add(content)
        window.setDefault(createButton)

        nameEntry.text = name
        nameEntry.onChanged { [unowned self] _ in self.nameChanged() }
        cancel.onClicked { [unowned self] _ in self.window.destroy() }
        createButton.onClicked { [unowned self] _ in self.create() }
        window.onKeyPress { [unowned self] _, key in
            guard key.keyval == Key.escape, key.modifiers.isEmpty else { return .proceed }
            self.window.destroy()
            return .stop
        }
        window.retain(self)
        nameChanged()
        pendingDescription?.cancel()
        pendingDescription = nil
        nameEntry.accessibleDescription = idLabel.text  // told at once when the dialog opens
    }

    func present() {
        window.showAll()
        window.present()
        nameEntry.grabFocus()
        nameEntry.selectAll()
    }

    /// The starting point chosen (nil in Save as New Demo).
    var chosenStart: Start? {
        guard let index = startingPoint?.activeIndex, starts.indices.contains(index) else { return nil }
        return starts[index]
    }

    /// The id as the name is typed, and the name the demo will have when
    /// another demo has this one (`identity` gives the next free name, as
    /// Import offers it: two demos never share a name); Create only once
    /// there is a name.
    private func nameChanged() {
        let demo = identity(nameEntry.text)
        let id = demo.map { localized("Its id: {id}").filling(["id": $0.id]) } ?? localized("A demo needs a name.")
        idLabel.text = [demo.flatMap { DemoNaming.takenNameNote(typed: nameEntry.text, free: $0.name) }, id]
            .compactMap { $0 }.joined(separator: "\n")
        // Told with the field once typing pauses: a description changed on
        // every key ("Its id: m", "Its id: mi") was read after each letter.
        pendingDescription?.cancel()
        pendingDescription = nameEntry.after(milliseconds: Self.descriptionPause) { [weak self] in
            guard let self else { return }
            self.pendingDescription = nil
            self.nameEntry.accessibleDescription = self.idLabel.text
        }
        createButton.isSensitive = demo != nil
        problemLabel.isVisible = false
    }

    private func create() {
        guard createButton.isSensitive, let onCreate else { return }
        guard let problem = onCreate(nameEntry.text, chosenStart) else {
            window.destroy()
            return
        }
        problemLabel.text = problem.message
        problemLabel.isVisible = true
        _ = problemLabel.announce(problem.message)
        nameEntry.grabFocus()
    }
}
