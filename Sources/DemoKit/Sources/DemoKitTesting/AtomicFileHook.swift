import ShellBasics

extension AtomicFile {
    /// Called once the text is written, before it has the target's name:
    /// a test looks at the folder then, as a process killed there would
    /// leave it. Set back to nil when done.
    public static var whileUnnamed: ((_ path: String) -> Void)? {
        get { unnamedHook }
        set { unnamedHook = newValue }
    }
}
