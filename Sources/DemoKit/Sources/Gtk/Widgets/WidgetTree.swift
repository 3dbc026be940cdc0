internal import CGtk

extension Widget {
    /// This widget and everything inside it, depth first (internal children
    /// such as a dialog's buttons included).
    public var descendants: [Widget] {
        var result: [Widget] = [self]
        guard GTK_IS_CONTAINER_CHECK(widget) else { return result }
        var children: [Widget] = []
        let collect: GtkCallback = { child, data in
            guard let child, let data else { return }
            data.assumingMemoryBound(to: [UnsafeMutableRawPointer].self).pointee.append(UnsafeMutableRawPointer(child))
        }
        var raws: [UnsafeMutableRawPointer] = []
        withUnsafeMutablePointer(to: &raws) { gtk_container_forall(cast(), collect, $0) }
        children = raws.map { Object.wrap($0, as: Widget.self) }
        for child in children { result += child.descendants }
        return result
    }

    /// The first widget inside this one whose accessible name is `name`, typed
    /// as `T` (tests and automation find widgets the way screen readers do).
    public func find<T: Widget>(_ type: T.Type = Widget.self, named name: String) -> T? {
        for candidate in descendants
        where candidate.accessibleName == name && Object.isInstance(candidate.raw, of: type) {
            return Object.wrap(candidate.raw, as: type)
        }
        return nil
    }

    /// The first widget inside this one whose accessible description is
    /// `description`: a label that shows a result keeps its text as its name
    /// and says what it is in its description.
    public func find<T: Widget>(_ type: T.Type = Widget.self, described description: String) -> T? {
        for candidate in descendants
        where candidate.accessibleDescription == description && Object.isInstance(candidate.raw, of: type) {
            return Object.wrap(candidate.raw, as: type)
        }
        return nil
    }
}

private func GTK_IS_CONTAINER_CHECK(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    g_type_check_instance_is_a(
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self),
        gtk_container_get_type()
    ).bool
}
