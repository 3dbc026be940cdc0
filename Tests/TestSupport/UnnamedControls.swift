import DemoKitTesting
import DemoShellKit
import XCTest

extension GtkTestCase {
    /// The type names of shown, operable widgets that have no accessible name.
    package func unnamedControls(in window: Window) -> [String] {
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
