import Foundation
import Synchronization

/// A template rendered through swift-mustache once for each combination of its sections it meets, with a marker for
/// every variable, and cut at the markers: afterwards a page with the same sections shown is its text pieces joined
/// with its values, as bytes. swift-mustache looks each name up through a chain of dynamic casts (1.5–2 µs a tag);
/// on a page of sixty tags and ten forms that was a third of its time, the same work on every request.
///
/// The template stays the only source of the markup, and swift-mustache decides all of its output: whitespace,
/// partials, which text a section holds. Values go in as swift-mustache would print them: a string (escaped for
/// `{{name}}`, as it is for `{{{name}}}` and `{{&name}}`), a whole number in digits, `true`/`false`, an `HTMLFragment`'s
/// bytes as they are. A section shows for any of those but `false`, and not for an absent name or an empty list.
/// Values it cannot join this way (a list or a dictionary in a section, anything else as a variable) are rendered by
/// swift-mustache itself, so the output never differs; so is every template using tags this cannot follow (dotted
/// names, transforms, changed delimiters, dynamic partials).
struct FlatTemplate: Sendable {
    /// Where the layout puts the page (the layout's `{{$main}}{{/main}}` becomes this raw variable).
    static let mainName = "resettPageMain"

    /// The text cut at its variables: text, then the variable that goes between, and so on.
    struct Pieces: Sendable {
        var texts: [[UInt8]] = []
        var slots: [Slot] = []
        var textBytes = 0
    }

    struct Slot: Sendable, Equatable {
        var name: String
        var escaped: Bool
        /// The layout's page, given to `write` apart from the values (found once, not compared on every page).
        var isMain: Bool
    }

    /// What the template's tags say, found once when it loads.
    private struct Shape: Sendable {
        /// Each variable's name and whether it is escaped (a name used both ways is not flat).
        var variables: [String: Bool] = [:]
        var sections: [String] = []
        /// Sections around a `{{.}}`: it prints the section's own value, which only swift-mustache knows how to.
        var holdingCurrentValue: Set<String> = []
    }

    private let shape: Shape
    private let variants: Variants
    /// Renders this template's text through swift-mustache with the given values (partials resolved).
    private let render: @Sendable ([String: Any]) -> String?

    /// Variants made so far, by the bit mask of the sections shown. At most `limit`: past that, pages with new
    /// combinations are rendered by swift-mustache, so nothing a request does can grow this without bound.
    private final class Variants: Sendable {
        static let limit = 64
        let made = Mutex<[Int: Pieces]>([:])
    }

    /// nil when the template uses a tag this cannot follow.
    /// - Parameters:
    ///   - text: the template's text (constants resolved);
    ///   - partials: every template's text by name, for the partials and the parent it includes (each as `render`
    ///     renders it);
    ///   - render: renders the template with values through swift-mustache.
    init?(text: String, partials: [String: String], render: @escaping @Sendable ([String: Any]) -> String?) {
        guard let shape = Self.shape(of: text, partials: partials), shape.sections.count < 62 else { return nil }
        self.shape = shape
        self.variants = Variants()
        self.render = render
    }

    /// Writes the template with `values` (and `main`, the page inside a layout) to the end of `body`.
    func write(_ values: [String: Any], main: HTMLFragment? = nil, into body: inout [UInt8]) {
        guard let mask = mask(for: values), let pieces = pieces(for: mask),
              joined(pieces, values, main: main, into: &body)
        else { return writeThroughMustache(values, main: main, into: &body) }
    }

    /// The bit mask of the sections `values` shows; nil when a section's value needs swift-mustache.
    private func mask(for values: [String: Any]) -> Int? {
        var mask = 0
        for (bit, name) in shape.sections.enumerated() {
            guard let value = values[name] else { continue }
            let shows: Bool
            switch value {
            case let flag as Bool: shows = flag
            case is String, is Int, is HTMLFragment: shows = true
            case let list as [Any]:
                guard list.isEmpty else { return nil }
                shows = false
            default: return nil
            }
            if shows {
                if shape.holdingCurrentValue.contains(name) { return nil }
                mask |= 1 << bit
            }
        }
        return mask
    }

    private func pieces(for mask: Int) -> Pieces? {
        if let made = variants.made.withLock({ $0[mask] }) { return made }
        // Every variable gets a marker no escaper changes and no template holds; each section shown gets a marker too
        // (if it is also printed) or `true`.
        let names = shape.variables.keys.sorted()
        var values: [String: Any] = [:]
        for (index, name) in names.enumerated() { values[name] = Self.marker(index) }
        for (bit, name) in shape.sections.enumerated() {
            if mask & (1 << bit) == 0 { values[name] = nil } else if values[name] == nil { values[name] = true }
        }
        guard let rendered = render(values), let pieces = Self.cut(rendered, names: names, escaped: shape.variables) else { return nil }
        return variants.made.withLock { made in
            if made.count < Variants.limit { made[mask] = pieces }
            return pieces
        }
    }

