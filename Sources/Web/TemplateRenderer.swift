import Foundation
import Mustache

/// Why the templates could not be loaded; the server refuses to start with any of these.
public enum TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    case missingFolder(String)
    case invalidTemplate(file: String, reason: String)
    case missingTemplate(String)

    public var description: String {
        switch self {
        case .missingFolder(let path): "the views folder does not exist: \(path)"
        case .invalidTemplate(let file, let reason): "template \(file) is invalid: \(reason)"
        case .missingTemplate(let name): "template \(name).mustache is missing"
        }
    }
}

/// The Mustache templates of `Views/`, parsed once at start. Output is HTML-escaped unless a template
/// says otherwise with triple braces. Data goes in as dictionaries, never through reflection.
public struct TemplateRenderer: Sendable {
    private let library: MustacheLibrary
    public let names: Set<String>

    public init(directory: String, required: [String]) throws(TemplateError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .missingFolder(directory)
        }
        MustacheContentTypes.register(HTMLEscaper(), named: HTMLEscaper.name)
        var templates: [String: MustacheTemplate] = [:]
        var references: [(file: String, name: String)] = []
        let enumerator = FileManager.default.enumerator(atPath: directory)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".mustache") else { continue }
            let text: String
            do { text = try String(contentsOfFile: directory + "/" + relative, encoding: .utf8) } catch {
                throw .invalidTemplate(file: relative, reason: "cannot be read as UTF-8")
            }
            do {
                // Every template escapes with our escaper; the pragma adds no output of its own.
                templates[Self.name(forFile: relative)] = try MustacheTemplate(string: HTMLEscaper.pragma + text)
                references += Self.partialNames(in: text).map { (file: relative, name: $0) }
            } catch {
                throw .invalidTemplate(file: relative, reason: "\(error)")
            }
        }
        for name in required where templates[Self.name(forFile: name)] == nil { throw .missingTemplate(name) }
        // swift-mustache renders a missing partial as nothing; we would rather not start.
        for reference in references where templates[reference.name] == nil {
            throw .invalidTemplate(file: reference.file, reason: "it uses \(reference.name), which does not exist")
        }
        library = MustacheLibrary(templates: templates)
        names = Set(templates.keys)
    }

    /// Names after `{{>` (partials) and `{{<` (parents).
    static func partialNames(in text: String) -> [String] {
        var names: [String] = []
        var rest = text[...]
        while let open = rest.range(of: "{{") {
            let afterOpen = rest[open.upperBound...]
            guard let close = afterOpen.range(of: "}}") else { break }
            let tag = afterOpen[..<close.lowerBound]
            if let marker = tag.first, marker == ">" || marker == "<" {
                names.append(String(tag.dropFirst().trimmingCharacters(in: .whitespaces)))
            }
            rest = afterOpen[close.upperBound...]
        }
        return names
    }

    /// `layouts/base.mustache` is known as `layouts.base`: swift-mustache does not allow `/` in the
    /// closing tag of a parent (`{{/layouts.base}}`), while `.` works everywhere.
    static func name(forFile relative: String) -> String {
        var name = relative
        if name.hasSuffix(".mustache") { name = String(name.dropLast(".mustache".count)) }
        return name.replacingOccurrences(of: "/", with: ".")
    }

    /// Renders the template of `path` (e.g. `home/index`); nil only if no such template was loaded.
    public func render(_ path: String, _ context: [String: Any]) -> String? {
        library.render(context, withTemplate: Self.name(forFile: path))
    }
}
