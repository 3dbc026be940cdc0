import ShellModel

/// What New Demo wrote before the manifest named the Entry (`DemoTemplate.blank` as it was
/// before the manifest's Entry, `git show 187d07a^:Sources/Shell/Model/MyDemos/DemoTemplate.swift`):
/// the files a learner's demo of that time has, to be brought to the new shape.
enum OldShapeDemo {
    static func blank(_ demo: DemoIdentity) -> [String: String] {
        let module = demo.module, model = demo.modelModule
        var files = DemoTemplate.blank(demo)
        files["manifest.plugin"] = files["manifest.plugin"]!.replacingOccurrences(of: "Entry=\(module)Demo\n", with: "")
        files["Plugin/\(module)View.swift"] = """
            import DemoKit
            import \(model)

            /// The window: one label and one button. The rules are `\(model)`'s;
            /// this only wires the widgets to it.
            @MainActor
            final class \(module)View {
                let window: Window
                private let label = Label("Hello!")
                private var model = \(model)()

                init(host: DemoHost) {
                    window = DemoWindow(title: host.info.name, width: 360, height: 200).window
                    let button = Button(label: "_Press Me")
                    button.addStyleClass("suggested-action")
                    button.onClicked { [unowned self] _ in
                        self.label.text = self.model.press()
                    }
                    let content = Box(.vertical, spacing: 24)
                    content.setMargins(24)
                    content.append(label, expand: true)
                    content.append(button)
                    window.add(content)
                    window.retain(self)
                    window.showAll()
                    button.grabFocus()
                }
            }

            """
        files["Plugin/\(module)Plugin.swift"] = """
            import DemoKit

            /// The entry points the shell looks for in the library.
            @MainActor
            final class \(module)Demo: DemoModule {
                func makeWindow(host: DemoHost) -> Window {
                    \(module)View(host: host).window
                }
            }

            @_cdecl("demo_shell_plugin_sdk")
            public func demoShellPluginSDK() -> UnsafePointer<CChar> { DemoKit.sdkIdentity }

            @_cdecl("demo_shell_plugin_create")
            public func demoShellPluginCreate() -> UnsafeMutableRawPointer {
                DemoPlugin.export { \(module)Demo() }
            }

            """
        return files
    }

    /// The old template's plugin file as the update leaves it: the new
    /// template's but for the doc comment, which is the learner's to keep.
    static func updatedPlugin(_ demo: DemoIdentity) -> String {
        DemoTemplate.blank(demo)["Plugin/\(demo.module)Plugin.swift"]!.replacingOccurrences(
            of: "/// The demo: the class the manifest's Entry names, which the shell makes.",
            with: "/// The entry points the shell looks for in the library.")
    }
}
