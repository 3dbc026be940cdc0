import DemoShellKit
import DemoKitTesting
import TestSupport
import XCTest

/// Guess the Number, opened through the real plugin loader and played with
/// real clicks and keys. The secret is random, so the tests play it out.
@MainActor
final class GuessNumberTests: GtkTestCase {
    private var window: Window!

    private struct Board {
        let tens: ListBox, units: ListBox, status: Label, hint: Label, guess: Button, restart: Button
    }

    private func open() throws -> Board {
        window = try openBuiltInDemo("guess-number").window
        show(window)
        return Board(
            tens: try XCTUnwrap(window.find(ListBox.self, named: "Tens")),
            units: try XCTUnwrap(window.find(ListBox.self, named: "Units")),
            status: try XCTUnwrap(window.find(Label.self, described: "Status")),
            hint: try XCTUnwrap(window.find(Label.self, described: "Range")),
            guess: try XCTUnwrap(window.find(Button.self, named: "Guess")),
            restart: try XCTUnwrap(window.find(Button.self, named: "Restart")))
    }

    /// The digits a column shows now (its rows, named by their digit).
    private func offered(_ list: ListBox) -> [Int] {
        list.children.compactMap { Int($0.accessibleName) }
    }

    /// The row of `digit`, while the column offers it.
    private func digitRow(_ list: ListBox, _ digit: Int) -> ListBoxRow? {
        list.children.first { $0.accessibleName == "\(digit)" }?.as(ListBoxRow.self)
    }

    private func selected(_ list: ListBox) -> Int? { list.selectedRow.flatMap { Int($0.accessibleName) } }

    /// Every number the picker lets the player pick now, through its rows.
    private func pickable(_ board: Board) -> [Int] {
        let keep = selected(board.tens)
        var numbers: [Int] = []
        for tens in offered(board.tens) {
            board.tens.select(digitRow(board.tens, tens))
            numbers += offered(board.units).map { tens * 10 + $0 }
        }
        if let keep { board.tens.select(digitRow(board.tens, keep)) }
        return numbers
    }

    private func pick(_ number: Int, on board: Board) {
        board.tens.select(digitRow(board.tens, number / 10))
        board.units.select(digitRow(board.units, number % 10))
        MainLoop.drain()
    }

    private func winDialog() -> MessageDialog? {
        Window.all.first { $0.isVisible && $0.as(MessageDialog.self) != nil }?.as(MessageDialog.self)
    }

    func testStartsWithTheWholeRangeAndNothingSaid() async throws {
        let board = try open()
        XCTAssertEqual(offered(board.tens), Array(0...9))
        XCTAssertEqual(offered(board.units), Array(0...9))
        XCTAssertEqual(selected(board.tens), 0)
        XCTAssertEqual(selected(board.units), 0)
        XCTAssertEqual(board.status.text, "")
        XCTAssertEqual(board.hint.text, "I'm thinking of a number from 0 to 99.")
        XCTAssertEqual(board.tens.selectionMode, .browse)
    }

    func testPickingARowOnlySelectsIt() async throws {
        let board = try open()
        let row = try XCTUnwrap(digitRow(board.tens, 7))
        row.sendClick(x: 20, y: 10, count: 2)
        MainLoop.drain()
        XCTAssertEqual(selected(board.tens), 7)
        XCTAssertEqual(board.status.text, "", "a click, even a double click, is no guess")
        XCTAssertNil(winDialog())
    }

