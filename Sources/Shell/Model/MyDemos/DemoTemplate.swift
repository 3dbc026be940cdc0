import DemoBasics
import ShellBasics
import TextBounds

/// The files a new demo starts with, as relative path → text: a pure
/// function of its identity, so the same name always gives the same demo.
/// Both shapes are Say Hello's: `manifest.plugin`, `Model/` with the rules
/// (no GTK), `Plugin/` with the view and the class `Entry` names, `Tests/` with a
/// unit test of the rules.
public enum DemoTemplate {
    /// The category every demo of the learner's own is listed in.
    public static let category = "My Demos"

    /// Blank: a window with one label and one button, the button's rule in the model.
    public static func blank(_ demo: DemoIdentity) -> [String: String] {
        let module = demo.module, model = demo.modelModule
        return [
            "manifest.plugin": manifest(demo, sources: sourceList(module)),
            "Model/\(model).swift": """
            /// \(module)'s rules, free of GTK: what pressing the button does.
            public struct \(model): Sendable {
                /// How many times the button was pressed.
                public private(set) var presses = 0

                public init() {}

                /// Presses the button once; returns what the label says then.
                public mutating func press() -> String {
                    presses += 1
                    return presses == 1 ? "Pressed once" : "Pressed \\(presses) times"
                }
            }

            """,
            "Plugin/\(module)View.swift": """
            \(imports("DemoKit", model))

            /// The window: one label and one button. The rules are `\(model)`'s;
            /// this only wires the widgets to it.
            @MainActor
            final class \(module)View: DemoView {
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
                    window.showAll()
                    button.grabFocus()
                }
            }

            """,
            "Plugin/\(module)Plugin.swift": """
            \(imports("DemoKit"))

            /// The demo: the class the manifest's Entry names, which the shell makes.
            @MainActor
            final class \(module)Demo: DemoModule {
                func makeView(host: DemoHost) -> any DemoView {
                    \(module)View(host: host)
                }
            }

            """,
            "Tests/\(model)Tests.swift": """
            \(imports(model, "XCTest"))

            final class \(model)Tests: XCTestCase {
                func testPressingCountsThePresses() {
                    var model = \(model)()
                    XCTAssertEqual(model.press(), "Pressed once")
                    XCTAssertEqual(model.press(), "Pressed 2 times")
                    XCTAssertEqual(model.presses, 2)
                }
            }

            """,
        ]
    }

    /// A copy of an installed demo (`files`: its sources as they are now,
    /// edits included, and its manifest's text under `manifestName`) as
    /// the new demo `demo`: files named after the old module renamed, the
    /// code's names of the old module and its types rewritten, the
    /// manifest's Id, Module, Entry, Name and Category replaced (translations of
    /// the old name and category dropped: they named another demo). A model
    /// module the manifest named (`oldModel`, its `Model` key) becomes
    /// `demo.modelModule` and the key goes: the copy keeps the demos' rule.
    public static func copy(
        of files: [String: String], manifestName: String = "manifest.plugin",
        oldModule: String, oldModel: String? = nil, as demo: DemoIdentity
    ) -> [String: String] {
        var renames = [(oldModule, demo.module)]
        if let oldModel, oldModel != oldModule + "Model" { renames.insert((oldModel, demo.modelModule), at: 0) }
        var result: [String: String] = [:]
        for (path, text) in files where path != manifestName {
            let renamedPath = renamingPath(path, renames)
            result[renamedPath] = path.hasSuffix(".swift") ? renamingIdentifiers(in: text, renames) : text
        }
        if let manifest = files[manifestName] {
            result["manifest.plugin"] = rewritingManifest(manifest, as: demo, renames: renames)
        }
        return result
    }

    /// `path` with a file name that starts with `old` starting with `new`.
    static func renamingPath(_ path: String, from old: String, to new: String) -> String {
        renamingPath(path, [(old, new)])
    }

    /// `path` with a file name that starts with the first `old` of
    /// `renames` it starts with starting with its `new`.
    static func renamingPath(_ path: String, _ renames: [(old: String, new: String)]) -> String {
        let name = FileSystem.basename(path)
        guard let rename = renames.first(where: { name.hasPrefix($0.old) }) else { return path }
        let folder = path.contains("/") ? FileSystem.dirname(path) + "/" : ""
        return folder + rename.new + name.dropFirst(rename.old.count)
    }

    /// Every identifier that is `old` or starts with it followed by a
    /// capital or a digit (`SayHelloModel`, `SayHelloView`) renamed to
    /// start with `new`, in code only: comments and string literals are
    /// the author's words and are kept (`SwiftProse`).
    public static func renamingIdentifiers(in text: String, from old: String, to new: String) -> String {
        renamingIdentifiers(in: text, [(old, new)])
    }

