/// The Swift Controls demo's rules, free of GTK: the sum the button computes
/// and the navigation between the list and its two detail pages.

/// Adds two integers, as the book's `Touch Me` button does with 11 and 22.
public struct MathSum: Equatable, Sendable {
    public let first: Int
    public let second: Int

    /// The operands the demo's button adds.
    public static let demo = MathSum(11, 22)

    public init(_ first: Int, _ second: Int) {
        self.first = first
        self.second = second
    }

    /// The sum, or nil when it does not fit in an `Int` (never a trap).
    public var result: Int? {
        let (sum, overflow) = first.addingReportingOverflow(second)
        return overflow ? nil : sum
    }

    /// The sum in digits for the dialog; nil on overflow (the view says so).
    public var resultText: String? { result.map(String.init) }
}

/// The pages of the Swift Controls window.
public enum SwiftControlsPage: String, CaseIterable, Sendable {
    case list, label, button

    /// The stack page name.
    public var name: String { rawValue }

    /// The detail pages, in list order.
    public static let details: [SwiftControlsPage] = [.label, .button]

    /// The page the back button (Escape, Alt+Left) goes to; nil on the list.
    public var back: SwiftControlsPage? { self == .list ? nil : .list }

    /// The title a row and its page's subtitle show (a UIKit class name).
    public var className: String? {
        switch self {
        case .list: nil
        case .label: "UILabel"
        case .button: "UIButton"
        }
    }
}

/// Where the user is: a stack of one or two pages, as a navigation controller.
public struct SwiftControlsNavigation: Equatable, Sendable {
    public private(set) var page: SwiftControlsPage = .list

    public init() {}

    public var canGoBack: Bool { page.back != nil }

    /// Opens a row's detail page; the list itself is no detail.
    @discardableResult
    public mutating func open(_ detail: SwiftControlsPage) -> Bool {
        guard page == .list, detail != .list else { return false }
        page = detail
        return true
    }

    /// Returns to the list; false when already there.
    @discardableResult
    public mutating func goBack() -> Bool {
        guard let back = page.back else { return false }
        page = back
        return true
    }
}
