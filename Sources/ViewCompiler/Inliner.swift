/// Puts partials and parents in place, so a page is one tree the compiler can type-check against its view model: a
/// partial's names are looked up in the page's scope where the partial is used, as Mustache does.
struct Inliner {
    /// Every template's nodes, by the name templates use for it (`partials.footer` for `partials/footer.mustache`).
    let templates: [String: [Node]]

    func inline(_ nodes: [Node], file: String, depth: Int = 0, blocks: [String: [Node]] = [:]) throws -> [Node] {
        guard depth < 16 else { throw TemplateSyntaxError(file: file, message: "partials nest more than 16 deep (a loop?)") }
        var result: [Node] = []
        for node in nodes {
            switch node {
            case .text, .variable:
                result.append(node)
            case .section(let name, let inverted, let children):
                result.append(.section(name: name, inverted: inverted,
                                       children: try inline(children, file: file, depth: depth, blocks: blocks)))
            case .partial(let name):
                guard let partial = templates[name] else { throw TemplateSyntaxError(file: file, message: "uses \(name), which does not exist") }
                result += try inline(partial, file: file, depth: depth + 1, blocks: blocks)
            case .parent(let name, let overrides):
                guard let parent = templates[name] else { throw TemplateSyntaxError(file: file, message: "uses \(name), which does not exist") }
                // The page's blocks, themselves inlined in the page's context, replace the parent's defaults.
                var given = blocks
                for (block, content) in overrides { given[block] = try inline(content, file: file, depth: depth, blocks: blocks) }
                result += try inline(parent, file: file, depth: depth + 1, blocks: given)
            case .block(let name, let children):
                result += try blocks[name] ?? inline(children, file: file, depth: depth, blocks: blocks)
            }
        }
        return result
    }
}
