import DemoShellKit
import Launcher
import PluginHost
import ShellModel
import XCTest

/// Every interactive widget of every built-in demo has an accessible name:
/// screen readers and these tests find widgets by it. A new demo is covered
/// as soon as its plugin is built. (The launcher's own audit is in LauncherTests.)
@MainActor
final class AccessibilityTests: GtkTestCase {
    func testEveryBuiltInDemoNamesItsControls() async throws {
        let registry = PluginRegistry(searchPath: [buildProductsDirectory])
        XCTAssertGreaterThanOrEqual(registry.ids.count, 6)
        XCTAssertTrue(registry.ids.contains("story") && registry.ids.contains("guess-number"))
        for id in registry.ids {
            let window = try openBuiltInDemo(id).window
            show(window)
            // Every page of every stack: Swift Controls' label and button
            // pages, the Password Generator's back side.
            var pages = 0
            visitEveryPage(of: window) {
                pages += 1
                XCTAssertEqual(
                    unnamedControls(in: window), [], "\(id), page \(pages), has controls without an accessible name")
            }
            window.destroy()
        }
    }

    func testTheAuditCatchesAnUnnamedControl() async {
        let window = Window(title: "Audit")
        let box = Box(.vertical)
        let named = Button(label: "Named")
        let unnamed = Button()
        unnamed.setImage(Image(iconName: "applications-engineering-symbolic"))
        box.append(named)
        box.append(unnamed)
        window.add(box)
        show(window)
        XCTAssertEqual(unnamedControls(in: window), ["GtkButton"])
        unnamed.accessibleName = "Copy"
        XCTAssertEqual(unnamedControls(in: window), [])
    }
}

extension GtkTestCase {
    /// The type names of shown, operable widgets that have no accessible name.
    func unnamedControls(in window: Window) -> [String] {
        window.descendants.compactMap { widget in
            guard widget.isChildVisible, widget.isSensitive else { return nil }
            // A combo box is one control for AT-SPI; its inner button is not.
            var ancestor = widget.parent
            while let current = ancestor {
                if current.as(ComboBoxText.self) != nil { return nil }
                ancestor = current.parent
            }
            if widget.as(ComboBoxText.self) != nil {
                return widget.accessibleName.isEmpty ? widget.typeName : nil
            }
            if let row = widget.as(ListBoxRow.self) {
                // A row that can be neither chosen nor activated is layout.
                guard row.isActivatable || row.isSelectable else { return nil }
            } else if widget.as(Button.self) == nil, widget.as(Entry.self) == nil,
                widget.as(Switch.self) == nil, widget.as(TextView.self) == nil
            {
                return nil
            }
            return widget.accessibleName.isEmpty ? widget.typeName : nil
        }
    }
}
