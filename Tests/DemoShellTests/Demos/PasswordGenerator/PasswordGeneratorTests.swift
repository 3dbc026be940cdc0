import DemoShellKit
import DemoKitTesting
import Foundation
import PasswordGeneratorModel
import TestSupport
import XCTest

/// The Password Generator, opened through the real plugin loader and driven
/// through accessible names, real signals and real keys.
@MainActor
final class PasswordGeneratorTests: PasswordGeneratorTestCase {
    // MARK: Front side

    func testOpensWithTheOriginalsDefaultsAndNothingGeneratedYet() async throws {
        try open()
        let length = try control(SpinButton.self, "Password Length")
        XCTAssertEqual(length.intValue, 8)
        XCTAssertEqual(length.range, 4...128)
        for name in [
            "Show Phonetics", "Include Lower Case", "Include Upper Case", "Include Numbers", "Include Punctuation",
        ] {
            XCTAssertTrue(try control(Switch.self, name).isActive, name)
        }
        let avoid = try control(Switch.self, "Avoid Look-Alikes")
        XCTAssertFalse(avoid.isActive)
        XCTAssertEqual(avoid.tooltip, "Leaves out 0 O o 1 l I")
        XCTAssertFalse(isShown(try password), "the result is hidden until the first password")
        XCTAssertEqual(try password.text, "")
        XCTAssertEqual(strength, "Strength: Weak (49 bits)")
        XCTAssertTrue(try generate.hasFocus)
        XCTAssertEqual(unnamedControls(in: window), [])
    }

    func testTheFrontShowsItsPictureUnderThePage() async throws {
        try open()
        MainLoop.spin(seconds: 0.1)
        let backdrop = try XCTUnwrap(
            window.descendants.compactMap { $0.as(DrawingArea.self) }
                .first { !$0.hasStyleClass("password-flip") }, "the front's picture is drawn by a drawing area")
        XCTAssertTrue(backdrop.isMapped)
        let picture = try XCTUnwrap(backdrop.render())
        let right = picture.width - 20, bottom = picture.height - 20
        XCTAssertGreaterThan(picture.pixel(atX: right, y: bottom)?.alpha ?? 0, 0, "the glow at the bottom right")
        XCTAssertEqual(picture.pixel(atX: 2, y: 2)?.alpha, 0, "clear at the top left: the theme's colour shows")
    }

    func testEnterGeneratesAndTheResultFadesInToEightyFivePercent() async throws {
        try open()
        try generate.sendKey(Key.returnKey)
        try waitForNewPassword()
        let first = try password.text
        XCTAssertEqual(first.count, 8)
        XCTAssertTrue(isShown(try password))
        XCTAssertEqual(try result.opacity, 0.85, accuracy: 0.001)
        let phonetic = try control(TextView.self, "Phonetic")
        XCTAssertTrue(isShown(phonetic))
        XCTAssertEqual(phonetic.text, Phonetics.spell(first))
        XCTAssertTrue(isShown(try control(Button.self, "Copy")))
        XCTAssertTrue(isShown(try control(Button.self, "E-Mail Password")))
        XCTAssertTrue(try password.isSelectable)
        XCTAssertEqual(unnamedControls(in: window), [])

        // Again: the old password fades out, the new one in.
        try generate.click()
        var sawItFade = false
        let result = try result
        MainLoop.run(
            until: {
                sawItFade = sawItFade || result.opacity < 0.5
                return sawItFade
            }, timeout: 3)
        XCTAssertTrue(sawItFade, "a showing result fades out first")
        try waitForNewPassword(after: first)
        XCTAssertNotEqual(try password.text, first)
        XCTAssertEqual(phonetic.text, Phonetics.spell(try password.text))
    }

    func testClicksDuringAFadeRestartItCleanly() async throws {
        try open()
        let button = try generate
        button.click()
        MainLoop.spin(seconds: 0.2)
        button.click()
        MainLoop.spin(seconds: 0.1)
        button.click()
        try waitForNewPassword()
        let settled = try password.text
        XCTAssertEqual(settled.count, 8)
        MainLoop.spin(seconds: 0.5)
        XCTAssertEqual(try password.text, settled, "nothing changes once the fade is over")
        XCTAssertEqual(try result.opacity, 0.85, accuracy: 0.001)
        XCTAssertEqual(try control(TextView.self, "Phonetic").text, Phonetics.spell(settled))
    }

