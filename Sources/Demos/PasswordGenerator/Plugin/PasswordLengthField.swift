import DemoKit
import PasswordGeneratorModel

/// The length field: the rules are `PasswordOptions`'; this applies them as
/// the user types, pastes or steps.
extension PasswordGeneratorView {
    /// The length: a whole number from 4 to 128, typed, pasted or stepped.
    func setUpLengthField() {
        lengthSpin.value = Double(options.length)
        lengthSpin.isNumeric = true
        // Below 4 or above 128 is brought to the nearest end, not refused.
        lengthSpin.refusesInvalidText = false
        lengthSpin.widthChars = 4
        lengthSpin.activatesDefault = true
        lengthSpin.accessibleName = localized("Password Length")
        lengthSpin.verticalAlignment = .center
        // A whole number or nothing: "4.5" is refused with the bell, not
        // read as 45. A refused paste over a selection would leave the field
        // empty (GTK deletes the selection first): the length comes back.
        lengthSpin.setInsertFilter { [unowned self] spin, offered in
            let (text, refused) = PasswordOptions.lengthText(offered, spin.text)
            if refused {
                spin.errorBell()
                spin.idle { [unowned self] in self.refillEmptyLengthField() }
            }
            return text
        }
        lengthSpin.onChanged { [unowned self] spin in
            // Above 128 becomes 128 at once.
            if let text = PasswordOptions.fieldText(spin.text) {
                spin.text = text
                return
            }
            // The strength (and the password) follow the digits as typed.
            if let length = PasswordOptions.length(fromText: spin.text) { self.setLength(length) }
        }
        lengthSpin.onValueChanged { [unowned self] spin in self.setLength(spin.intValue) }
        // An emptied field keeps its length (GTK would read nothing as 0).
        lengthSpin.onActivate { [unowned self] _ in self.refillEmptyLengthField() }
        lengthSpin.onFocusOut { [unowned self] _ in self.refillEmptyLengthField() }
    }

    /// A new length from the field, typed or stepped.
    private func setLength(_ length: Int) {
        guard length != options.length else { return }
        options.length = length
        optionsChanged()
    }

    func refillEmptyLengthField() {
        if lengthSpin.text.isEmpty { lengthSpin.text = String(options.length) }
    }
}
