import DemoKit
import SayHelloModel

/// Say Hello's window: a name field, a Greet button and the greeting.
/// All rules are `SayHelloModel`'s; this only wires widgets to it.
@MainActor
final class SayHelloView: DemoView {
    let window: Window
    private let entry = Entry(placeholder: localized("Enter your name"))
    private let greeting = Label()
    /// Shown (and announced) when the name is cut at its limit.
    private let limitNote = Label(
        localized("A name has at most {count} characters.")
            .filling(["count": String(SayHelloModel.maximumNameLength)]))
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

        limitNote.xAlign = 0
        limitNote.wraps = true
        limitNote.addStyleClass("dim-label")
        limitNote.setProperty("no-show-all", true)
        limitNote.isVisible = false

        let field = Box(.vertical, spacing: 6)
        field.append(row)
        field.append(limitNote)

        let content = Box(.vertical, spacing: 24)
        content.setMargins(24)
        content.append(field)
        content.append(greeting, expand: true)
        window.add(content)

        // The SDK's bounded entry, as every field of every demo: the model
        // says what goes in and what the text becomes (capitals, the cut).
        entry.bound(
            filter: { [weak self, model] offered, current in
                if model.isCutByLength(offered, into: current) { MainActor.assumeIsolated { self?.showLimit() } }
                return SayHelloModel.limit.filter(offered, current)
            },
            cutting: { [model] typed in
                let wanted = model.normalized(typed)
                return wanted == typed ? nil : wanted
            })
        _ = entry.onChanged { [unowned self] entry in
            if self.model.hasRoom(entry.text) { self.limitNote.isVisible = false }
        }
        entry.onActivate { [unowned self] _ in self.greet() }
        greetButton.onClicked { [unowned self] _ in self.greet() }
        window.showAll()
        entry.grabFocus()
    }

    /// Says why the typing stopped: once as the note appears, beside the field.
    private func showLimit() {
        guard !limitNote.isVisible else { return }
        limitNote.isVisible = true
        limitNote.announce(limitNote.text)
    }

    private func greet() {
        switch model.greet(entry.text) {
        case .greet(let name):
            greeting.setMarkup(
                "<span size='xx-large'>\(Markup.escape(localized("Hello, {name}!").filling(["name": SayHelloModel.isolated(name)])))</span>"
            )
            greeting.announce(greeting.text)
        case .emptyName:
            greeting.text = ""
            let dialog = MessageDialog(
                parent: window, kind: .warning,
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
