import DemoShellKit
import DemoKitTesting
import Foundation
import TestSupport
import XCTest

/// One ownership rule (transfer decided per constructor), one wrapper per
/// GObject, and lifetimes tied to widgets, proven on the GObjects themselves:
/// a `FinalizationProbe` is a `g_object_weak_ref`, so "finalized" means GLib
/// freed the object, not only that a Swift wrapper went away.
@MainActor
final class BindingOwnershipTests: GtkTestCase {
    private func assertFinalized(_ probes: [FinalizationProbe], file: StaticString = #filePath, line: UInt = #line) {
        MainLoop.run(until: { probes.allSatisfy(\.isFinalized) }, timeout: 2)
        for probe in probes where !probe.isFinalized {
            XCTFail("\(probe.typeName) was never finalized", file: file, line: line)
        }
    }

    func testConstructorsOwnExactlyOneReference() async {
        // `transfer full` (provider, pixbuf, gesture) and floating (a widget)
        // both end as the wrapper's single reference.
        var probes: [FinalizationProbe] = []
        do {
            let provider = CssProvider()
            XCTAssertEqual(provider.referenceCount, 1)
            let pixbuf = Pixbuf(width: 4, height: 4)!
            XCTAssertEqual(pixbuf.referenceCount, 1)
            let label = Label("floating")
            XCTAssertEqual(label.referenceCount, 1)
            let gesture = GestureDrag(widget: label)
            XCTAssertEqual(gesture.referenceCount, 1)
            probes = [provider, pixbuf, label, gesture].map { $0.probeFinalization() }
            label.destroy()
        }
        assertFinalized(probes)
    }

    func testEveryObjectOfADestroyedWindowIsFinalized() async {
        var probes: [FinalizationProbe] = []
        do {
            let window = Window(title: "Finalize")
            let box = Box(.vertical)
            let label = Label("styled")
            let provider = CssProvider()
            provider.load("label { color: #3584e4; }")
            label.addStyleProvider(provider)
            let pixbuf = Pixbuf(width: 16, height: 16)!
            let image = Image(pixbuf: pixbuf)
            let area = DrawingArea(width: 40, height: 40)
            let drag = GestureDrag(widget: area)
            drag.onBegin { _, _, _ in }
            let button = Button(label: "Go")
            button.onClicked { _ in label.text = "clicked" }
            for child in [label, image, area, button] as [Widget] { box.append(child) }
            window.add(box)
            probes = [window, box, label, provider, pixbuf, image, area, drag, button].map { $0.probeFinalization() }
            show(window)
            button.click()
            window.destroy()
        }
        assertFinalized(probes)
    }

    func testAProviderOnTheScreenLivesUntilItIsRemoved() async {
        weak var weakProvider: CssProvider?
        var probe: FinalizationProbe?
        do {
            let provider = CssProvider()
            provider.load("window { background: #241f31; }")
            provider.applyToScreen()
            weakProvider = provider
            probe = provider.probeFinalization()
        }
        XCTAssertFalse(probe!.isFinalized, "the screen holds it")
        XCTAssertNotNil(weakProvider, "and so its one wrapper")
        weakProvider?.removeFromScreen()
        assertFinalized([probe!])
    }

    func testASubclassKeepsItsStoredPropertiesThroughChildrenAndSignals() async {
        final class TaggedButton: Button { var tag = 0 }
        let window = Window(title: "Identity")
        let box = Box(.vertical)
        window.add(box)
        do {
            let button = TaggedButton(label: "Tagged")
            button.tag = 42
            box.append(button)
        }
        // No Swift reference is left: the box's reference keeps the wrapper.
        let found = box.children.first as? TaggedButton
        XCTAssertEqual(found?.tag, 42)
        show(window)
        found?.grabFocus()
        XCTAssertEqual((window.focusedWidget as? TaggedButton)?.tag, 42, "the focus getter finds the same wrapper")
        var fromSignal: Int?
        box.children.first?.on("clicked") { (widget: Widget) in fromSignal = (widget as? TaggedButton)?.tag }
        found?.click()
        XCTAssertEqual(fromSignal, 42)
    }

    func testWrappingAsAnotherClassFindsTheSameWrapper() async {
        let dialog = MessageDialog(parent: nil, title: "Wrap")
        let before = Object.liveCount
        // Made by C, never wrapped: wrapped once, as its most specific class.
        let ok = dialog.addButton("_OK", response: .ok)
        XCTAssertEqual(Object.liveCount, before + 1)
        XCTAssertTrue(dialog.button(for: .ok) === ok)
        let asWidget = ok.as(Widget.self)!
        XCTAssertTrue(asWidget === ok)
        XCTAssertTrue(asWidget.as(Button.self) === ok)
        XCTAssertNil(asWidget.as(Entry.self))
        // A GtkEntry reached as a Widget is an Entry from the start.
        let box = Box(.vertical)
        box.append(Entry())
        let child = box.children[0]
        XCTAssertTrue(child is Entry)
        XCTAssertTrue(child.as(Entry.self) === child)
        XCTAssertEqual(Object.liveCount, before + 3, "button, box and entry: one wrapper each")
        dialog.destroy()
    }