    func testStrengthFollowsTheLengthAndSwitchesBeforeGenerating() async throws {
        try open()
        let length = try control(SpinButton.self, "Password Length")
        length.value = 20
        XCTAssertEqual(strength, "Strength: Excellent (123 bits)")
        try control(Switch.self, "Include Punctuation").toggle()
        XCTAssertEqual(strength, "Strength: Excellent (119 bits)")  // 20 × log₂ 62 = 119.1
        try control(Switch.self, "Include Upper Case").toggle()
        try control(Switch.self, "Include Lower Case").toggle()
        XCTAssertEqual(strength, "Strength: Weak (66 bits)")  // 20 × log₂ 10
        let avoid = try control(Switch.self, "Avoid Look-Alikes")
        avoid.grabFocus()
        avoid.sendKey(Key.space)
        MainLoop.drain()
        XCTAssertTrue(avoid.isActive, "space flips the focused switch")
        XCTAssertEqual(strength, "Strength: Weak (60 bits)")  // 20 × 3
        length.step(by: -10)
        XCTAssertEqual(strength, "Strength: Poor (30 bits)")
        XCTAssertEqual(try password.text, "", "nothing generated")
    }

    func testNoCharacterSetShowsTheMessageAndMakesNoPassword() async throws {
        try open()
        try generate.click()
        try waitForNewPassword()
        XCTAssertNil(emptySetMessage.flatMap { isShown($0) ? $0 : nil })
        for name in ["Include Lower Case", "Include Upper Case", "Include Numbers", "Include Punctuation"] {
            let control = try control(Switch.self, name)
            control.grabFocus()
            control.sendKey(Key.space)
        }
        MainLoop.drain()
        let message = try XCTUnwrap(emptySetMessage)
        XCTAssertTrue(isShown(message), "the message stands where the password would")
        XCTAssertFalse(isShown(try password))
        XCTAssertEqual(strength, "")
        let before = try password.text
        try generate.click()
        MainLoop.spin(seconds: 0.3)
        XCTAssertEqual(try password.text, before, "no password is made")
        XCTAssertTrue(isShown(message))

        try control(Switch.self, "Include Numbers").toggle()
        XCTAssertFalse(isShown(message))
        try generate.click()
        try waitForNewPassword(after: before)
        XCTAssertTrue(try password.text.allSatisfy(\.isNumber))
    }

    func testShowPhoneticsHidesTheSpelling() async throws {
        try open()
        try control(Switch.self, "Show Phonetics").toggle()
        try generate.click()
        try waitForNewPassword()
        let phonetic = try control(TextView.self, "Phonetic")
        XCTAssertFalse(isShown(phonetic))
        try control(Switch.self, "Show Phonetics").toggle()
        XCTAssertTrue(isShown(phonetic))
        XCTAssertEqual(phonetic.text, Phonetics.spell(try password.text))
    }

    func testChoicesAreKeptAndRestoredButNeverThePassword() async throws {
        try open()
        try control(SpinButton.self, "Password Length").value = 31
        try control(Switch.self, "Avoid Look-Alikes").toggle()
        try control(Switch.self, "Include Punctuation").toggle()
        try generate.click()
        try waitForNewPassword()
        let secret = try password.text
        let path = host.settings.path
        window.destroy()
        MainLoop.drain()

        let saved = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertFalse(saved.contains(secret), "the password is never written")
        try open(settingsPath: path)
        XCTAssertEqual(try control(SpinButton.self, "Password Length").intValue, 31)
        XCTAssertTrue(try control(Switch.self, "Avoid Look-Alikes").isActive)
        XCTAssertFalse(try control(Switch.self, "Include Punctuation").isActive)
        XCTAssertTrue(try control(Switch.self, "Include Numbers").isActive)
        XCTAssertEqual(try password.text, "")
    }

    // MARK: Sharing

