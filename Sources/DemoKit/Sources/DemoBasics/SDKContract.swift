/// The SDK's version contract with plugins.
///
/// Two checks, both before any code of a plugin runs: the manifest's `ABI`
/// (the manifest format, read without loading the library), then the
/// version node the library needs from libDemoKit.so
/// (`DEMOKIT_ABI_<abiVersion>_SWIFT_<compiler>`, from the ELF version script
/// `DemoKit.map`), read from the file before `dlopen`: a plugin built against
/// another SDK ABI or with another compiler is refused, as the dynamic loader
/// itself would refuse it.
public enum SDKContract {
    /// The SDK's ABI version: bumped only when the ABI of DemoKit, Gtk or
    /// DemoBasics changes incompatibly (`scripts/sdk-abi` fails until it is),
    /// never for a change a plugin cannot notice. It is the N of the version
    /// node in `DemoKit.map`, which every plugin records when it links.
    public static let abiVersion: Int32 = 2

    /// The manifest format (a manifest's `ABI=`): bumped when the keys a
    /// manifest must have change meaning. A manifest naming another number
    /// is reported without loading anything.
    public static let manifestVersion: Int32 = 1
}
