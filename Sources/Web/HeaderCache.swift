import Synchronization

/// The site header, rendered from `partials/header.mustache` once per kind of visitor and page (signed in or not,
/// which tab is current, staff or not) and kept: every page has one, and rendering it each time was a good part of
/// a small page's cost. What differs per request (the help link's way back, the staff count) goes in by marker.
final class HeaderCache: Sendable {
    private struct Key: Hashable {
        let siteName: String, signedIn: Bool, canModerate: Bool, section: String?, hasWaiting: Bool
    }

    private let rendered = Mutex<[Key: String]>([:])
    // Characters no escaper changes and no page text contains.
    private static let helpMarker = "\u{1}HELP\u{1}", waitingMarker = "\u{1}WAITING\u{1}"

    func header(_ layout: LayoutContext, waiting: String?, renderer: TemplateRenderer) -> String {
        let key = Key(siteName: layout.siteName, signedIn: layout.signedIn, canModerate: layout.canModerate,
                      section: layout.section?.rawValue, hasWaiting: waiting != nil)
        let template = rendered.withLock { $0[key] } ?? {
            var values: [String: Any] = ["siteName": layout.siteName, "signedIn": layout.signedIn, "canModerate": layout.canModerate,
                                         "paths": Paths.forTemplates, "icons": Icon.forTemplates, "helpPath": Self.helpMarker]
            if let section = layout.section { values["current"] = [section.rawValue: true] }
            if waiting != nil { values["moderationWaiting"] = Self.waitingMarker }
            let text = renderer.render("partials/header", values) ?? ""
            // Bounded: one entry per tenant name and kind of page.
            rendered.withLock { if $0.count < 4096 { $0[key] = text } }
            return text
        }()
        let escaper = HTMLEscaper()
        var text = template.replacingOccurrences(of: Self.helpMarker, with: escaper.escapeText(layout.helpPath))
        if let waiting { text = text.replacingOccurrences(of: Self.waitingMarker, with: escaper.escapeText(waiting)) }
        return text
    }
}

/// Fragments whose data never changes while the server runs (the five emotion cards): rendered from their template
/// the first time and kept.
final class FragmentCache: Sendable {
    private let rendered = Mutex<[String: String]>([:])

    func fragment(_ template: String, renderer: TemplateRenderer, values: () -> [String: Any]) -> String {
        if let known = rendered.withLock({ $0[template] }) { return known }
        var context = values()
        context["paths"] = Paths.forTemplates
        let text = renderer.render(template, context) ?? ""
        rendered.withLock { $0[template] = text }
        return text
    }
}
