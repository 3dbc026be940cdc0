/// The SDK's version contract with plugins.
///
/// Two checks, both before any code of a plugin runs: the manifest's `ABI`
/// (the manifest format and the plugin protocol, read without loading the
/// library), then the version node the library needs from libDemoKit.so
/// (`DEMOKIT_ABI_<abiVersion>_SWIFT_<compiler>`, from the ELF version script
/// `DemoKit.map`), read from the file before `dlopen`: a plugin built against
/// another SDK ABI or with another compiler is refused, as the dynamic loader
/// itself would refuse it.
public enum SDKContract {
    /// Bumped whenever the manifest format or `DemoModule`/`DemoHost` change
    /// incompatibly. A plugin whose manifest names another number is not
    /// loaded; it is also the N of the version node in `DemoKit.map`.
    public static let abiVersion: Int32 = 1
}
