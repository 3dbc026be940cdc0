import DemoKit
import SayHelloModel

/// Say Hello's window: a name field, a Greet button and the greeting.
/// All rules are `SayHelloModel`'s; this only wires widgets to it.
@MainActor
final class SayHelloView {
    let window: Window
    private let entry = Entry(placeholder: localized("Enter your name"))
    private let greeting = Label()
    private let model = SayHelloModel()
    private var isNormalizing = false

    init(host: DemoHost) {
        window = DemoWindow(title: host.info.name, width: 440, height: 240).window

        let nameLabel = Label()
        nameLabel.setMnemonic(localized("_Name"), for: entry)
        entry.accessibleName = localized("Name")
        entry.expandsHorizontally = true
        entry.widthChars = 18

        let greetButton = Button(label: localized("_Greet"))
        greetButton.addStyleClass("suggested-action")

        let row = Box(.horizontal, spacing: 12)
        row.append(nameLabel)
        row.append(entry, expand: true)
        row.append(greetButton)

        // The greeting's text is what a screen reader reads; what it is, its description.
        greeting.accessibleDescription = localized("Greeting")
        greeting.wraps = true
        greeting.justification = .center
        greeting.isSelectable = true
        greeting.canFocus = false
        greeting.copySelection(as: SayHelloModel.copiedText)
        greeting.verticalAlignment = .center
        greeting.expandsVertically = true

        let content = Box(.vertical, spacing: 24)
        content.setMargins(24)
        content.append(row)
        content.append(greeting, expand: true)
        window.add(content)

        entry.setInsertFilter { [unowned self] entry, offered in
            // The selection being replaced is already gone when this runs.
            let insertion = self.model.insertion(offered, into: entry.text)
            if insertion.refusedSomething { entry.errorBell() }
            return insertion.text
        }
        entry.onChanged { [unowned self] entry in self.normalize(entry) }
        entry.onActivate { [unowned self] _ in self.greet() }
        greetButton.onClicked { [unowned self] _ in self.greet() }
        window.retain(self)
        window.showAll()
        entry.grabFocus()
    }

    /// Keeps the field as the model wants it while the user types or pastes.
    private func normalize(_ entry: Entry) {
        guard !isNormalizing else { return }
        let typed = entry.text
        let wanted = model.normalized(typed)
        guard wanted != typed else { return }
        isNormalizing = true
        let cursor = min(entry.cursorPosition, wanted.unicodeScalars.count)
        entry.text = wanted
        entry.cursorPosition = cursor
        isNormalizing = false
    }

    private func greet() {
        switch model.greet(entry.text) {
        case .greet(let name):
            greeting.setMarkup("<span size='xx-large'>\(Markup.escape(localized("Hello, {name}!").filling(["name": SayHelloModel.isolated(name)])))</span>")
        case .emptyName:
            greeting.text = ""
            let dialog = MessageDialog(parent: window, kind: .warning,
                                       title: localized("Name cannot be empty"),
                                       detail: localized("Please enter a name, then press the button again."))
            dialog.addButton(localized("_OK"), response: .ok)
            dialog.setDefaultResponse(.ok)
            dialog.onResponse { [unowned self] dialog, _ in
                dialog.destroy()
                self.entry.grabFocus()
            }
            dialog.present()
        }
    }
}
