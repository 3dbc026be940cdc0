import DemoShellKit
import DemoKitTesting
import Launcher
import PluginHost
import ShellModel
import TestSupport
import XCTest

/// 2048 as a screen reader and a keyboard user meet it: the
/// menu's chosen size and speed are CHECKED in the accessibility tree that
/// AT-SPI publishes (read in this process: an AT-SPI client walking the test
/// process leaves stale accessibles that trip later tests), the board shows
/// when it has the focus, and every tile up to 131072 has a colour of its
/// own with a number that reads on it.
@MainActor
final class Game2048AccessibilityTests: GtkTestCase {
    private var window: Window!

    override func tearDown() async throws {
        Toolkit.setPrefersDarkTheme(false)
        try await super.tearDown()
    }

    private func open(saved: [String: String] = [:]) throws {
        (window, _) = try openBuiltInDemo("2048") { host in
            for (key, value) in saved { host.settings.set(value, for: key) }
        }
        show(window)
    }

    private var board: DrawingArea { window.find(DrawingArea.self, named: "Game board")! }

    private func click(_ name: String) throws {
        try XCTUnwrap(window.find(Button.self, named: name), name).click()
        MainLoop.drain()
    }

    // MARK: Menu

    /// Which of the menu's radio items report CHECKED in their accessibles'
    /// state sets (what AT-SPI publishes), by name, the menu open.
    private func checkedItems() throws -> [String: Bool] {
        let menu = try XCTUnwrap(window.find(MenuButton.self, named: "Main Menu"))
        let popover = try XCTUnwrap(menu.popover)
        if !popover.isMapped { menu.click() }
        XCTAssertTrue(MainLoop.run(until: { popover.isMapped }), "the menu opens")
        MainLoop.drain()
        let radios = try XCTUnwrap(popover.accessible).subtree.filter { $0.role == "radio button" }
        return Dictionary(radios.map { ($0.name, $0.isChecked) }) { first, _ in first }
    }

    func testTheMenusChosenSizeAndSpeedReportCheckedToAScreenReader() async throws {
        try open()
        try click("Start Game")
        var checked = try checkedItems()
        XCTAssertEqual(
            ["3 × 3", "4 × 4", "5 × 5", "6 × 6", "Slow", "Normal", "Fast"].map { checked[$0] },
            [false, true, false, false, false, true, false], "\(checked)")

        let five = try XCTUnwrap(window.find(Button.self, named: "5 × 5"))
        five.click()
        MainLoop.drain()
        let popover = try XCTUnwrap(window.find(MenuButton.self, named: "Main Menu")?.popover)
        XCTAssertTrue(MainLoop.run(until: { !popover.isVisible }), "choosing closes the menu, as a menu item does")
        XCTAssertTrue(board.hasFocus, "and plays on the new board")
        checked = try checkedItems()
        XCTAssertEqual(
            ["3 × 3", "4 × 4", "5 × 5", "6 × 6"].map { checked[$0] }, [false, false, true, false], "\(checked)")
    }

    // MARK: Focus ring

