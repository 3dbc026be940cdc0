import DemoBasics
import DemoKit
import ShellBasics

extension DemoPlugin {
    /// Takes ownership of a pointer made by `export`; nil if it is no
    /// `DemoModule`.
    public static func `import`(_ pointer: UnsafeMutableRawPointer) -> DemoModule? {
        Unmanaged<AnyObject>.fromOpaque(pointer).takeRetainedValue() as? DemoModule
    }
}

extension DemoWindow {
    /// Places each new demo window (the shell's remembered places); set once
    /// by the shell at its start.
    public static func placeNewWindows(with place: (@MainActor (Window) -> Void)?) { placeNewWindow = place }
}
