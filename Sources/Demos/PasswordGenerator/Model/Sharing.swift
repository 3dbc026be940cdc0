/// Copying and mailing the password.
public enum Sharing {
    /// How long a copied password stays on the clipboard.
    public static let clipboardLifetimeSeconds = 60

    public static var clipboardLifetimeMilliseconds: Int { clipboardLifetimeSeconds * 1000 }
}