    func testACopyOutlivesTheWindowAndIsMarkedSecret() async throws {
        try open()
        try generate.click()
        try waitForNewPassword()
        let secret = try password.text
        try control(Button.self, "Copy").click()
        XCTAssertEqual(gtkResult { await Clipboard.standard.text() } ?? nil, secret)
        XCTAssertNotNil(window.find(Label.self, named: "Copied — clears in 60 s"))
        // Copy, close, paste: the minute promised still runs.
        window.destroy()
        MainLoop.spin(seconds: 0.2)
        XCTAssertEqual(gtkResult { await Clipboard.standard.text() } ?? nil, secret, "the copy outlives the window")
        XCTAssertTrue(Clipboard.standard.holdsOwnText(secret))
        XCTAssertEqual(try readAsAnotherClient(target: "UTF8_STRING"), secret, "another program can paste it")
        XCTAssertEqual(
            try readAsAnotherClient(target: Clipboard.passwordManagerHint), "secret",
            "clipboard managers are told to skip it")
        Clipboard.standard.clear()
    }

    func testWhatTheUserCopiedSinceIsNeverWiped() async throws {
        try open()
        try generate.click()
        try waitForNewPassword()
        try control(Button.self, "Copy").click()
        Clipboard.standard.setText("my own note")
        window.destroy()
        MainLoop.drain()
        XCTAssertEqual(gtkResult { await Clipboard.standard.text() } ?? nil, "my own note")
        Clipboard.standard.clear()
    }

    func testMailWithoutAMailProgramSaysSo() async throws {
        try skipUnlessMailHasNoProgram()

        try open()
        try generate.click()
        try waitForNewPassword()
        try control(Button.self, "E-Mail Password").click()
        let dialog = try XCTUnwrap(waitForWindow(titled: "Could not open the mail program"))
        let message = try XCTUnwrap(dialog.as(MessageDialog.self))
        XCTAssertTrue(message.detail.contains("default e-mail application"))
        XCTAssertFalse(message.detail.contains(try password.text), "the password is not repeated in the message")
        XCTAssertTrue(dialog.transientFor === window)
        try XCTUnwrap(dialog.find(Button.self, named: "OK")).click()
        XCTAssertTrue(MainLoop.run(until: { !Window.all.contains { $0 === dialog } }))
    }

    /// Once the mail dialog had closed, an AT-SPI client listing
    /// windows made GTK and ATK log criticals (the dialog's accessible
    /// outliving its widget). A client connected throughout, one that keeps
    /// what it met (as screen readers and inspectors do) and asks again
    /// after the close, must find the dialog gone and cause no critical.
    func testAnATSPIClientAfterTheMailDialogSeesNoDeadWindow() async throws {
        try skipUnlessMailHasNoProgram()
        let client = try buildATSPIClient()
        try open()
        try generate.click()
        try waitForNewPassword()
        XCTAssertTrue(
            try listWindows(with: client).contains("Password Generator [frame]"), "the client reaches this app")
        try control(Button.self, "E-Mail Password").click()
        let dialog = try XCTUnwrap(waitForWindow(titled: "Could not open the mail program"))
        let keeper = try KeepingATSPIClient(client)
        XCTAssertTrue(MainLoop.run(until: { keeper.output.contains("listed") }, timeout: 10), "the client never listed")
        XCTAssertTrue(keeper.output.contains("Could not open the mail program [alert]"), keeper.output)
        try XCTUnwrap(dialog.find(Button.self, named: "OK")).click()
        XCTAssertTrue(MainLoop.run(until: { !Window.all.contains { $0 === dialog } }))
        MainLoop.spin(seconds: 0.2)
        let again = try keeper.askAgain()
        XCTAssertTrue(again.contains("[alert] defunct"), "the closed dialog answers as gone:\n\(again)")
        let listing = try listWindows(with: client, depth: 40)
        XCTAssertFalse(listing.contains("Could not open the mail program"), "and is not listed:\n\(listing)")
        // GtkTestCase fails the test on any GTK or ATK critical it caused.
    }

    // MARK: Back side

