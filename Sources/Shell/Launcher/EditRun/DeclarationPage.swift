import DemoShellKit
import EditRunModel
import ShellModel

/// What the declaration page tells its owner.
@MainActor
protocol DeclarationPageDelegate: AnyObject {
    /// Back (Alt+Left, the Back button): the code as it was left.
    func declarationPageGoesBack(_ page: DeclarationPage)
}

/// Go to Definition into a file that is not the demo's own (the SDK's
/// source, the standard library's interface): shown read-only in a page
/// of its own beside the code, its name and module above it, with Back
/// (Alt+Left) to the code where the learner was.
@MainActor
final class DeclarationPage {
    weak var delegate: (any DeclarationPageDelegate)?
    let widget = Box(.vertical, spacing: 0)
    private let title = Label()
    private let back = Button(label: localized("_Back"))
    let view = SourceView()
    /// The file shown, and where.
    private(set) var shown: (path: String, line: Int)?

    init() {
        title.xAlign = 0
        title.expandsHorizontally = true
        back.tooltip = localized("Back to the code (Alt+Left)")
        back.onClicked { [weak self] _ in
            guard let self else { return }
            self.delegate?.declarationPageGoesBack(self)
        }
        let bar = Box(.horizontal, spacing: 8)
        bar.setMargins(top: 4, bottom: 4, start: 6, end: 6)
        bar.append(back)
        bar.append(title, expand: true)
        view.accessibleName = localized("Declaration (read-only)")
        view.isEditable = false
        view.isCursorVisible = true
        view.isMonospace = true
        view.showsLineNumbers = true
        view.languageID = "swift"
        view.setTabWidth(4)
        view.onKeyPress { [weak self] _, key in
            guard let self, key.keyval == Key.left, key.modifiers.intersection([.control, .shift, .alt]) == .alt
            else { return .proceed }
            self.delegate?.declarationPageGoesBack(self)
            return .stop
        }
        let scroller = ScrolledWindow()
        scroller.accessibleName = localized("Declaration (read-only)")
        scroller.add(view)
        widget.append(bar)
        widget.append(scroller, expand: true)
        widget.showAll()
    }

    /// Shows `symbol`'s file at its line; false when it cannot be read.
    func show(_ symbol: SymbolInfo) -> Bool {
        guard !symbol.path.isEmpty, let text = FileSystem.read(symbol.path) else { return false }
        if shown?.path != symbol.path { view.load(text) }
        shown = (symbol.path, symbol.line)
        let file = FileSystem.basename(symbol.path)
        title.text =
            symbol.module.isEmpty
            ? localized("{file} (read-only)").filling(["file": file])
            : localized("{file}, in {module} (read-only)").filling(["file": file, "module": symbol.module])
        view.moveCursor(toLine: symbol.line, column: symbol.column)
        return true
    }
}
