/// The tests' instruments: synthetic input, pictures of the screen, the
/// accessibility tree as GTK builds it, lifetime probes and counts, the GLib
/// log recorder, the main loop run until a condition holds, desktop settings
/// forced for one test. For the tests and the benchmarks only: this module is
/// no part of libDemoKit.so, so no plugin reaches an instrument and the SDK's
/// interfaces declare none. Its extensions reach the binding through `package`
/// declarations, which stay out of the public and private interfaces.
///
/// `import DemoKitTesting` brings what the shell sees (DemoShellKit, with
/// DemoKit, the binding and the GTK-free services) along.
@_exported import DemoShellKit
