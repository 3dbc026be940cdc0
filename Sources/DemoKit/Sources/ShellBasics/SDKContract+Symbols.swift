import DemoBasics

extension SDKContract {
    /// The symbol returning the SDK identity the plugin was built against
    /// (a NUL-terminated C string, C calling convention).
    public static let sdkSymbol = "demo_shell_plugin_sdk"

    /// The symbol returning a retained `DemoModule` instance.
    public static let createSymbol = "demo_shell_plugin_create"
}
