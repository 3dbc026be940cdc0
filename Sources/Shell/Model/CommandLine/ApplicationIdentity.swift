/// The name every shell process registers on the session bus (and the
/// desktop entry's and icons' name): the launcher, and each demo's own process.
public enum ApplicationIdentity {
    public static let id = "io.github.demoshell.DemoShell"
}
