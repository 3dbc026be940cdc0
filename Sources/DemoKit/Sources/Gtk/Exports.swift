/// The GTK-free basics (files, environment, translations, `DemoInfo`) are
/// part of the binding's API: plugins see them through `import DemoKit`.
@_exported import DemoBasics