    func testAControllerCapturedByAListFilterIsFreedWithItsWindow() async {
        @MainActor final class Controller {
            let window = Window(title: "Filter")
            let list = ListBox()
            var query = ""
            init() {
                list.append(ListBoxRow(child: Label("row")))
                window.add(list)
                list.setFilter { _ in self.query.isEmpty }
                list.setHeaders { row, _ in
                    _ = self.query
                    row.header = nil
                }
                window.retain(self)
            }
        }
        weak var weakController: Controller?
        var probes: [FinalizationProbe] = []
        do {
            let controller = Controller()
            weakController = controller
            probes = [controller.window.probeFinalization(), controller.list.probeFinalization()]
            show(controller.window)
        }
        weakController?.window.destroy()
        assertFinalized(probes)
        XCTAssertNil(weakController)
    }

    func testRetainOnAnObjectThatIsNoWidgetMakesNoPermanentCycle() async {
        @MainActor final class Theme {
            let provider = CssProvider()
            init() {
                provider.load("label { font-weight: bold; }")
                provider.applyToScreen()
                provider.retain(self)  // the provider holds the theme while the screen holds it
            }
        }
        weak var weakTheme: Theme?
        var probe: FinalizationProbe?
        do {
            let theme = Theme()
            weakTheme = theme
            probe = theme.provider.probeFinalization()
        }
        XCTAssertNotNil(weakTheme, "kept while the screen uses its provider")
        weakTheme?.provider.removeFromScreen()
        assertFinalized([probe!])
        XCTAssertNil(weakTheme, "let go once nothing but Swift holds the provider")
    }

    func testAWidgetsTimersStopWhenItIsDestroyed() async {
        let window = Window(title: "Timers")
        let label = Label("0")
        window.add(label)
        show(window)
        var ticks = 0, once = 0, idles = 0
        let repeating = label.every(milliseconds: 5) {
            ticks += 1
            label.text = String(ticks)
            return true
        }
        let single = label.after(milliseconds: 200) { once += 1 }
        XCTAssertTrue(MainLoop.run(until: { ticks >= 2 }))
        label.destroy()
        label.idle { idles += 1 }  // a destroyed widget starts no new timer
        let ticksAtDestroy = ticks
        MainLoop.spin(seconds: 0.3)
        XCTAssertEqual(ticks, ticksAtDestroy, "the repeating timer stopped with its widget")
        XCTAssertEqual(once, 0)
        XCTAssertEqual(idles, 0)
        XCTAssertFalse(repeating.isActive)
        XCTAssertFalse(single.isActive)
    }

    func testAFinishedWidgetTimerIsForgotten() async {
        let label = Label("timer")
        var fired = 0
        let first = label.after(milliseconds: 1) { fired += 1 }
        XCTAssertTrue(MainLoop.run(until: { fired == 1 }))
        XCTAssertFalse(first.isActive)
        label.destroy()  // cancelling a finished timer is harmless
        MainLoop.drain()
        XCTAssertEqual(fired, 1)
    }

    func testADrawingContextThatEscapesItsHandlerStaysValid() async {
        let window = Window(title: "Escape")
        let area = DrawingArea(width: 20, height: 20)
        window.add(area)
        var escaped: DrawingContext?
        area.onDraw { _, context in
            escaped = context
            return .stop
        }
        show(window)
        XCTAssertTrue(MainLoop.run(until: { escaped != nil }))
        window.destroy()
        MainLoop.drain()
        // GTK has finished with its cairo_t; the context's own reference
        // keeps it valid, so drawing is harmless instead of a use after free.
        escaped?.setColor(.white)
        escaped?.rectangle(x: 0, y: 0, width: 5, height: 5)
        escaped?.fill()
        XCTAssertNotNil(escaped)
    }

    func testEveryBindingClassIsListedForWrapping() async throws {
        // A class missing from WrapperClasses would be wrapped as its
        // superclass, and a later wrap as itself would find the wrong wrapper.
        let folder = FileSystem.join(packageRoot, "Sources/DemoKit/Sources/Gtk")
        let listed = try XCTUnwrap(FileSystem.read(FileSystem.join(folder, "GObject/WrapperClasses.swift")))
        let declaration = try NSRegularExpression(
            pattern: #"^(?:public final|open) class (\w+): (\w+)"#, options: .anchorsMatchLines)
        var superclassOf: [String: String] = [:]
        let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") {
            let text = FileSystem.read(FileSystem.join(folder, file)) ?? ""
            for match in declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let name = String(text[Range(match.range(at: 1), in: text)!])
                superclassOf[name] = String(text[Range(match.range(at: 2), in: text)!])
            }
        }
        func isWrapper(_ name: String) -> Bool {
            name == "Object" || superclassOf[name].map(isWrapper) ?? false
        }
        XCTAssertGreaterThan(superclassOf.count, 30)
        for name in superclassOf.keys where isWrapper(name) {
            XCTAssertTrue(listed.contains(" \(name).self"), "\(name) is missing from WrapperClasses.all")
        }
    }
}
