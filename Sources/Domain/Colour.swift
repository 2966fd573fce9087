import Foundation

/// An sRGB colour such as `#0F7A5C`, with WCAG 2.2 contrast arithmetic.
public struct Colour: Sendable, Equatable {
    public let red: Double
    public let green: Double
    public let blue: Double

    /// Accepts `#RRGGBB` only: what a tenant's settings store.
    public init?(hex: String) {
        guard hex.count == 7, hex.first == "#", let value = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        red = Double((value >> 16) & 0xFF) / 255
        green = Double((value >> 8) & 0xFF) / 255
        blue = Double(value & 0xFF) / 255
    }

    public static let black = Colour(hex: "#000000")!
    public static let white = Colour(hex: "#FFFFFF")!

    /// Relative luminance (WCAG 2.2, 1.4.3).
    public var luminance: Double {
        func linear(_ channel: Double) -> Double {
            channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    public func contrast(with other: Colour) -> Double {
        let (lighter, darker) = luminance > other.luminance ? (luminance, other.luminance) : (other.luminance, luminance)
        return (lighter + 0.05) / (darker + 0.05)
    }

    /// Black or white, whichever reads better on this colour. One of them always reaches 4.5:1.
    public var readableText: Colour {
        contrast(with: .white) >= contrast(with: .black) ? .white : .black
    }

    public var hex: String {
        func two(_ channel: Double) -> String {
            let text = String(Int((channel * 255).rounded()), radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }
        return "#" + two(red) + two(green) + two(blue)
    }
}

