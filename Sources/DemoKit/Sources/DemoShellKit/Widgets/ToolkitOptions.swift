import CGtk
import DemoBasics
import Glibc
import Gtk
import ShellBasics

extension Toolkit {
    /// Lets GTK take its own options (`--display=DISPLAY`, `--class`, `--name`,
    /// `--gtk-module`, `--g-fatal-warnings`) out of `arguments` (the program's
    /// name first), as `gtk_init` does in every GTK program, without opening
    /// the display: the display named is the one opened later. Returns the
    /// arguments left, in order. GTK stops at `--`.
    public static func takeOptions(from arguments: [String]) -> [String] {
        let strings = arguments.map { strdup($0) }
        defer { strings.forEach { free($0) } }
        let argv = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: strings.count + 1)
        defer { argv.deallocate() }
        for (index, string) in strings.enumerated() { argv[index] = string }
        argv[strings.count] = nil
        var count = Int32(strings.count)
        var vector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
        _ = gtk_parse_args(&count, &vector)
        guard let vector else { return arguments }
        return (0..<Int(count)).compactMap { vector[$0].map { String(cString: $0) } }
    }

    /// GTK's options as `--help-gtk` lists them (in GTK's words and language).
    public static func optionsHelp(program: String) -> String {
        g_set_prgname(program)
        guard let context = g_option_context_new(nil) else { return "" }
        defer { g_option_context_free(context) }
        let group = gtk_get_option_group(0)
        g_option_context_add_group(context, group)  // the context owns the group now
        guard let text = g_option_context_get_help(context, 0, group) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }
}