    /// Plays binary search through the picker: every wrong guess is reported
    /// as the issue words it, the picker offers exactly the numbers still
    /// possible, and the win comes within seven guesses with the right dialog.
    func testBinarySearchWinsAndThePickerFollowsTheRange() async throws {
        let board = try open()
        var low = 0, high = 99, attempts = 0
        while winDialog() == nil {
            XCTAssertEqual(pickable(board), Array(low...high), "after \(attempts) guesses")
            XCTAssertEqual(selected(board.tens), low / 10, "the tens select their first entry")
            XCTAssertEqual(selected(board.units), low % 10, "the units select their first entry")
            let number = (low + high) / 2
            pick(number, on: board)
            board.guess.click()
            attempts += 1
            MainLoop.drain()
            if winDialog() != nil { break }
            // What a screen reader reads is the status itself; "Status" is its description.
            XCTAssertEqual(board.status.accessible?.name, board.status.text)
            XCTAssertEqual(board.status.accessible?.description, "Status")
            XCTAssertEqual(board.hint.accessible?.name, board.hint.text)
            if board.status.text == "Guess #\(attempts): too big." {
                high = number - 1
            } else {
                XCTAssertEqual(board.status.text, "Guess #\(attempts): too small.")
                low = number + 1
            }
            XCTAssertLessThan(attempts, 7)
            if attempts >= 7 { return }
        }
        let dialog = try XCTUnwrap(winDialog())
        XCTAssertTrue(dialog.isModal)
        XCTAssertTrue(dialog.transientFor === window)
        let expected: String
        switch attempts {
        case 1: expected = "Hmph, I won't tell you that guessing it in one try is rare!"
        case 2, 3: expected = "Hmph, I won't tell you that guessing it in \(attempts) tries is rare!"
        default: expected = "Don't overthink it, \(attempts) tries is perfectly normal. Keep it up!"
        }
        XCTAssertEqual(dialog.detail, expected)
        XCTAssertEqual(dialog.text, "You found it: \((low + high) / 2)!")
        // No wider than the game's window, its title on one line.
        XCTAssertTrue(MainLoop.run(until: { dialog.isMapped }))
        MainLoop.drain()
        XCTAssertLessThanOrEqual(dialog.size.width, window.size.width, "the dialog is no wider than its window")
        let title = try XCTUnwrap(dialog.descendants.compactMap { $0.as(Label.self) }.first { $0.text == dialog.text })
        XCTAssertEqual(title.lineCount, 1, "the title does not wrap")
        XCTAssertEqual(labelsHidingTheirText(in: dialog), [])

        // The game resets only once the dialog is dismissed.
        let statusBefore = board.status.text
        XCTAssertEqual(board.status.text, statusBefore)
        if attempts > 1 {  // a first-guess win (the secret was 49) never narrowed the board
            XCTAssertNotEqual(offered(board.tens), Array(0...9), "the board stays as it was behind the dialog")
        }
        let playAgain = try XCTUnwrap(dialog.find(Button.self, named: "Play Again"))
        playAgain.click()
        XCTAssertTrue(MainLoop.run(until: { self.winDialog() == nil }))
        XCTAssertEqual(board.status.text, "")
        XCTAssertEqual(offered(board.tens), Array(0...9))
        XCTAssertEqual(selected(board.tens), 0)
        XCTAssertEqual(selected(board.units), 0)
        XCTAssertEqual(board.hint.text, "I'm thinking of a number from 0 to 99.")
    }

    func testKeyboardTabUpDownAndEnter() async throws {
        let board = try open()
        XCTAssertTrue(digitRow(board.tens, 0)?.hasFocus == true, "the picker has the focus at first")
        window.sendKey(Key.down)
        window.sendKey(Key.down)
        MainLoop.drain()
        XCTAssertEqual(selected(board.tens), 2)
        window.sendKey(Key.up)
        MainLoop.drain()
        XCTAssertEqual(selected(board.tens), 1)
        window.sendKey(Key.up)
        window.sendKey(Key.up)
        MainLoop.drain()
        XCTAssertEqual(selected(board.tens), 0, "Up stops at the first digit")
        XCTAssertTrue(digitRow(board.tens, 0)?.hasFocus == true, "and the focus stays in the list")

        window.sendKey(Key.tab)
        MainLoop.drain()
        XCTAssertTrue(digitRow(board.units, 0)?.hasFocus == true, "Tab moves to the units")
        window.sendKey(Key.down)
        MainLoop.drain()
        XCTAssertEqual(selected(board.units), 1)
        window.sendKey(Key.tab)
        MainLoop.drain()
        XCTAssertTrue(board.restart.hasFocus, "then to Restart")
        window.sendKey(Key.tab)
        MainLoop.drain()
        XCTAssertTrue(board.guess.hasFocus, "then to Guess")
        board.units.selectedRow?.grabFocus()
        window.sendKey(Key.named("ISO_Left_Tab"), modifiers: .shift)
        MainLoop.drain()
        XCTAssertTrue(digitRow(board.tens, 0)?.hasFocus == true, "Shift+Tab goes back to the tens")

        digitRow(board.units, 1)?.grabFocus()
        window.sendKey(Key.returnKey)
        MainLoop.drain()
        if let dialog = winDialog() {
            XCTAssertEqual(dialog.detail, "Hmph, I won't tell you that guessing it in one try is rare!")
        } else {
            XCTAssertTrue(
                ["Guess #1: too big.", "Guess #1: too small."].contains(board.status.text), board.status.text)
            let tens = offered(board.tens)
            XCTAssertTrue(tens == [0] || tens == Array(0...9), "01 was guessed: \(tens)")
        }
    }

