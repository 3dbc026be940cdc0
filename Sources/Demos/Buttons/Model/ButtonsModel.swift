/// The Buttons demo's rules, free of GTK: the button types the gallery shows
/// (the book's `UIButtonType`s), the custom button's geometry and what the
/// status line says after a tap.

/// The demo's pages, in the order the stack switcher shows them.
public enum ButtonsPage: String, CaseIterable, Sendable {
    case tap, types

    /// The stack page name.
    public var name: String { rawValue }
}

/// One row of the Button Types page.
public enum ButtonType: String, CaseIterable, Sendable {
    case custom = "Custom"
    case roundedRect = "RoundedRect"
    case detailDisclosure = "DetailDisclosure"
    case infoLight = "InfoLight"
    case infoDark = "InfoDark"
    case contactAdd = "ContactAdd"

    /// The type's name as `UIButtonType` spells it after the prefix.
    public var typeName: String { rawValue }

    /// The themed icon an icon-only sample shows; nil for text buttons.
    public var iconName: String? {
        switch self {
        case .custom, .roundedRect: nil
        case .detailDisclosure: "go-next-symbolic"
        case .infoLight, .infoDark: "help-about-symbolic"
        case .contactAdd: "list-add-symbolic"
        }
    }

    /// Whether the sample is drawn round (GNOME's `circular` buttons).
    public var isRound: Bool { iconName != nil }

    /// Whether the sample sits on a dark swatch (`InfoLight`: a light icon
    /// for dark backgrounds) or a light one (`InfoDark`); nil: the theme's.
    public var swatch: Swatch? {
        switch self {
        case .infoLight: .dark
        case .infoDark: .light
        default: nil
        }
    }

    public enum Swatch: Sendable { case dark, light }
}

/// The custom button: a stretchable frame image whose corners never stretch.
public enum CustomButtonStyle {
    public static let width = 200
    public static let height = 60
    /// The width of each edge of `frame.png` kept as is (the book's cap width).
    public static let capWidth = 20
    /// The image, among the demo's own files.
    public static let imagePath = "frame.png"
    public static let stylePath = "buttons.css"
    public static let styleClass = "frame-image-button"
}

/// The gallery's state: the last sample tapped, for the status line.
public struct ButtonGallery: Equatable, Sendable {
    public private(set) var lastTapped: ButtonType?
    public private(set) var tapCount = 0

    public init() {}

    public mutating func tap(_ type: ButtonType) {
        lastTapped = type
        tapCount &+= 1
    }
}
