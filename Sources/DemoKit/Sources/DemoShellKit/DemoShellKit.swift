/// What only the shell uses, on top of the plugin SDK: `import DemoShellKit`
/// brings DemoKit (and with it the binding and DemoBasics) and the shell's
/// GTK-free services (ShellBasics) along.
@_exported import DemoKit
@_exported import ShellBasics
