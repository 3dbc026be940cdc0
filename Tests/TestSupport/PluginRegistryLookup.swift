import DemoShellKit
import Launcher
import PluginHost
import ShellModel
import Foundation
import XCTest

/// The built-in demos' entries, read the way the shell reads them.
package enum PluginRegistryLookup {
    @MainActor package static func entries() -> [PluginEntry] {
        PluginRegistry(searchPath: [buildProductsDirectory]).entries
    }
    package static func builtIn() -> [PluginEntry] { MainActor.assumeIsolated { entries() } }
}