    func testTheInfoButtonTurnsToTheOtherDemosAndDoneTurnsBack() async throws {
        let hello = DemoInfo(
            id: "say-hello", name: "Say Hello", description: "Type your name", category: "Getting Started",
            iconName: "face-smile-symbolic", version: "1.0")
        let labels = DemoInfo(
            id: "labels", name: "Labels", description: "Wrapped text", category: "Controls",
            iconName: "format-text-bold-symbolic", version: "1.0")
        try open(others: [hello, labels])
        let about = try control(Button.self, "About")
        let done = try control(Button.self, "Done")
        XCTAssertFalse(done.isVisible)
        about.click()
        XCTAssertTrue(MainLoop.run(until: { done.isVisible }), "Done appears as the back side turns into view")
        let list = try control(ListBox.self, "Other demos")
        waitForTheTurn()
        XCTAssertTrue(list.isMapped)
        XCTAssertTrue(
            window.focusedWidget === list.row(at: 0),
            "the turn ends on the list, not on \(window.focusedWidget?.typeName ?? "nothing") \(window.focusedWidget?.accessibleName ?? "")"
        )
        XCTAssertNotNil(window.find(Label.self, named: "Check out our other applications."))
        XCTAssertNil(window.find(ListBoxRow.self, named: "Password Generator"), "not itself")
        XCTAssertEqual(unnamedControls(in: window), [])

        let row = try control(ListBoxRow.self, "Labels")
        row.grabFocus()
        row.sendKey(Key.returnKey)
        MainLoop.drain()
        XCTAssertEqual(host.openedDemos, ["labels"])

        window.sendKey(Key.escape)
        waitForTheTurn()
        XCTAssertFalse(done.isVisible, "Escape turns back")
        XCTAssertTrue(about.hasFocus)

        // Done pressed while the back is still turning in: it turns back after.
        about.click()
        XCTAssertTrue(MainLoop.run(until: { done.isVisible }))
        XCTAssertTrue(isTurning)
        done.click()
        waitForTheTurn()
        XCTAssertTrue(about.isMapped && about.hasFocus, "Done turns back to the front")
        XCTAssertFalse(done.isVisible)
        XCTAssertFalse(list.isMapped)
    }

    /// The other demos are one Tab stop, as the launcher's list
    /// is: Tab leaves the list for Done, Shift+Tab comes back to it, the
    /// arrows move among its rows.
    func testTheOtherDemosAreOneTabStop() async throws {
        let others = ["say-hello", "labels", "buttons"].map {
            DemoInfo(
                id: $0, name: $0.capitalized, description: "A demo", category: "Controls",
                iconName: "face-smile-symbolic", version: "1.0")
        }
        let manager = try WindowManager()  // keys as on a desktop
        defer { manager.stop() }
        try open(others: others)
        activate(window)
        try control(Button.self, "About").click()
        waitForTheTurn()
        let list = try control(ListBox.self, "Other demos")
        let rows = (0..<3).compactMap { list.row(at: $0) }
        XCTAssertTrue(rows[0].hasFocus)
        window.sendKey(Key.down)
        MainLoop.drain()
        XCTAssertTrue(rows[1].hasFocus, "Down: the next row")
        window.sendKey(Key.tab)
        MainLoop.drain()
        XCTAssertTrue(
            try control(Button.self, "Done").hasFocus,
            "Tab leaves the list: \(window.focusedWidget?.accessibleName ?? "nothing")")
        window.sendKey(Key.leftTab, modifiers: .shift)
        MainLoop.drain()
        XCTAssertTrue(window.focusedWidget?.isInside(list) ?? false, "Shift+Tab comes back to the list")
        rows[1].grabFocus()
        window.sendKey(Key.leftTab, modifiers: .shift)
        MainLoop.drain()
        XCTAssertFalse(window.focusedWidget?.isInside(list) ?? true, "and from any row, leaves it backwards")
    }

    func testTheBackSideSaysSoWhenThereIsNoOtherDemo() async throws {
        try open()
        try control(Button.self, "About").click()
        let done = try control(Button.self, "Done")
        waitForTheTurn()
        XCTAssertTrue(done.isVisible)
        let empty = try XCTUnwrap(window.find(Label.self, named: "No other demos are installed."))
        XCTAssertTrue(MainLoop.run(until: { empty.isMapped }))
    }
}
