// This target exists for its bundle: the compiled translations, the plugin
// manifests and Resources/, placed beside the executable by `swift build`.
