import ButtonsModel
import DemoKit

/// The Buttons window: a Tap page and a Button Types page, switched from the
/// header bar. The list of types and the gallery's state are `ButtonsModel`'s.
@MainActor
final class ButtonsView: DemoView {
    let window: Window
    // Set in init, once the pages (built by methods) exist.
    private(set) var stack: Stack!
    let status = Label()
    private var gallery = ButtonGallery()
    private let style = CssProvider()

    /// The demo's style sheet (`buttons.css`) names the frame images beside it in its `url()`s.
    init(host: DemoHost) {
        let frame = DemoWindow(title: host.info.name, width: 560, height: 620)
        window = frame.window
        let stylePath = host.resourcePath(CustomButtonStyle.stylePath)
        if let error = style.load(path: stylePath) {
            printError("buttons: cannot load \(stylePath): \(error)")
        }

        stack = frame.addPages([
            .init(makeTapPage(), name: ButtonsPage.tap.name, title: localized("Tap")),
            .init(makeTypesPage(), name: ButtonsPage.types.name, title: localized("Button Types")),
        ])

        window.showAll()
    }

    // MARK: Tap

    private func makeTapPage() -> Widget {
        let button = Button(label: localized("Danger! Do not touch!"))
        button.addStyleClass("destructive-action")
        button.horizontalAlignment = .center
        button.verticalAlignment = .center
        button.expandsHorizontally = true
        button.expandsVertically = true
        button.setSizeRequest(width: 220, height: 44)
        button.onClicked { [unowned self] _ in self.showJoke() }

        let page = Box(.vertical)
        page.setMargins(24)
        page.append(button, expand: true)
        return page
    }

    private func showJoke() {
        let title = localized("Haha, it's a joke!!")
        let dialog = MessageDialog(parent: window, kind: .info, title: title)
        dialog.title = title
        dialog.addButton(localized("_OK"), response: .ok)
        dialog.setDefaultResponse(.ok)
        dialog.onResponse { dialog, _ in dialog.destroy() }
        dialog.present()
    }

    // MARK: Button Types

    private func makeTypesPage() -> Widget {
        // A framed column of rows, not a GtkListBox: its rows would be Tab
        // stops of their own (Tab going row, button, row), and a GTK 3 list
        // box whose rows cannot take the focus swallows Tab. Here Tab goes
        // from sample to sample.
        let list = Box(.vertical)
        list.addStyleClass("frame")
        list.addStyleClass("view")
        list.accessibleName = localized("Button types")
        for (index, type) in ButtonType.allCases.enumerated() {
            if index > 0 { list.append(Separator(.horizontal)) }
            list.append(makeRow(for: type))
        }

        status.text = localized("Tap a sample button.")
        status.accessibleDescription = localized("Status")
        status.xAlign = 0
        status.wraps = true

        let content = Box(.vertical, spacing: 12)
        content.setMargins(24)
        content.append(list)
        content.append(status)

        let scroller = ScrolledWindow()
        scroller.add(content)
        return scroller
    }

    private func makeRow(for type: ButtonType) -> Widget {
        let name = Self.name(of: type)
        let caption = Label(name)
        caption.xAlign = 0
        caption.ellipsis = .end
        caption.expandsHorizontally = true

        let sample = makeSample(for: type)
        // A sample that shows text is named by that text, as a screen reader
        // user hears what a sighted one reads (and speech control users say
        // it); its type is the description. An icon sample is named by its
        // type (makeSample).
        if type.iconName == nil { sample.accessibleDescription = name }
        sample.tooltip = name
        sample.verticalAlignment = .center
        sample.onClicked { [unowned self] _ in self.tapped(type) }

        let row = Box(.horizontal, spacing: 12)
        row.name = "type-row"
        row.setMargins(top: 0, bottom: 0, start: 18, end: 18)
        row.append(caption, expand: true)
        row.append(sample)
        row.setSizeRequest(width: -1, height: 80)
        return row
    }

    private func makeSample(for type: ButtonType) -> Button {
        let button: Button
        if let icon = type.iconName {
            button = Button(iconName: icon, name: Self.name(of: type))
        } else {
            button = Button(label: localized("UIButton"))
        }
        if type.isRound { button.addStyleClass("circular") }
        switch type {
        case .custom:
            button.addStyleClass(CustomButtonStyle.styleClass)
            button.setSizeRequest(width: CustomButtonStyle.width, height: CustomButtonStyle.height)
        case .infoLight, .infoDark:
            button.addStyleClass(type.swatch == .dark ? "on-dark" : "on-light")
        default:
            break
        }
        button.addStyleProvider(style)
        return button
    }

    /// The type's name (a `UIButtonType` constant, kept in Latin letters).
    static func name(of type: ButtonType) -> String {
        switch type {
        case .custom: localized("Custom")
        case .roundedRect: localized("RoundedRect")
        case .detailDisclosure: localized("DetailDisclosure")
        case .infoLight: localized("InfoLight")
        case .infoDark: localized("InfoDark")
        case .contactAdd: localized("ContactAdd")
        }
    }

    func tapped(_ type: ButtonType) {
        gallery.tap(type)
        status.showAndAnnounce(localized("Tapped: {type}").filling(["type": Self.name(of: type)]))
    }
}
