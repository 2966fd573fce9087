import Foundation

/// `layouts/base.mustache` rendered once per combination of its sections (theme chosen or not, notice or not) and cut
/// at its variables, so that a page renders only its own `main` block through swift-mustache and the layout around it
/// is joined here. swift-mustache looks every name up through dynamic casts; the layout's dozen names, two sections and
/// footer partial were a fifth of a typical page's rendering, the same work on every request.
///
/// The template stays the one source of the layout's markup: a variable it uses is filled from the page's values
/// (escaped for `{{name}}`, as it is for `{{{name}}}`), a section shows when its name has a value.
struct LayoutShell: Sendable {
    /// The layout cut at its variables: text, then the variable that goes between, and so on; `main` is the page.
    struct Pieces: Sendable {
        var texts: [String] = [] { didSet { textBytes = texts.reduce(0) { $0 + $1.utf8.count } } }
        var slots: [Slot] = []
        /// The texts' length, summed once rather than on every page.
        private(set) var textBytes = 0
    }

    enum Slot: Sendable, Equatable {
        case main
        case value(name: String, escaped: Bool)
    }

    enum ShellError: Error { case usedEscapedAndRaw(String), unsupportedTag(String), noMainBlock }

    /// One set of pieces per combination of sections present, by the sections' bit mask.
    private let variants: [Pieces]
    private let sections: [String]

    /// - Parameters:
    ///   - text: the layout's template text (constants already resolved);
    ///   - partials: the text of each partial by name, for the names the layout's partials use;
    ///   - render: renders a template text with values, its partials resolved (the layout's `{{>partials.footer}}`).
    init(text: String, partials: [String: String], render: (String, [String: Any]) throws -> String) throws {
        var variables: [String: Bool] = [:], sections: [String] = []
        // The layout's tags and those of the partials it includes, however deep.
        var tags: [String] = [], pending = [text], included: Set<String> = []
        while let next = pending.popLast() {
            for tag in Self.tags(in: next) {
                tags.append(tag)
                guard tag.first == ">" else { continue }
                let name = String(tag.dropFirst()).trimmed
                if included.insert(name).inserted, let partial = partials[name] { pending.append(partial) }
            }
        }
        for tag in tags {
            switch tag.first {
            case "{":
                let name = String(tag.dropFirst().dropLast()).trimmed
                if variables[name] == true { throw ShellError.usedEscapedAndRaw(name) }
                variables[name] = false
            case "#", "^":
                let name = String(tag.dropFirst()).trimmed
                // An inverted section would need its own variants; the layout has none.
                if tag.first == "^" { throw ShellError.unsupportedTag(tag) }
                if !sections.contains(name) { sections.append(name) }
            case "/", ">", "%", "!", "$":
                continue
            default:
                let name = tag.trimmed
                if variables[name] == false { throw ShellError.usedEscapedAndRaw(name) }
                variables[name] = true
            }
        }
        self.sections = sections
        let names = variables.keys.sorted()
        // Marker text no escaper changes and no template contains.
        func marker(_ index: Int) -> String { "\u{1}SHELL\(index)\u{1}" }
        let mainMarker = marker(names.count)
        guard text.contains("{{$main}}{{/main}}") else { throw ShellError.noMainBlock }
        let wrapped = text.replacingOccurrences(of: "{{$main}}{{/main}}", with: "{{$main}}\(mainMarker){{/main}}")
        var variants: [Pieces] = []
        for mask in 0..<(1 << sections.count) {
            var values: [String: Any] = [:]
            for (index, name) in names.enumerated() { values[name] = marker(index) }
            for (bit, name) in sections.enumerated() where mask & (1 << bit) == 0 { values[name] = nil }
            let rendered = try render(wrapped, values)
            variants.append(Self.cut(rendered, names: names, escaped: variables, mainMarker: mainMarker))
        }
        self.variants = variants
    }

    /// The page: the layout joined around `main` with the page's values.
    func page(main: String, values: [String: Any]) -> String {
        var mask = 0
        for (bit, name) in sections.enumerated() where Self.isPresent(values[name]) { mask |= 1 << bit }
        let pieces = variants[mask]
        let escaper = HTMLEscaper()
        var page = ""
        page.reserveCapacity(main.utf8.count + pieces.textBytes + 8192)
        for (index, text) in pieces.texts.enumerated() {
            page += text
            guard index < pieces.slots.count else { continue }
            switch pieces.slots[index] {
            case .main: page += main
            case .value(let name, let escaped):
                guard let value = values[name] else { continue }
                let text = value as? String ?? "\(value)"
                page += escaped ? escaper.escapeText(text) : text
            }
        }
        return page
    }

    /// A section shows for any value but false or an empty list, as swift-mustache decides.
    private static func isPresent(_ value: Any?) -> Bool {
        switch value {
        case nil: false
        case let flag as Bool: flag
        case let list as [Any]: !list.isEmpty
        default: true
        }
    }

    /// The insides of each `{{…}}` tag, a triple-brace tag with its inner braces (`{name}`).
    static func tags(in text: String) -> [String] {
        var tags: [String] = []
        var rest = text[...]
        while let open = rest.range(of: "{{") {
            let after = rest[open.upperBound...]
            let triple = after.first == "{"
            guard let close = after.range(of: triple ? "}}}" : "}}") else { break }
            tags.append(triple ? String(after[..<close.lowerBound]) + "}" : String(after[..<close.lowerBound]))
            rest = after[close.upperBound...]
        }
        return tags
    }

    private static func cut(_ text: String, names: [String], escaped: [String: Bool], mainMarker: String) -> Pieces {
        var pieces = Pieces()
        var rest = text[...]
        while let start = rest.firstIndex(of: "\u{1}") {
            let afterStart = rest.index(after: start)
            guard let end = rest[afterStart...].firstIndex(of: "\u{1}") else { break }
            let label = rest[afterStart..<end]
            guard label.hasPrefix("SHELL"), let index = Int(label.dropFirst("SHELL".count)) else { break }
            pieces.texts.append(String(rest[..<start]))
            pieces.slots.append(index == names.count ? .main : .value(name: names[index], escaped: escaped[names[index]] ?? true))
            rest = rest[rest.index(after: end)...]
        }
        pieces.texts.append(String(rest))
        return pieces
    }
}

private extension String {
    var trimmed: String { String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed()) }
}
