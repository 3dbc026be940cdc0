import TextBounds
import DemoKit
import PasswordGeneratorModel

/// Copying and mailing the password shown.
extension PasswordGeneratorView {
    /// Copies the password as a secret: clipboard managers are told to skip
    /// it, and it is cleared a minute on if it is still there, whether or not
    /// this window is still open (the application stays up until then).
    func copyPassword() {
        guard let password = shown?.password else { return }
        Clipboard.standard.setSecret(
            password, clearingAfter: Sharing.clipboardLifetimeMilliseconds,
            holding: host.application
        ) { [weak self] cleared in
            // A newer copy from this window already has its own message.
            guard let self, self.copiedPassword == password else { return }
            self.copiedPassword = nil
            if cleared {
                self.statusLabel.showAndAnnounce(localized("Clipboard cleared."))
            } else {
                self.statusLabel.text = ""
            }
        }
        copiedPassword = password
        statusLabel.showAndAnnounce(
            localized("Copied — clears in {seconds} s")
                .filling(["seconds": String(Sharing.clipboardLifetimeSeconds)]))
    }

    func mailPassword() {
        guard let shown else { return }
        let link = MailLink.uri(
            password: shown.password,
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
        let reason = error.containsText("mailto:") || error.containsText(password) ? nil : error
        let advice = localized("Choose a default e-mail application in your system settings, then try again.")
        let dialog = MessageDialog(
            parent: window, kind: .warning,
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
}
