import DemoShellKit
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import XCTest

/// The built-in demos' entries, read the way the shell reads them.
enum PluginRegistryLookup {
    @MainActor static func entries() -> [PluginEntry] { PluginRegistry(searchPath: [buildProductsDirectory]).entries }
    static func builtIn() -> [PluginEntry] { MainActor.assumeIsolated { entries() } }
}
