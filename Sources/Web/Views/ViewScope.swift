/// Where a compiled template looks a name up (see Sources/ViewCompiler): the innermost section's value first, then the
/// scopes around it, out to the page's view model and the layout's values. A name nothing in scope has does not
/// compile; a name two scopes both have is the inner one's, as in Mustache.
///
/// A class, so that a section's scope holds the scopes around it by one reference: as a struct, each item of a long
/// list (400 time zones) copied the page and the layout with every one of their fields retained and released.
@dynamicMemberLookup
final class ViewScope<Top, Rest> {
    let viewTop: Top
    let viewRest: Rest

    init(_ top: Top, _ rest: Rest) {
        viewTop = top
        viewRest = rest
    }

    // Inlined so that the optimiser sees each literal key path where it is applied and reads the property directly.
    @inline(__always)
    subscript<Value>(dynamicMember path: KeyPath<Top, Value>) -> Value { viewTop[keyPath: path] }

    @_disfavoredOverload @inline(__always)
    subscript<Value>(dynamicMember path: KeyPath<Rest, Value>) -> Value { viewRest[keyPath: path] }
}

/// A section's value that is text or a flag: it has no names of its own (so `{{count}}` inside `{{#title}}` is still
/// the page's), and `{{.}}` prints it.
struct ViewValue<Value> {
    let viewValue: Value
}

/// The scope inside a section over `element`. A plain value adds no names, so the names inside are the surrounding
/// scope's, looked up as directly as there: a `ViewScope` around it would make each of them a key path through the
/// outer scope's own lookup, which Swift builds anew at run time every time (the month's cells and the feed's posts
/// spent most of their time there).
@inline(__always)
func viewScope<Value, Rest>(_ element: ViewValue<Value>, _ rest: Rest) -> Rest { rest }

@_disfavoredOverload @inline(__always)
func viewScope<Element, Rest>(_ element: Element, _ rest: Rest) -> ViewScope<Element, Rest> { ViewScope(element, rest) }

/// A page compiled from its template by the CompileViews plugin.
protocol CompiledView {
    /// The template's path under Views/, without `.mustache`.
    static var template: String { get }
    /// Writes the page (inside its layout, if its template has one) to the end of `out`.
    func write(layout: LayoutView, into out: inout HTMLFragment)
}

extension CompiledView {
    /// A component's markup on its own (a template without a layout, such as the year's months), to be kept and put
    /// into pages with `{{{name}}}`.
    func fragment(capacity: Int = 4096) -> HTMLFragment {
        var out = HTMLFragment(capacity: capacity)
        write(layout: .none, into: &out)
        return out
    }
}

// What a section does with each kind of value, as swift-mustache does it: a list repeats for each item, an absent
// value or `false` or an empty list shows nothing, anything else shows once with that value innermost.

/// What a section repeats over: nothing, one value, or a list's items (no array is made for the first two).
enum ViewItems<Element>: Sequence, IteratorProtocol {
    case none
    case one(Element)
    case many(IndexingIterator<[Element]>)

    mutating func next() -> Element? {
        switch self {
        case .none: return nil
        case .one(let element):
            self = .none
            return element
        case .many(var iterator):
            let element = iterator.next()
            self = .many(iterator)
            return element
        }
    }
}

func viewSection<Item>(_ items: [Item]) -> ViewItems<Item> { .many(items.makeIterator()) }
func viewSection(_ items: [String]) -> ViewItems<ViewValue<String>> { .many(items.map(ViewValue.init).makeIterator()) }
func viewSection<Value>(_ value: Value?) -> ViewItems<Value> { value.map { .one($0) } ?? .none }
func viewSection(_ value: String?) -> ViewItems<ViewValue<String>> { value.map { .one(ViewValue(viewValue: $0)) } ?? .none }
func viewSection(_ value: String) -> ViewItems<ViewValue<String>> { .one(ViewValue(viewValue: value)) }
func viewSection(_ value: Int?) -> ViewItems<ViewValue<Int>> { value.map { .one(ViewValue(viewValue: $0)) } ?? .none }
func viewSection(_ value: Int) -> ViewItems<ViewValue<Int>> { .one(ViewValue(viewValue: value)) }
func viewSection(_ flag: Bool) -> ViewItems<ViewValue<Bool>> { flag ? .one(ViewValue(viewValue: true)) : .none }
func viewSection(_ fragment: HTMLFragment?) -> ViewItems<ViewValue<HTMLFragment>> { fragment.map { .one(ViewValue(viewValue: $0)) } ?? .none }
@_disfavoredOverload
func viewSection<Value>(_ value: Value) -> ViewItems<Value> { .one(value) }

func viewShows<Item>(_ items: [Item]) -> Bool { !items.isEmpty }
func viewShows<Value>(_ value: Value?) -> Bool { value != nil }
func viewShows(_ flag: Bool) -> Bool { flag }
@_disfavoredOverload
func viewShows<Value>(_ value: Value) -> Bool { true }

extension HTMLFragment {
    // `{{name}}`: escaped. The types a view model may print; any other does not compile.
    mutating func view(_ text: String) { escaped(text) }
    mutating func view(_ text: String?) { if let text { escaped(text) } }
    mutating func view(_ number: Int) { self.number(number) }
    mutating func view(_ number: Int?) { if let number { self.number(number) } }
    mutating func view(_ flag: Bool) { raw(flag ? "true" : "false") }
    mutating func view(_ value: ViewValue<String>) { escaped(value.viewValue) }
    mutating func view(_ value: ViewValue<Int>) { number(value.viewValue) }
    mutating func view(_ value: ViewValue<Bool>) { view(value.viewValue) }

    // `{{{name}}}`: markup we made (a component, an icon), never a member's words.
    mutating func viewRaw(_ fragment: HTMLFragment) { raw(fragment) }
    mutating func viewRaw(_ fragment: HTMLFragment?) { if let fragment { raw(fragment) } }
    mutating func viewRaw(_ value: ViewValue<HTMLFragment>) { raw(value.viewValue) }
    mutating func viewRaw(_ markup: TrustedHTML) { raw(markup.markup) }
    mutating func viewRaw(_ markup: TrustedHTML?) { if let markup { raw(markup.markup) } }
}

/// Markup of our own as text (an icon's SVG), for `{{{name}}}`: the type says it never holds a member's words.
struct TrustedHTML: Sendable {
    let markup: String
}
