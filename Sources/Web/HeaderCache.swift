import Synchronization

/// The site header, rendered from `partials/header.mustache` once per kind of visitor and page (signed in or not,
/// which tab is current, staff or not) and kept: every page has one, and rendering it each time was a good part of
/// a small page's cost. What differs per request (the help link's way back, the staff count) goes in by marker.
final class HeaderCache: Sendable {
    private struct Key: Hashable {
        let siteName: String, logoPath: String?, signedIn: Bool, canModerate: Bool, section: String?, hasWaiting: Bool
    }

    /// The rendered header cut at its markers: text, then what goes between (help link or staff count), and so on.
    private struct Pieces {
        var texts: [String] = []
        var slots: [Slot] = []
    }

    private enum Slot { case help, waiting }

    private let rendered = Mutex<[Key: Pieces]>([:])
    // Characters no escaper changes and no page text contains.
    private static let helpMarker = "\u{1}HELP\u{1}", waitingMarker = "\u{1}WAITING\u{1}"

    func header(_ layout: LayoutContext, waiting: String?, renderer: TemplateRenderer) -> String {
        let key = Key(siteName: layout.siteName, logoPath: layout.logoPath, signedIn: layout.signedIn, canModerate: layout.canModerate,
                      section: layout.section?.rawValue, hasWaiting: waiting != nil)
        let pieces = rendered.withLock { $0[key] } ?? {
            var values: [String: Any] = ["siteName": layout.siteName, "signedIn": layout.signedIn, "canModerate": layout.canModerate,
                                         "paths": Paths.forTemplates, "icons": Icon.forTemplates, "helpPath": Self.helpMarker]
            if let section = layout.section { values["current"] = [section.rawValue: true] }
            if let logo = layout.logoPath { values["logoPath"] = logo }
            if waiting != nil { values["moderationWaiting"] = Self.waitingMarker }
            let made = Self.cut(renderer.render("partials/header", values) ?? "")
            // Bounded: one entry per tenant name and kind of page.
            rendered.withLock { if $0.count < 4096 { $0[key] = made } }
            return made
        }()
        // Joined by hand: Foundation's replacingOccurrences took a sixth of a small page's time.
        let escaper = HTMLEscaper()
        let help = escaper.escapeText(layout.helpPath), count = waiting.map { escaper.escapeText($0) } ?? ""
        var text = ""
        text.reserveCapacity(pieces.texts.reduce(0) { $0 + $1.utf8.count } + 128)
        for (index, piece) in pieces.texts.enumerated() {
            text += piece
            if index < pieces.slots.count { text += pieces.slots[index] == .help ? help : count }
        }
        return text
    }

    /// Splits rendered text at each marker, remembering which marker it was.
    private static func cut(_ text: String) -> Pieces {
        var pieces = Pieces()
        var rest = text[...]
        while true {
            let help = rest.range(of: helpMarker), waiting = rest.range(of: waitingMarker)
            let next: (Range<Substring.Index>, Slot)? = switch (help, waiting) {
            case let (h?, w?): h.lowerBound < w.lowerBound ? (h, .help) : (w, .waiting)
            case let (h?, nil): (h, .help)
            case let (nil, w?): (w, .waiting)
            case (nil, nil): nil
            }
            guard let (range, slot) = next else { break }
            pieces.texts.append(String(rest[..<range.lowerBound]))
            pieces.slots.append(slot)
            rest = rest[range.upperBound...]
        }
        pieces.texts.append(String(rest))
        return pieces
    }
}