    func testChangingTheTensUpdatesTheUnitsAtOnce() async throws {
        let board = try open()
        // Narrow the range to one whose ends sit inside two tens (say 21–56).
        var low = 0, high = 99, number = 57
        for _ in 0..<2 {
            pick(number, on: board)
            board.guess.click()
            MainLoop.drain()
            if winDialog() != nil { return }  // 2 % of games: nothing left to check
            if board.status.text.hasSuffix("too big.") {
                high = number - 1
                number = 20
            } else {
                low = number + 1
                number = 80
            }
            XCTAssertEqual(pickable(board), Array(low...high))
        }
        board.tens.select(digitRow(board.tens, low / 10))
        MainLoop.drain()
        XCTAssertEqual(offered(board.units), Array((low % 10)...(low / 10 == high / 10 ? high % 10 : 9)))
        board.tens.select(digitRow(board.tens, high / 10))
        MainLoop.drain()
        XCTAssertEqual(offered(board.units), Array((low / 10 == high / 10 ? low % 10 : 0)...(high % 10)))
        XCTAssertTrue(offered(board.units).contains(selected(board.units) ?? -1), "the selected unit is one offered")
    }

    /// The digits a screen reader can find: the list's accessible children, by
    /// name (each also reports itself visible).
    private func spokenDigits(_ list: ListBox) -> [String] {
        let children = list.accessible?.children ?? []
        XCTAssertTrue(children.allSatisfy(\.isVisible))
        return children.map(\.name)
    }

    func testImpossibleNumbersAreNotOfferedToScreenReaders() async throws {
        let board = try open()
        XCTAssertEqual(spokenDigits(board.tens), (0...9).map { "\($0)" })
        // Guess 50, then 25 or 75: the range shrinks within one or two tens.
        var low = 0, high = 99
        for number in [50, 25] {
            let guess = number == 25 && low == 51 ? 75 : number
            pick(guess, on: board)
            board.guess.click()
            MainLoop.drain()
            if winDialog() != nil { return }
            if board.status.text.hasSuffix("too big.") { high = guess - 1 } else { low = guess + 1 }
            XCTAssertEqual(spokenDigits(board.tens), (low / 10...high / 10).map { "\($0)" }, "\(low)–\(high)")
            let tens = try XCTUnwrap(selected(board.tens))
            let units = tens == low / 10 ? low % 10 : 0
            let lastUnit = tens == high / 10 ? high % 10 : 9
            XCTAssertEqual(spokenDigits(board.units), (units...lastUnit).map { "\($0)" })
        }
    }

    func testRestartStartsOverAtAnyTime() async throws {
        let board = try open()
        pick(50, on: board)
        board.guess.click()
        MainLoop.drain()
        if winDialog() != nil { return }
        XCTAssertNotEqual(board.status.text, "")
        board.restart.click()
        MainLoop.drain()
        XCTAssertEqual(board.status.text, "")
        XCTAssertEqual(offered(board.tens), Array(0...9))
        XCTAssertEqual(selected(board.tens), 0)
    }
}
