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
    /// Each template's main text as `FlatTemplate` (the pages inside `layouts/base`, whose text starts
    /// `{{<layouts.base}}`, as their `main` block); absent for a template it cannot follow.
    private let flat: [String: FlatTemplate]
    /// The pages inside `layouts/base`, joined into `layout`.
    private let inBaseLayout: Set<String>
    private let layout: FlatTemplate?

    public init(directory: String, required: [String]) throws(TemplateError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .missingFolder(directory)
        }
        MustacheContentTypes.register(HTMLEscaper(), named: HTMLEscaper.name)
        var templates: [String: MustacheTemplate] = [:]
        var references: [(file: String, name: String)] = []
        var inBaseLayout: Set<String> = [], baseText: String?, texts: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: directory)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".mustache") else { continue }
            let text: String
            do { text = try String(contentsOfFile: directory + "/" + relative, encoding: .utf8) } catch {
                throw .invalidTemplate(file: relative, reason: "cannot be read as UTF-8")
            }
            do {
                // Every template escapes with our escaper; the pragma adds no output of its own.
                let name = Self.name(forFile: relative), resolved = Self.resolvingConstants(in: text)
                templates[name] = try MustacheTemplate(string: HTMLEscaper.pragma + resolved)
                if name == Self.baseLayout { baseText = resolved }
                texts[name] = resolved
                if Self.afterViewDeclaration(text).hasPrefix("{{<\(Self.baseLayout)}}") { inBaseLayout.insert(name) }
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
        names = Set(templates.keys)
        self.inBaseLayout = inBaseLayout
        let mainBlock = "{{$main}}{{/main}}"
        if let baseText {
            guard baseText.contains(mainBlock) else {
                throw .invalidTemplate(file: "layouts/base.mustache", reason: "it has no {{$main}}{{/main}} block")
            }
            // The layout alone, the page going where its main block was; the pages' parent is just that block.
            let withPartials = MustacheLibrary(templates: templates)
            let layoutText = baseText.replacingOccurrences(of: mainBlock, with: "{{{\(FlatTemplate.mainName)}}}")
            let layoutTemplate: MustacheTemplate
            do {
                layoutTemplate = try MustacheTemplate(string: HTMLEscaper.pragma + layoutText)
                templates[Self.baseLayout] = try MustacheTemplate(string: HTMLEscaper.pragma + mainBlock)
            } catch {
                throw .invalidTemplate(file: "layouts/base.mustache", reason: "\(error)")
            }
            guard let flatLayout = FlatTemplate(text: layoutText, partials: texts, render: { layoutTemplate.render($0, library: withPartials) })
            else { throw .invalidTemplate(file: "layouts/base.mustache", reason: "it uses a tag the page layout cannot follow") }
            layout = flatLayout
        } else {
            layout = nil
        }
        let library = MustacheLibrary(templates: templates)
        self.library = library
        var flat: [String: FlatTemplate] = [:]
        // The pages' parent `layouts.base` is only its main block to `library` (the layout is joined around them apart).
        var asRendered = texts
        if baseText != nil { asRendered[Self.baseLayout] = mainBlock }
        for (name, text) in texts where name != Self.baseLayout {
            flat[name] = FlatTemplate(text: text, partials: asRendered) { library.render($0, withTemplate: name) }
        }
        self.flat = flat
    }

    private static let baseLayout = "layouts.base"

    /// A compiled page's template starts by naming its view model (`{{! view: TypeName }}`, a comment line Mustache
    /// removes); what follows it.
    static func afterViewDeclaration(_ text: String) -> Substring {
        guard text.hasPrefix("{{! view:"), let newline = text.firstIndex(of: "\n") else { return text[...] }
        return text[text.index(after: newline)...]
    }

    /// `{{paths.name}}` and `{{{icons.name}}}` written into the template's text once, when it loads: they never change
    /// while serving, and swift-mustache's look-up of a dotted name inside a section cost about 70 µs a time (the home page
    /// went from 144 to 217 µs of CPU for one such link). An unknown name is left for the renderer, which shows nothing.
    static func resolvingConstants(in text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var rest = text[...]
        while let open = rest.range(of: "{{") {
            result += rest[..<open.lowerBound]
            let afterOpen = rest[open.upperBound...]
            let triple = afterOpen.first == "{"
            let nameStart = triple ? afterOpen.index(after: afterOpen.startIndex) : afterOpen.startIndex
            let closing = triple ? "}}}" : "}}"
            guard let close = afterOpen[nameStart...].range(of: closing) else { result += rest[open.lowerBound...]; return result }
            let name = afterOpen[nameStart..<close.lowerBound]
            if !triple, name.hasPrefix("paths."), let path = Paths.forTemplates[String(name.dropFirst("paths.".count))] {
                result += HTMLEscaper().escapeText(path)
            } else if triple, name.hasPrefix("icons."), let icon = Icon.forTemplates[String(name.dropFirst("icons.".count))] {
                result += icon
            } else {
                result += rest[open.lowerBound..<close.upperBound]
            }
            rest = afterOpen[close.upperBound...]
        }
        result += rest
        return result
    }

    /// Names after `{{>` (partials) and `{{<` (parents).
    static func partialNames(in text: String) -> [String] {
        FlatTemplate.tags(in: text).compactMap { tag in
            guard let marker = tag.first, marker == ">" || marker == "<" else { return nil }
            return String(tag.dropFirst().trimmingCharacters(in: .whitespaces))
        }
    }

    /// `layouts/base.mustache` is known as `layouts.base`: swift-mustache does not allow `/` in the
    /// closing tag of a parent (`{{/layouts.base}}`), while `.` works everywhere.
    static func name(forFile relative: String) -> String {
        var name = relative
        if name.hasSuffix(".mustache") { name = String(name.dropLast(".mustache".count)) }
        // By hand: Foundation's replacingOccurrences cost 3% of a page, and this runs on every render.
        return String(decoding: name.utf8.map { $0 == UInt8(ascii: "/") ? UInt8(ascii: ".") : $0 }, as: UTF8.self)
    }

    /// Renders the template of `path` (e.g. `home/index`); nil only if no such template was loaded.
    public func render(_ path: String, _ values: [String: Any]) -> String? {
        page(path, values).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The template of `path` with `values`, as the bytes of a response body (`HTMLFragment` values put in as they
    /// are); nil only if no such template was loaded. A page inside the layout is its main block joined into it.
    func page(_ path: String, _ values: [String: Any]) -> [UInt8]? {
        let name = Self.name(forFile: path)
        var body: [UInt8] = []
        if let template = flat[name] {
            template.write(values, into: &body)
        } else {
            var splice = FragmentSplice()
            guard let text = library.render(splice.markers(in: values), withTemplate: name) else { return nil }
            body = splice.body(text)
        }
        guard let layout, inBaseLayout.contains(name) else { return body }
        var page: [UInt8] = []
        layout.write(values, main: HTMLFragment(bytes: body), into: &page)
        return page
    }
}
