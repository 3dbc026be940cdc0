import DemoShellKit
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// The desktop entry, the AppStream metainfo and the icons, as validators and
/// packagers read them.
final class DesktopIntegrationTests: XCTestCase {
    private let appID = "io.github.demoshell.DemoShell"

    private var bundle: String {
        get throws {
            let name = try XCTUnwrap(
                FileManager.default.contentsOfDirectory(atPath: buildProductsDirectory)
                    .first { $0.hasSuffix("_DemoShellData.resources") })
            return buildProductsDirectory + "/" + name
        }
    }

    /// Each built-in manifest's [Plugin] keys.
    private func manifests() throws -> [[String: String]] {
        let demos = packageRoot + "/Sources/Demos"
        return try FileManager.default.contentsOfDirectory(atPath: demos).sorted().map { folder in
            try keyFileGroup(String(contentsOfFile: "\(demos)/\(folder)/manifest.plugin", encoding: .utf8), "[Plugin]")
        }
    }

    private func keyFileGroup(_ text: String, _ group: String) -> [String: String] {
        var inGroup = false
        var keys: [String: String] = [:]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("[") {
                inGroup = line == group
                continue
            }
            guard inGroup, let equals = line.firstIndex(of: "="), !line.hasPrefix("#") else { continue }
            keys[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return keys
    }

    // MARK: Desktop entry

    func testTheBuiltDesktopEntryIsValidAndOffersEveryDemo() throws {
        let path = try bundle + "/applications/\(appID).desktop"
        let validation = try runCommand(["desktop-file-validate", path])
        XCTAssertEqual(validation.status, 0)
        XCTAssertEqual(validation.output, "", "desktop-file-validate says nothing")

        let text = try String(contentsOfFile: path, encoding: .utf8)
        let main = keyFileGroup(text, "[Desktop Entry]")
        XCTAssertEqual(main["Name"], "Demo Shell")
        for key in ["Name", "GenericName", "Comment", "Keywords"] {
            XCTAssertNotNil(main[key], key)
            XCTAssertNotNil(main["\(key)[zh_CN]"], "\(key) is translated")
        }
        XCTAssertEqual(main["Icon"], appID)
        XCTAssertEqual(main["StartupNotify"], "true")
        XCTAssertEqual(main["StartupWMClass"], appID, "the windows' WM_CLASS (Program.identify)")
        XCTAssertTrue(main["Categories"]?.hasPrefix("GTK;Education;") == true)

        let manifests = try manifests()
        let ids = try XCTUnwrap(main["Actions"]).split(separator: ";").map(String.init)
        XCTAssertEqual(ids.sorted(), manifests.compactMap { $0["Id"] }.sorted(), "one action per built-in demo")
        for manifest in manifests {
            let id = try XCTUnwrap(manifest["Id"])
            let action = keyFileGroup(text, "[Desktop Action \(id)]")
            XCTAssertEqual(action["Exec"], "demo-shell --run=\(id)")
            XCTAssertEqual(action["Name"], manifest["Name"])
            XCTAssertEqual(action["Name[zh_CN]"], manifest["Name[zh_CN]"])
            XCTAssertEqual(action["Icon"], DemoIcon.installedName(forDemo: id))
        }
    }

    func testANewDemoGetsItsActionAndABadIdFailsTheBuild() throws {
        let folder = NSTemporaryDirectory() + "desktop-entry-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "[Plugin]\nId=new-demo\nName=A New Demo\nName[zh_CN]=新演示\nIcon=weather-clear-symbolic\n"
            .write(toFile: folder + "/new.plugin", atomically: false, encoding: .utf8)
        let template = packageRoot + "/data/\(appID).desktop.in"
        let script = packageRoot + "/scripts/desktop-entry"
        let demos = packageRoot + "/Sources/Demos/SayHello/manifest.plugin"
        let generated = try runCommand(["sh", script, template, folder + "/out.desktop", demos, folder + "/new.plugin"])
        XCTAssertEqual(generated.status, 0, generated.output)
        let text = try String(contentsOfFile: folder + "/out.desktop", encoding: .utf8)
        XCTAssertEqual(keyFileGroup(text, "[Desktop Entry]")["Actions"], "new-demo;say-hello;", "sorted by name")
        XCTAssertEqual(
            keyFileGroup(text, "[Desktop Action new-demo]")["Icon"], "weather-clear-symbolic", "a themed icon is kept")
        XCTAssertEqual(try runCommand(["desktop-file-validate", folder + "/out.desktop"]).output, "")

        try "[Plugin]\nId=Bad Id;\nName=Bad\n".write(toFile: folder + "/bad.plugin", atomically: false, encoding: .utf8)
        let refused = try runCommand(["sh", script, template, folder + "/bad.desktop", folder + "/bad.plugin"])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.output.contains("bad.plugin"), refused.output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/bad.desktop"), "no half-written entry")
    }

    // MARK: AppStream

    func testTheMetainfoValidatesWithoutWarningsAndMatchesTheEntry() throws {
        let path = try bundle + "/metainfo/\(appID).metainfo.xml"
        let validation = try runCommand(["appstreamcli", "validate", "--no-net", "--no-color", path])
        XCTAssertEqual(validation.status, 0, validation.output)
        let problems = validation.output.split(separator: "\n").filter {
            $0.hasPrefix("W:") || $0.hasPrefix("E:") || $0.hasPrefix("I:")
        }
        XCTAssertEqual(problems, [], validation.output)

        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.contains("<id>\(appID)</id>"))
        XCTAssertTrue(text.contains("<launchable type=\"desktop-id\">\(appID).desktop</launchable>"))
        XCTAssertTrue(text.contains("<content_rating type=\"oars-1.1\""))
        XCTAssertTrue(text.contains("<release version=\"\(shellVersion)\""), "the release matches --version")
        // Flathub's quality guidelines: a short summary, brand colours for
        // light and dark, release notes of a few sentences.
        let summary = try XCTUnwrap(
            text.components(separatedBy: "<summary>").dropFirst().first?.components(separatedBy: "</summary>").first)
        XCTAssertLessThanOrEqual(summary.count, 35, summary)
        XCTAssertFalse(summary.hasSuffix("."), summary)
        XCTAssertTrue(text.contains("<color type=\"primary\" scheme_preference=\"light\">"))
        XCTAssertTrue(text.contains("<color type=\"primary\" scheme_preference=\"dark\">"))
        let notes = try XCTUnwrap(
            text.components(separatedBy: "<release ").dropFirst().first?.components(separatedBy: "<p>").dropFirst()
                .first?
                .components(separatedBy: "</p>").first)
        XCTAssertTrue((2...3).contains(notes.split(separator: ".").count), "2 or 3 sentences: \(notes)")
        // Every screenshot is one of README's, and its caption is translated.
        let screenshots = text.components(separatedBy: "<screenshot").dropFirst().dropLast(0).filter {
            !$0.hasPrefix("s>")
        }
        XCTAssertGreaterThanOrEqual(screenshots.count, 3)
        for screenshot in screenshots {
            let image = try XCTUnwrap(
                screenshot.components(separatedBy: "<image>").dropFirst().first?
                    .components(separatedBy: "</image>").first)
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: packageRoot + "/data/screenshots/" + FileSystem.basename(image)),
                image)
            XCTAssertTrue(screenshot.contains("<caption>"), image)
            XCTAssertFalse(
                screenshot.contains(".</caption>") || screenshot.contains("。</caption>"),
                "\(image): a caption is no sentence")
            XCTAssertTrue(screenshot.contains("<caption xml:lang=\"zh_CN\">"), "\(image): caption translated")
        }
    }

    // MARK: Icons

    func testTheAppIconIsScalableAndSymbolicAndEveryDemoHasItsOwn() throws {
        let icons = packageRoot + "/data/icons/hicolor"
        XCTAssertTrue(FileManager.default.fileExists(atPath: icons + "/scalable/apps/\(appID).svg"))
        let symbolic = try String(contentsOfFile: icons + "/symbolic/apps/\(appID)-symbolic.svg", encoding: .utf8)
        XCTAssertTrue(symbolic.contains("viewBox=\"0 0 16 16\""), "a symbolic icon is drawn on 16 × 16")
        var seen = Set<String>()
        for manifest in try manifests() {
            let icon = try XCTUnwrap(manifest["Icon"])
            XCTAssertTrue(DemoIcon.isPicture(icon), "\(manifest["Id"] ?? ""): its own picture, not a stock icon")
            XCTAssertTrue(seen.insert(icon).inserted, "\(icon) is not shared")
            let file = packageRoot + "/Resources/" + icon
            XCTAssertTrue(FileManager.default.fileExists(atPath: file), file)
            // Each renders (rsvg-convert is librsvg, GTK's own SVG loader).
            if icon.hasSuffix(".svg") {
                let out = NSTemporaryDirectory() + "icon-\(UUID().uuidString).png"
                defer { try? FileManager.default.removeItem(atPath: out) }
                XCTAssertEqual(
                    try runCommand(["rsvg-convert", "-w", "48", "-h", "48", "-o", out, file]).status, 0, file)
            }
        }
    }
}