    /// Pixels of the focus ring's blue in the rendered board (the tiles of a
    /// new game are cream: no blue of their own).
    private func ringPixels() throws -> Int {
        let picture = try XCTUnwrap(board.render())
        var count = 0
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                guard let p = picture.pixel(atX: x, y: y) else { continue }
                if Int(p.blue) > Int(p.red) + 80 && Int(p.blue) > Int(p.green) + 30 && p.alpha > 128 { count += 1 }
            }
        }
        return count
    }

    func testTheBoardShowsWhenItHasTheFocus() async throws {
        for dark in [false, true] {
            Toolkit.setPrefersDarkTheme(dark)
            try open()
            try click("Start Game")
            XCTAssertTrue(MainLoop.run(until: { self.board.allocatedWidth > 100 }))
            MainLoop.drain()
            XCTAssertTrue(board.hasFocus)
            let side = min(board.allocatedWidth, board.allocatedHeight)
            XCTAssertGreaterThan(try ringPixels(), side * 4, "a ring all round the board, \(dark ? "dark" : "light")")
            // Shift+Tab goes back to the header bar: the ring goes with the focus.
            window.sendKey(Key.leftTab, modifiers: .shift)
            MainLoop.drain()
            XCTAssertFalse(board.hasFocus)
            XCTAssertEqual(try ringPixels(), 0, "no ring without the focus")
            window.sendKey(Key.tab)
            MainLoop.drain()
            XCTAssertTrue(board.hasFocus, "Tab comes back to the board")
            XCTAssertGreaterThan(try ringPixels(), side * 4)
            window.destroy()
        }
    }

    // MARK: Tiles

    /// Every tile from 2 to 131072 on a 5 × 5 board, read back from the
    /// screen: each has a colour of its own (4096 and 8192 were both white)
    /// and its number reads at 4.5:1 at least, in light and dark themes.
    func testEveryTileUpTo131072HasItsOwnColourAndReadableNumber() async throws {
        let values = (1...17).map { String(1 << $0) } + Array(repeating: "0", count: 8)
        let game = "5:0:1:1:" + values.joined(separator: ",")
        for dark in [false, true] {
            Toolkit.setPrefersDarkTheme(dark)
            try open(saved: ["size": "5", "game-5": game])
            try click("Continue")
            window.resize(width: 600, height: 700)
            XCTAssertTrue(MainLoop.run(until: { self.board.allocatedWidth >= 500 }))
            MainLoop.drain()
            let picture = try XCTUnwrap(board.render())
            var backgrounds: [Pixel] = []
            for index in 0..<17 {
                let tile = tileRect(index, size: 5, width: board.allocatedWidth, height: board.allocatedHeight)
                let measured = try XCTUnwrap(measure(picture, in: tile), "tile \(1 << (index + 1))")
                XCTAssertGreaterThanOrEqual(
                    measured.ratio, 4.5,
                    "\(1 << (index + 1)): \(measured.text) on \(measured.background), \(dark ? "dark" : "light")")
                backgrounds.append(measured.background)
            }
            XCTAssertEqual(Set(backgrounds).count, 17, "every tile its own colour: \(backgrounds)")
            XCTAssertFalse(backgrounds.contains(Pixel(red: 255, green: 255, blue: 255)), "none left white")
            window.destroy()
        }
    }

    /// The hint's arrow, over the middle of the board, hid the
    /// numbers of the tiles under it. Each number's ink is all there with the
    /// arrow shown, ringed in its tile's colour over the arrow.
    func testTheHintArrowLeavesEveryNumberReadable() async throws {
        try open(saved: ["size": "4", "game-4": "4:0:0:0:2,4,8,16,4,8,16,32,8,16,32,64,16,32,64,0"])
        try click("Continue")
        window.resize(width: 600, height: 700)
        XCTAssertTrue(MainLoop.run(until: { self.board.allocatedWidth >= 500 }))
        MainLoop.drain()
        /// Dark pixels (the numbers' ink) in each of the 15 tiles.
        func ink(_ picture: Pixbuf) -> [Int] {
            (0..<15).map { index in
                let tile = tileRect(index, size: 4, width: board.allocatedWidth, height: board.allocatedHeight)
                var count = 0
                for y in tile.y..<(tile.y + tile.side) {
                    for x in tile.x..<(tile.x + tile.side) {
                        if let p = picture.pixel(atX: x, y: y), p.red < 70, p.green < 70, p.blue < 70 { count += 1 }
                    }
                }
                return count
            }
        }
        /// The arrow's blue, over the tiles (clear of the focus ring's).
        func arrowPixels(_ picture: Pixbuf) -> Int {
            (0..<15).reduce(0) { count, index in
                let tile = tileRect(index, size: 4, width: board.allocatedWidth, height: board.allocatedHeight)
                var blue = 0
                for y in tile.y..<(tile.y + tile.side) {
                    for x in tile.x..<(tile.x + tile.side) {
                        if let p = picture.pixel(atX: x, y: y), p.blue > 200, p.red < 80, p.green > 110, p.green < 150 {
                            blue += 1
                        }
                    }
                }
                return count + blue
            }
        }
        let before = try XCTUnwrap(board.render())
        XCTAssertEqual(arrowPixels(before), 0)
        let numbers = ink(before)
        XCTAssertTrue(numbers.allSatisfy { $0 > 50 }, "\(numbers)")
        board.sendKey(Key.character("h"), modifiers: .control)
        var shown = before
        // The arrow fades in on the frame clock: until it is drawn in full.
        var last = -1
        MainLoop.run(
            until: {
                guard let picture = self.board.render() else { return false }
                shown = picture
                let pixels = arrowPixels(picture)
                defer { last = pixels }
                return pixels > 2000 && pixels == last
            }, timeout: 30)
        XCTAssertGreaterThan(arrowPixels(shown), 2000, "the arrow is drawn")
        let under = ink(shown)
        for index in 0..<15 {
            XCTAssertGreaterThanOrEqual(
                Double(under[index]), Double(numbers[index]) * 0.95,
                "tile \(index): \(numbers[index]) ink pixels, \(under[index]) with the arrow")
        }
    }

    /// Where tile `index` lies, as BoardPainter lays the board out: the
    /// largest square that fits 4 px inside the area (room for the focus
    /// ring), centred, 6 units of 230 between tiles.
    private func tileRect(_ index: Int, size: Int, width: Int, height: Int) -> (x: Int, y: Int, side: Int) {
        let room = 4.0
        let w = Double(width) - 2 * room, h = Double(height) - 2 * room
        let side = min(w, h).rounded(.down)
        let padding = 6 * side / 230
        let tile = (side - padding * Double(size + 1)) / Double(size)
        let x0 = ((w - side) / 2 + room).rounded(), y0 = ((h - side) / 2 + room).rounded()
        let x = x0 + padding + Double(index % size) * (tile + padding)
        let y = y0 + padding + Double(index / size) * (tile + padding)
        let inset = tile * 0.1  // clear of the rounded corners
        return (Int(x + inset), Int(y + inset), Int(tile - 2 * inset))
    }

    /// The commonest colour of the square (the tile) and the colour furthest
    /// from it that covers a few pixels (the number), as `Contrast.measure`.
    private func measure(_ picture: Pixbuf, in square: (x: Int, y: Int, side: Int)) -> (
        background: Pixel, text: Pixel, ratio: Double
    )? {
        var counts: [Pixel: Int] = [:]
        for y in square.y..<(square.y + square.side) {
            for x in square.x..<(square.x + square.side) {
                guard var pixel = picture.pixel(atX: x, y: y) else { continue }
                pixel.alpha = 255
                counts[pixel, default: 0] += 1
            }
        }
        guard let background = counts.max(by: { $0.value < $1.value })?.key else { return nil }
        let ink = counts.filter { $0.value >= 3 && $0.key != background }
            .max { Contrast.ratio($0.key, background) < Contrast.ratio($1.key, background) }?.key
        guard let ink else { return nil }
        return (background, ink, Contrast.ratio(ink, background))
    }
}
