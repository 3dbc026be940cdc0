/// The SDK's version contract with plugins.
///
/// Two checks, both before any Swift code of a plugin runs: the manifest's
/// `ABI` (the manifest format and the plugin protocol, read without loading
/// the library), then the library's `demo_shell_plugin_sdk`, which returns
/// `sdkIdentity` as compiled into the plugin: a hash of the SDK's sources and
/// the compiler (see `Plugins/SDKIdentity`). It must equal the identity of the
/// SDK library the shell runs (`loadedSDKIdentity`), since Swift on Linux has
/// no stable ABI between two builds of a library.
public enum SDKContract {
    /// Bumped whenever the manifest format or `DemoModule`/`DemoHost` change
    /// incompatibly. A plugin whose manifest names another number is not loaded.
    public static let abiVersion: Int32 = 1
}
