import Synchronization

/// Fragments whose data never changes while the server runs (the five emotion cards): rendered from their template
/// the first time and kept.
final class FragmentCache: Sendable {
    private let rendered = Mutex<[String: String]>([:])

    /// `template` rendered with `values` the first time it is asked for under `key` (the template's name by default).
    func fragment(_ template: String, key: String? = nil, renderer: TemplateRenderer, values: () -> [String: Any]) -> String {
        let key = key ?? template
        if let known = rendered.withLock({ $0[key] }) { return known }
        var context = values()
        context["paths"] = Paths.forTemplates
        let text = renderer.render(template, context) ?? ""
        rendered.withLock { $0[key] = text }
        return text
    }
}
