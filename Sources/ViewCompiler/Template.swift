/// A Mustache template as the view compiler reads it: text, variables, sections, partials, parents and blocks.
/// Supported: what Resett's views use (no delimiter changes, lambdas or dynamic names; a template using them is an error).
indirect enum Node: Equatable {
    case text(String)
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (as it is).
    case variable(name: String, escaped: Bool)
    /// `{{#name}}…{{/name}}` or, inverted, `{{^name}}…{{/name}}`.
    case section(name: String, inverted: Bool, children: [Node])
    /// `{{>name}}`.
    case partial(name: String)
    /// `{{<name}}…{{/name}}`: the parent template with the blocks given here.
    case parent(name: String, blocks: [String: [Node]])
    /// `{{$name}}…{{/name}}`: a block, with its default content.
    case block(name: String, children: [Node])
}

struct TemplateSyntaxError: Error, CustomStringConvertible {
    let file: String
    let message: String
    var description: String { "\(file): \(message)" }
}

/// Turns a template's text into nodes, following the Mustache specification's rule for standalone lines: a line that
/// holds nothing but a section, inverted section, closing, comment, partial, parent or block tag (and whitespace)
/// is removed whole.
enum TemplateParser {
    private enum Token {
        case text(String)
        case tag(kind: Character?, name: String)
    }

    static func parse(_ text: String, file: String) throws -> [Node] {
        var tokens = try tokens(of: text, file: file)
        removeStandaloneLines(&tokens)
        var index = 0
        let nodes = try nodes(from: tokens, index: &index, closing: nil, file: file)
        return nodes
    }

    private static func tokens(of text: String, file: String) throws -> [Token] {
        var tokens: [Token] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            if open.lowerBound > rest.startIndex { tokens.append(.text(String(rest[..<open.lowerBound]))) }
            var after = rest[open.upperBound...]
            let triple = after.first == "{"
            if triple { after = after.dropFirst() }
            guard let close = after.range(of: triple ? "}}}" : "}}") else {
                throw TemplateSyntaxError(file: file, message: "a tag opened with {{ is never closed")
            }
            var content = after[..<close.lowerBound].trimmingSpaces()
            var kind: Character?
            if triple {
                kind = "&"
            } else if let first = content.first, "#^/>!<$&=%".contains(first) {
                kind = first
                content = content.dropFirst().trimmingSpaces()
            }
            if kind == "=" || kind == "%" {
                throw TemplateSyntaxError(file: file, message: "delimiter changes and pragmas are not supported")
            }
            if kind != "!" {
                guard isName(content) else { throw TemplateSyntaxError(file: file, message: "\"\(content)\" is not a name a view can have") }
            }
            tokens.append(.tag(kind: kind, name: String(content)))
            rest = after[close.upperBound...]
        }
        if !rest.isEmpty { tokens.append(.text(String(rest))) }
        return tokens
    }

    /// A Swift-friendly name: `.`, or dot-separated identifiers (`paths.home`), or a partial's `partials.error-summary`.
    private static func isName(_ name: Substring) -> Bool {
        if name == "." { return true }
        return !name.isEmpty && name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            guard let first = part.first, first.isLetter || first == "_" else { return false }
            return part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
        }
    }

    private static func removeStandaloneLines(_ tokens: inout [Token]) {
        // Decided on the original text, then applied: two standalone tags on consecutive lines share the text between.
        var trimStart: [Int: String.Index] = [:], trimEnd: [Int: String.Index] = [:]
        for (index, token) in tokens.enumerated() {
            guard case .tag(let kind, _) = token, let kind, "#^/>!<$".contains(kind) else { continue }
            var lineStart: (Int, String.Index)?
            if index == 0 {
                lineStart = nil
            } else if case .text(let before) = tokens[index - 1] {
                let tail = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
                guard before[tail...].allSatisfy({ $0 == " " || $0 == "\t" }) else { continue }
                guard before.contains("\n") || index - 1 == 0 else { continue }
                lineStart = (index - 1, tail)
            } else {
                continue
            }
            var lineEnd: (Int, String.Index)?
            if index == tokens.count - 1 {
                lineEnd = nil
            } else if case .text(let after) = tokens[index + 1] {
                guard let newline = after.firstIndex(where: { $0 == "\n" || $0 == "\r\n" }) else {
                    guard index + 1 == tokens.count - 1, after.allSatisfy({ $0 == " " || $0 == "\t" }) else { continue }
                    lineEnd = (index + 1, after.endIndex)
                    if let (token, tail) = lineStart { trimEnd[token] = min(trimEnd[token] ?? tail, tail) }
                    trimStart[index + 1] = after.endIndex
                    continue
                }
                guard after[..<newline].allSatisfy({ $0 == " " || $0 == "\t" }) else { continue }
                lineEnd = (index + 1, after.index(after: newline))
            } else {
                continue
            }
            if let (token, tail) = lineStart { trimEnd[token] = min(trimEnd[token] ?? tail, tail) }
            if let (token, end) = lineEnd { trimStart[token] = max(trimStart[token] ?? end, end) }
        }
        for (index, token) in tokens.enumerated() {
            guard case .text(let text) = token, trimStart[index] != nil || trimEnd[index] != nil else { continue }
            let start = trimStart[index] ?? text.startIndex, end = trimEnd[index] ?? text.endIndex
            tokens[index] = .text(start < end ? String(text[start..<end]) : "")
        }
    }

    private static func nodes(from tokens: [Token], index: inout Int, closing: String?, file: String) throws -> [Node] {
        var nodes: [Node] = []
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch token {
            case .text(let text):
                if !text.isEmpty { nodes.append(.text(text)) }
            case .tag(let kind, let name):
                switch kind {
                case "!": break
                case "/":
                    guard name == closing else {
                        throw TemplateSyntaxError(file: file, message: "{{/\(name)}} closes \(closing.map { "{{#\($0)}}" } ?? "nothing")")
                    }
                    return nodes
                case "#", "^":
                    let children = try self.nodes(from: tokens, index: &index, closing: name, file: file)
                    nodes.append(.section(name: name, inverted: kind == "^", children: children))
                case "$":
                    nodes.append(.block(name: name, children: try self.nodes(from: tokens, index: &index, closing: name, file: file)))
                case "<":
                    let children = try self.nodes(from: tokens, index: &index, closing: name, file: file)
                    var blocks: [String: [Node]] = [:]
                    for case .block(let block, let content) in children { blocks[block] = content }
                    nodes.append(.parent(name: name, blocks: blocks))
                case ">": nodes.append(.partial(name: name))
                case "&": nodes.append(.variable(name: name, escaped: false))
                default: nodes.append(.variable(name: name, escaped: true))
                }
            }
        }
        if let closing { throw TemplateSyntaxError(file: file, message: "{{#\(closing)}} is never closed") }
        return nodes
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var result = self
        while result.first == " " { result = result.dropFirst() }
        while result.last == " " { result = result.dropLast() }
        return result
    }
}
