import DemoKit
import PasswordGeneratorModel

/// The back side: the shell's other demos, one row each.
extension PasswordGeneratorView {
    func makeBack() -> Widget {
        let heading = Label(localized("Check out our other applications."))
        heading.addStyleClass("password-heading")
        heading.addStyleProvider(style)
        heading.wraps = true
        heading.xAlign = 0

        demoList.addStyleClass("frame")
        demoList.accessibleName = localized("Other demos")
        demoList.activatesOnSingleClick = true
        demoList.makeOneTabStop()
        let empty = Label(localized("No other demos are installed."))
        empty.addStyleClass("dim-label")
        empty.setMargins(24)
        empty.show()
        demoList.setPlaceholder(empty)
        demoList.onRowActivated { [unowned self] _, row in
            guard self.listedDemoIDs.indices.contains(row.index) else { return }
            self.host.openDemo(id: self.listedDemoIDs[row.index])
        }

        let content = Box(.vertical, spacing: 18)
        content.setMargins(24)
        content.append(heading)
        content.append(demoList)
        let scroller = ScrolledWindow()
        scroller.add(content)
        let page = Box(.vertical)
        page.addStyleClass("password-back")
        page.addStyleProvider(style)
        page.append(scroller, expand: true)
        return page
    }

    /// Lists the other demos as the shell knows them now, then turns over.
    func turnToBack() {
        guard !flip.isTurning else { return }
        let others = host.availableDemos.filter { $0.id != host.info.id }
        if others.map(\.id) != listedDemoIDs || demoList.children.count != others.count {
            for row in demoList.children { demoList.remove(row) }
            listedDemoIDs = others.map(\.id)
            for info in others { demoList.append(demoRow(info)) }
            demoList.showAll()
        }
        flip.turn(toBack: true)
    }

    func demoRow(_ info: DemoInfo) -> ListBoxRow {
        let icon = host.iconImage(for: info, pixelSize: 32)
        icon.verticalAlignment = .center
        let name = Label(info.name)
        name.xAlign = 0
        name.setMarkup("<b>\(Markup.escape(info.name))</b>")
        let description = Label(info.description)
        description.xAlign = 0
        description.wraps = true
        description.addStyleClass("dim-label")
        let labels = Box(.vertical, spacing: 2)
        labels.verticalAlignment = .center
        labels.append(name)
        labels.append(description)
        let box = Box(.horizontal, spacing: 14)
        box.setMargins(top: 10, bottom: 10, start: 14, end: 14)
        box.append(icon)
        box.append(labels, expand: true)
        let row = ListBoxRow(child: box)
        row.accessibleName = info.name
        row.accessibleDescription = info.description
        row.isSelectable = false
        return row
    }
}
