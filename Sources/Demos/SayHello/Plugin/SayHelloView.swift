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

        // The SDK's bounded entry, as every field of every demo: the model
        // says what goes in and what the text becomes (capitals, the cut).
        entry.bound(filter: SayHelloModel.limit.filter, cutting: { [model] typed in
            let wanted = model.normalized(typed)
            return wanted == typed ? nil : wanted
        })
        entry.onActivate { [unowned self] _ in self.greet() }
        greetButton.onClicked { [unowned self] _ in self.greet() }
        window.retain(self)
        window.showAll()
        entry.grabFocus()
    }

    private func greet() {
        switch model.greet(entry.text) {
        case .greet(let name):
            greeting.setMarkup("<span size='xx-large'>\(Markup.escape(localized("Hello, {name}!").filling(["name": SayHelloModel.isolated(name)])))</span>")
            greeting.announce(greeting.text)
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
