import DemoShellKit
@testable import Launcher
@testable import PluginHost
@testable import ShellModel
import Foundation
import XCTest

/// The built-in demos' entries, read the way the shell reads them.
public enum PluginRegistryLookup {
    @MainActor public static func entries() -> [PluginEntry] {
        PluginRegistry(searchPath: [buildProductsDirectory]).entries
    }
    public static func builtIn() -> [PluginEntry] { MainActor.assumeIsolated { entries() } }
}