    /// As `renamingIdentifiers(in:from:to:)` for several names in one
    /// pass, the first of `renames` that matches winning: a name already
    /// renamed is never renamed again.
    static func renamingIdentifiers(in text: String, _ renames: [(old: String, new: String)]) -> String {
        let renames = renames.filter { !$0.old.isEmpty }.map { (old: Array($0.old.unicodeScalars), new: $0.new) }
        guard !renames.isEmpty else { return text }
        var result = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        let prose = SwiftProse.prose(in: scalars)
        func isIdentifier(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar.properties.isAlphabetic || (0x30...0x39).contains(scalar.value)
        }
        func matchEnd(_ index: Int, _ oldScalars: [Unicode.Scalar]) -> Int? {
            guard scalars[index...].starts(with: oldScalars) else { return nil }
            let after = index + oldScalars.count
            let next = after < scalars.count ? scalars[after] : nil
            guard let next else { return after }
            return !isIdentifier(next) || next.properties.isUppercase || (0x30...0x39).contains(next.value)
                ? after : nil
        }
        var index = 0
        while index < scalars.count {
            let startsWord = index == 0 || !isIdentifier(scalars[index - 1])
            if startsWord, !prose[index] {
                if let (after, new) = renames.lazy.compactMap({ rename in
                    matchEnd(index, rename.old).map { ($0, rename.new) }
                }).first {
                    result.append(contentsOf: new.unicodeScalars)
                    index = after
                    continue
                }
            }
            result.append(scalars[index])
            index += 1
        }
        return String(result)
    }

    /// The manifest's text for `demo`: its lines kept, except the keys this
    /// copy owns.
    static func rewritingManifest(
        _ text: String, as demo: DemoIdentity, renames: [(old: String, new: String)]
    ) -> String {
        var lines: [String] = []
        var inPlugin = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.trimmingWhitespace()
            if trimmed.hasPrefix("[") { inPlugin = trimmed == "[\(PluginManifest.group)]" }
            guard inPlugin, let equals = trimmed.firstIndex(of: "=") else {
                lines.append(line)
                continue
            }
            let key = trimmed[..<equals].trimmingWhitespace()
            let value = String(trimmed[trimmed.index(after: equals)...])
            switch key {
            case "Id": lines.append("Id=\(demo.id)")
            case "Module": lines.append("Module=\(demo.module)")
            // Its class is renamed with the code's other names (SayHelloDemo → MyHelloDemo).
            case "Entry":
                lines.append(
                    "Entry=" + renamingIdentifiers(in: value.trimmingWhitespace(), renames))
            case "Name": lines.append("Name=\(keyFileValue(demo.name))")
            case "Category": lines.append("Category=\(category)")
            case "Model": continue  // the model is renamed `demo.modelModule`, the rule's name
            case "Sources":
                let paths = value.split(separator: ";").map {
                    renamingPath($0.trimmingWhitespace(), renames)
                }
                lines.append("Sources=" + paths.joined(separator: ";"))
            case _ where key.hasPrefix("Name[") || key.hasPrefix("Category["): continue
            default: lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The manifest's text with the name `name` (translations of the old
    /// name dropped: they named it as it was); every other line kept.
    public static func renaming(_ text: String, to name: String) -> String {
        var lines: [String] = []
        var inPlugin = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.trimmingWhitespace()
            if trimmed.hasPrefix("[") { inPlugin = trimmed == "[\(PluginManifest.group)]" }
            let key = trimmed.split(separator: "=", maxSplits: 1).first.map { $0.trimmingWhitespace() } ?? ""
            if inPlugin && key == "Name" {
                lines.append("Name=\(keyFileValue(name))")
                continue
            }
            if inPlugin && key.hasPrefix("Name[") { continue }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// The import lines of generated code (built here, so that no line of
    /// this file reads as an import of the shell's own).
    static func imports(_ modules: String...) -> String {
        modules.map { "im" + "port \($0)" }.joined(separator: "\n")
    }

    static func sourceList(_ module: String) -> String {
        "Model/\(module)Model.swift;Plugin/\(module)View.swift;Plugin/\(module)Plugin.swift"
    }

    /// Blank's manifest. Its description, help and category are the
    /// template's, so they come translated as a built-in demo's do (the
    /// name is the learner's own, in the words they chose: never translated).
    static func manifest(_ demo: DemoIdentity, sources: String) -> String {
        """
        [Plugin]
        Id=\(demo.id)
        Module=\(demo.module)
        Entry=\(demo.module)Demo
        Name=\(keyFileValue(demo.name))
        Description=My own demo
        Description[zh_CN]=我自己的演示
        Icon=applications-development-symbolic
        Category=\(category)
        Category[zh_CN]=我的演示
        Version=1.0
        ABI=\(SDKContract.manifestVersion)
        Help=A window with one label and one button. Change it and make it yours.
        Help[zh_CN]=一个窗口，里面有一个标签和一个按钮。改一改，把它变成你自己的。
        Sources=\(sources)

        """
    }

    /// `text` as a key file's value: a cleaned name has no line break or
    /// backslash, but a leading space would be lost.
    static func keyFileValue(_ text: String) -> String {
        text.hasPrefix(" ") ? "\\s" + text.dropFirst() : text
    }
}
