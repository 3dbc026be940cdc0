internal import CGtk

/// Placing an overlay's children anywhere over its main child: the way to lay
/// out widgets by computed rectangles (a scaled picture with hot spots, a
/// calculator keypad) without writing a container in C.
extension SignalEmitter where Self: Overlay {
    /// Asks `handler` where each overlay child goes, relative to the main
    /// child (GtkOverlay's "get-child-position"). Return nil to let GTK place
    /// it as usual (by its alignment). The child is measured first, as GTK
    /// requires before allocating.
    @discardableResult
    public func onChildPosition(_ handler: @escaping @MainActor (Self, Widget) -> Rect?) -> UInt {
        connect(
            "get-child-position", shape: .booleanTwoArguments,
            trampoline: unsafeBitCast(childPositionTrampoline, to: GCallback.self)
        ) { instance, arg in
            guard let arg else { return 0 }
            let pair = arg.assumingMemoryBound(to: (UnsafeMutableRawPointer, UnsafeMutableRawPointer).self).pointee
            let child = Object.wrap(pair.0, as: Widget.self)
            guard let rect = handler(Object.wrap(instance, as: Self.self), child) else { return 0 }
            var minimum = GtkRequisition(), natural = GtkRequisition()
            gtk_widget_get_preferred_size(child.widget, &minimum, &natural)
            let allocation = pair.1.assumingMemoryBound(to: GdkRectangle.self)
            allocation.pointee.x = Int32(rect.x.rounded())
            allocation.pointee.y = Int32(rect.y.rounded())
            allocation.pointee.width = Int32(max(1, rect.width.rounded()))
            allocation.pointee.height = Int32(max(1, rect.height.rounded()))
            return 1
        }
    }
}

/// `gboolean handler(GtkOverlay *overlay, GtkWidget *child, GdkRectangle *allocation, gpointer data)`
private let childPositionTrampoline:
    @convention(c) (
        UnsafeMutableRawPointer, UnsafeMutableRawPointer,
        UnsafeMutableRawPointer, UnsafeMutableRawPointer
    ) -> gboolean = { instance, child, rect, data in
        let box = ClosureBox<SignalHandler>.of(data)
        var pair = (child, rect)
        return withUnsafeMutablePointer(to: &pair) { box.call(instance, UnsafeMutableRawPointer($0)) }
    }
