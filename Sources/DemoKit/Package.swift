// swift-tools-version:6.2
// 6.2: wrappers use isolated deinit (SE-0371).
import Foundation
import PackageDescription

/// GTK's header folders (`pkg-config --cflags-only-I gtk+-3.0`), given to
/// every target here rather than through CGtk's `pkgConfig`: SwiftPM reads
/// that file itself and warns, on every build of every package that uses
/// this one (a plugin's too), of the `-pthread` of GLib's flags, which it
/// drops. A plugin's own targets need none of them: the SDK's modules
/// import the C modules `internal`ly or as `package`, which a client
/// outside the package does not load.
let gtkIncludes: [String] = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pkg-config", "--cflags-only-I", "gtk+-3.0"]
    let output = Pipe()
    process.standardOutput = output
    guard (try? process.run()) != nil else { return [] }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init).filter { $0.hasPrefix("-I") }
}()
/// The libraries of `pkg-config --libs gtk+-3.0`, in its order, as CGtk's
/// `pkgConfig` linked them.
let gtkLibraries: [LinkerSetting] = [
    "gtk-3", "gdk-3", "z", "pangocairo-1.0", "pango-1.0", "harfbuzz", "atk-1.0", "cairo-gobject", "cairo",
    "gdk_pixbuf-2.0", "gio-2.0", "gobject-2.0", "glib-2.0",
]
.map { .linkedLibrary($0) }

/// The Demo Shell SDK: the GTK binding layer and the plugin protocol, vended as
/// one dynamic library shared by the shell and every plugin.
/// No target imports the regular-expression library implicitly: it is two
/// more shared libraries to load and relocate for every start.
let lean: [SwiftSetting] = [
    .unsafeFlags(
        ["-Xfrontend", "-disable-implicit-string-processing-module-import"] + gtkIncludes.flatMap { ["-Xcc", $0] })
]
/// What a plugin sees (DemoBasics, Gtk, DemoKit): built with library
/// evolution, so that a body, a private stored property or a new public
/// declaration changes nothing a plugin built before depends on, and with
/// the .swiftinterface plugins from elsewhere compile against (the build
/// verifies it compiles). Module selectors (`DemoKit::Settings`) keep a
/// type named as a module from reading as a member of it in the interface.
let stable: [SwiftSetting] = [
    .unsafeFlags(
        [
            "-Xfrontend", "-disable-implicit-string-processing-module-import",
            "-enable-library-evolution", "-emit-module-interface",
            "-Xfrontend", "-enable-module-selectors-in-module-interface",
        ] + gtkIncludes.flatMap { ["-Xcc", $0] })
]

/// The ELF version script beside this file: every symbol libDemoKit.so
/// exports carries the node `DEMOKIT_ABI_<N>_SWIFT_<x.y.z>` (N is
/// `SDKContract.abiVersion`, x.y.z the compiler's version), so a plugin
/// linked against it needs that node, and a plugin of another SDK ABI or
/// compiler is refused by the dynamic loader (and by the shell, which reads
/// the node first). Absolute: the linker runs in the build folder.
/// `SDKVersionNodeTests` fails when the node no longer matches.
let versionScript = String(#filePath.dropLast("Package.swift".count)) + "DemoKit.map"

/// The C targets' debug information in DWARF 4, as the Swift code's: clang
/// writes DWARF 5 by default, whose tables (.debug_names, .debug_addr,
/// .debug_str_offsets) valgrind 3.19 (Debian 12) cannot read in a library
/// that mixes both, and it then gives up on the whole of libDemoKit.so
/// (`make leaks` checked nothing). The backtraces of edited demos read
/// either. `ValgrindReadsTheBuildTests` fails when valgrind cannot read it.
let dwarf4: [CSetting] = [.unsafeFlags(["-gdwarf-4"] + gtkIncludes)]

let package = Package(
    name: "DemoKit",
    products: [
        // One library, libDemoKit.so, for the shell and every plugin, so that
        // they share one copy of each type. What a plugin sees is three of
        // its modules: DemoBasics, Gtk and DemoKit, built with library
        // evolution, whose interfaces (.swiftinterface) are what a plugin from
        // elsewhere compiles against and what the ABI check (scripts/sdk-abi)
        // reads. The fourth, ShellBasics (files, user folders), is the
        // shell's: the SDK's own modules import it `internal`ly, and its
        // interface is never installed. The shell's GTK services
        // (DemoShellKit, Sources/DemoShellKit) and the tests' instruments
        // (DemoKitTesting) are targets of the root package on top of this
        // library, members of this package through `-package-name`.
        .library(name: "DemoKit", type: .dynamic, targets: ["DemoKit", "Gtk", "DemoBasics", "ShellBasics"])
    ],
    targets: [
        // GTK 3 (libgtk-3-dev): its headers through `gtkIncludes`, its libraries `gtkLibraries`.
        .systemLibrary(name: "CGtk", path: "Sources/CGtk"),
        // Variadic and macro-only C APIs, which Swift cannot call directly.
        .target(
            name: "CGtkShim",
            dependencies: ["CGtk"],
            path: "Sources/CGtkShim",
            cSettings: dwarf4,
            // libdispatch's run-loop hooks (MainActorSource).
            linkerSettings: [.linkedLibrary("dispatch")]),
        // The C library's gettext and rename-without-replacing, which Swift's
        // Glibc module lacks; no GLib, so that DemoBasics stays GTK-free.
        .target(name: "CBasics", path: "Sources/CBasics", cSettings: dwarf4),
        // Files, environment, translations and `DemoInfo`, over the C library
        // alone: what the shell's GTK-free model (ShellModel) may use.
        .target(
            name: "DemoBasics",
            dependencies: ["CBasics"],
            path: "Sources/DemoBasics",
            swiftSettings: stable,
            plugins: ["SDKIdentity"]),
        // Files, processes' signal names, collation, the user's folders: the
        // shell's GTK-free services, which DemoKit's own modules use privately.
        .target(
            name: "ShellBasics",
            dependencies: ["CBasics", "DemoBasics"],
            path: "Sources/ShellBasics",
            swiftSettings: lean),
        .target(
            name: "Gtk",
            dependencies: ["CGtk", "CGtkShim", "DemoBasics", "ShellBasics"],
            path: "Sources/Gtk",
            swiftSettings: stable,
            linkerSettings: gtkLibraries),
        .target(
            name: "DemoKit",
            dependencies: ["Gtk", "ShellBasics"],
            path: "Sources/DemoKit",
            swiftSettings: stable,
            linkerSettings: [.unsafeFlags(["-Xlinker", "--version-script=" + versionScript])]),
        // SDKContract.loadedSDKIdentity, a hash of the SDK's sources and the
        // compiler (Edit and Run's build keys), and SDKContract.compilerVersion.
        .plugin(
            name: "SDKIdentity",
            capability: .buildTool(),
            path: "Plugins/SDKIdentity"),
    ]
)
