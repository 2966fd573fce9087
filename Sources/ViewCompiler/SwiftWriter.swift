/// Writes a page's nodes as the body of a Swift function over its view model. Names are looked up through
/// `ViewScope` (Sources/Web/Views/ViewScope.swift): the innermost section's value first, then outwards to the page and
/// the layout, as Mustache does, except that the compiler checks it: a name nothing in scope has does not compile.
enum SwiftWriter {
    /// The function body: `s0` (the page's scope) must be declared by the caller if the returned code uses it.
    static func body(_ nodes: [Node], depth: Int = 0, indent: String = "        ") -> String {
        var code = "", pending = ""
        func flush() {
            if !pending.isEmpty { code += indent + "out.raw(\(literal(pending)))\n" }
            pending = ""
        }
        for node in nodes {
            switch node {
            case .text(let text):
                pending += text
            case .variable(let name, let escaped):
                flush()
                code += indent + (escaped ? "out.view(\(expression(name, depth)))" : "out.viewRaw(\(expression(name, depth)))") + "\n"
            case .section(let name, let inverted, let children):
                flush()
                if inverted {
                    code += indent + "if !viewShows(\(expression(name, depth))) {\n"
                    code += body(children, depth: depth, indent: indent + "    ")
                    code += indent + "}\n"
                } else {
                    let inner = depth + 1, content = body(children, depth: inner, indent: indent + "        ")
                    // What the section repeats over is chosen on a line of its own (`viewSection`'s overloads), so
                    // that its body, a closure, is type-checked once against that one `each`.
                    code += indent + "do {\n"
                    code += indent + "    let v\(inner) = viewSection(\(expression(name, depth)))\n"
                    if uses(scope: inner, content) {
                        code += indent + "    v\(inner).each { e\(inner) in\n"
                        // A plain value (text, a number, a flag) has no names of its own, so its scope is the one
                        // around it (`viewScope`'s overloads): names inside are then looked up one level deep,
                        // not through a key path built at run time for every lookup.
                        if content.contains("s\(inner).") || content.contains("s\(inner))") {
                            code += indent + "        let s\(inner) = viewScope(e\(inner), s\(depth))\n"
                        }
                    } else {
                        code += indent + "    v\(inner).each { _ in\n"
                    }
                    code += content + indent + "    }\n" + indent + "}\n"
                }
            case .partial, .parent, .block:
                break  // put in place by Inliner before this runs
            }
        }
        flush()
        return code
    }

    /// Whether `code` refers to the scope `s<depth>`.
    static func uses(scope depth: Int, _ code: String) -> Bool {
        code.contains("s\(depth).") || code.contains("s\(depth))") || code.contains("e\(depth))")
    }

    /// `.` is the innermost value; `a.b` looks `a` up through the scopes, then `b` on what it found. Links
    /// (`paths.home`, printed by the `Route` case of that name) and icons (`icons.calendar`) are the site's constants, named directly so a wrong one does not
    /// compile.
    private static func expression(_ name: String, _ depth: Int) -> String {
        let parts = name.split(separator: ".")
        if parts.count == 2, parts[0] == "paths" { return "Route.\(identifier(parts[1])).path" }
        if parts.count == 2, parts[0] == "icons" { return "Icon.\(identifier(parts[1])).trusted" }
        if name == "." { return depth == 0 ? "s0.viewTop.pointee" : "e\(depth)" }
        // The form token is the layout's alone (no page or item has one), and forms inside lists (a reaction on every
        // post) would otherwise look it up through every scope between.
        if name == "csrf" { return "layout.csrf" }
        // `layout.discreet` names the layout's own value, whatever the scopes between have: inside a list's items a
        // name found only in the layout is otherwise a key path through every scope out to it, built at run time for
        // each item (the discreet partial around every glimmer, worry and note).
        if parts.count == 2, parts[0] == "layout" { return "layout." + identifier(parts[1]) }
        return "s\(depth)." + parts.map(identifier).joined(separator: ".")
    }

    private static func identifier(_ name: Substring) -> String {
        let keywords: Set<Substring> = ["default", "class", "struct", "in", "for", "if", "else", "return", "self", "true", "false", "nil",
                                        "case", "switch", "where", "while", "repeat", "do", "try", "throw", "import", "let", "var", "func"]
        return keywords.contains(name) ? "`\(name)`" : String(name)
    }

    /// A Swift string literal holding `text` exactly.
    static func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 { result += "\\u{\(String(scalar.value, radix: 16))}" } else { result.unicodeScalars.append(scalar) }
            }
        }
        return result + "\""
    }
}