    /// The pieces joined with the values; false (with `body` as it was) when a value needs swift-mustache.
    private func joined(_ pieces: Pieces, _ values: [String: Any], main: HTMLFragment?, into body: inout [UInt8]) -> Bool {
        let start = body.count
        body.reserveCapacity(start + pieces.textBytes + (main?.byteCount ?? 0) + 4096)
        for (index, text) in pieces.texts.enumerated() {
            body.append(contentsOf: text)
            guard index < pieces.slots.count else { continue }
            let slot = pieces.slots[index]
            if slot.isMain, let main {
                main.append(to: &body)
                continue
            }
            guard let value = values[slot.name] else { continue }
            switch value {
            case var text as String:
                text.withUTF8 { slot.escaped ? HTMLEscaper.append($0, escapedTo: &body) : body.append(contentsOf: $0) }
            case let number as Int:
                // Digits need no escaping, and a number's String is small enough to need no allocation.
                body.append(contentsOf: String(number).utf8)
            case let flag as Bool:
                body.append(contentsOf: flag ? Self.trueBytes : Self.falseBytes)
            case let fragment as HTMLFragment:
                fragment.append(to: &body)
            default:
                body.removeSubrange(start...)
                return false
            }
        }
        return true
    }

    private static let trueBytes = Array("true".utf8), falseBytes = Array("false".utf8)

    /// swift-mustache renders it, fragments (and the page) put in as `FragmentSplice` does.
    private func writeThroughMustache(_ values: [String: Any], main: HTMLFragment?, into body: inout [UInt8]) {
        var values = values
        if let main { values[Self.mainName] = main }
        var splice = FragmentSplice()
        // In two steps: `splice.body(render(splice.markers(…)))` would read `splice` before the markers were made.
        let rendered = render(splice.markers(in: values)) ?? ""
        body.append(contentsOf: splice.body(rendered))
    }

    // MARK: Reading the template

    private static func marker(_ index: Int) -> String { "\u{1}FLAT\(index)\u{1}" }

    private static func shape(of text: String, partials: [String: String]) -> Shape? {
        var shape = Shape()
        var open: [String] = []
        func scan(_ text: String, depth: Int) -> Bool {
            // A partial that includes itself (allowed in Mustache) is left to swift-mustache.
            guard depth < 8 else { return false }
            for tag in tags(in: text) {
                guard let kind = tag.first else { return false }
                let name = String(tag.dropFirst()).trimmingCharacters(in: .whitespaces)
                switch kind {
                case "!", "%", "$":
                    continue
                case "<":
                    // The parent's text is part of the page: its variables and sections are the page's too (its
                    // blocks' defaults and the page's own blocks are both scanned; what is not rendered is never cut).
                    if let parent = partials[name], !scan(parent, depth: depth + 1) { return false }
                case "=":
                    return false
                case ">":
                    guard !name.hasPrefix("*") else { return false }
                    if let partial = partials[name], !scan(partial, depth: depth + 1) { return false }
                case "#", "^":
                    guard isPlain(name) else { return false }
                    if !shape.sections.contains(name) { shape.sections.append(name) }
                    open.append(name)
                case "/":
                    // The parent's and blocks' own closing tags close nothing of ours.
                    if open.last == name { open.removeLast() }
                default:
                    let raw = kind == "{" || kind == "&"
                    let variable = kind == "{" ? String(tag.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
                        : kind == "&" ? name : tag.trimmingCharacters(in: .whitespaces)
                    if variable == "." {
                        // Outside any section it would print the page's values themselves.
                        guard !open.isEmpty else { return false }
                        shape.holdingCurrentValue.formUnion(open)
                        continue
                    }
                    guard isPlain(variable), shape.variables[variable] != raw else { return false }
                    shape.variables[variable] = !raw
                }
            }
            return true
        }
        return scan(text, depth: 0) ? shape : nil
    }

    /// A name swift-mustache looks up directly: no dots (a path), no parentheses (a transform).
    private static func isPlain(_ name: String) -> Bool {
        !name.isEmpty && !name.contains(".") && !name.contains("(") && !name.contains(" ")
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

    /// The rendered text cut at its markers; nil if a marker is malformed (it never is: the markers are ours).
    private static func cut(_ text: String, names: [String], escaped: [String: Bool]) -> Pieces? {
        var pieces = Pieces()
        var rest = text[...]
        while let start = rest.firstIndex(of: "\u{1}") {
            let afterStart = rest.index(after: start)
            guard let end = rest[afterStart...].firstIndex(of: "\u{1}") else { return nil }
            let label = rest[afterStart..<end]
            guard label.hasPrefix("FLAT"), let index = Int(label.dropFirst("FLAT".count)), names.indices.contains(index)
            else { return nil }
            pieces.texts.append(Array(rest[..<start].utf8))
            pieces.slots.append(Slot(name: names[index], escaped: escaped[names[index]] ?? true, isMain: names[index] == mainName))
            rest = rest[rest.index(after: end)...]
        }
        pieces.texts.append(Array(rest.utf8))
        pieces.textBytes = pieces.texts.reduce(0) { $0 + $1.count }
        return pieces
    }
}
