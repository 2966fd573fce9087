/// Where a compiled template looks a name up (see Sources/ViewCompiler): the innermost section's value first, then the
/// scopes around it, out to the page's view model and the layout's values. A name nothing in scope has does not
/// compile; a name two scopes both have is the inner one's, as in Mustache.
///
/// Each scope holds its value by pointer (the page, the layout, a list's item where the list keeps it), and the scopes
/// around it by value: a scope is a few pointers, made and dropped with nothing retained, allocated or copied. As a
/// class holding the values, every item of every list was an allocation (a feed's posts and each post's reactions); as a
/// struct holding them, each item copied the page with all its fields retained. The pointers live only inside
/// `write`'s calls (`withUnsafePointer`, `ViewList.each`), where what they point to is borrowed and cannot change.
@dynamicMemberLookup
struct ViewScope<Top, Rest> {
    let viewTop: UnsafePointer<Top>
    let viewRest: Rest

    // Inlined so that the optimiser sees each literal key path where it is applied and reads the property directly.
    @inline(__always)
    subscript<Value>(dynamicMember path: KeyPath<Top, Value>) -> Value { _read { yield viewTop.pointee[keyPath: path] } }

    @_disfavoredOverload @inline(__always)
    subscript<Value>(dynamicMember path: KeyPath<Rest, Value>) -> Value { _read { yield viewRest[keyPath: path] } }
}

/// The page's scope: the page's values, then the layout's, each by pointer. Its own type, not a `ViewScope` around a
/// scope of the layout, so that a name of either is a key path to a stored property, which the optimiser turns into a
/// plain read: through a `dynamicMember` subscript it is a key path that Swift builds at run time every time.
@dynamicMemberLookup
struct ViewPageScope<Page> {
    let viewTop: UnsafePointer<Page>
    let viewLayout: UnsafePointer<LayoutView>

    @inline(__always)
    subscript<Value>(dynamicMember path: KeyPath<Page, Value>) -> Value { _read { yield viewTop.pointee[keyPath: path] } }

    @_disfavoredOverload @inline(__always)
    subscript<Value>(dynamicMember path: KeyPath<LayoutView, Value>) -> Value { _read { yield viewLayout.pointee[keyPath: path] } }
}

/// `write`'s body with the page's scope: the page and the layout, borrowed for the call.
@inline(__always)
func withViewScope<Page>(_ page: borrowing Page, _ layout: borrowing LayoutView, _ body: (ViewPageScope<Page>) -> Void) {
    withUnsafePointer(to: page) { page in
        withUnsafePointer(to: layout) { layout in body(ViewPageScope(viewTop: page, viewLayout: layout)) }
    }
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
func viewScope<Element, Rest>(_ element: UnsafePointer<Element>, _ rest: Rest) -> ViewScope<Element, Rest> {
    ViewScope(viewTop: element, viewRest: rest)
}

/// A page compiled from its template by the CompileViews plugin.
protocol CompiledView {
    /// The template's path under Views/, without `.mustache`.
    static var template: String { get }
    /// How big its body came out last time (see `ViewSize`).
    static var viewSize: ViewSize { get }
    /// Writes the page (inside its layout, if its template has one) to the end of `out`.
    func write(layout: LayoutView, into out: inout HTMLFragment)
}

extension CompiledView {
    /// A component's markup on its own (a template without a layout, such as the year's months), to be kept and put
    /// into pages with `{{{name}}}`.
    func fragment(capacity: Int = 4096, layout: LayoutView = .none) -> HTMLFragment {
        var out = HTMLFragment(capacity: capacity)
        write(layout: layout, into: &out)
        return out
    }
}

// What a section does with each kind of value, as swift-mustache does it: a list repeats for each item, an absent
// value or `false` or an empty list shows nothing, anything else shows once with that value innermost. `viewSection`
// picks the kind on its own line, so that the section's body (a closure) is type-checked once, against one `each`.

/// A section over a list's items: each by pointer, where the list keeps it.
struct ViewList<Element> {
    let items: [Element]

    @inline(__always)
    func each(_ body: (UnsafePointer<Element>) -> Void) {
        items.withUnsafeBufferPointer { buffer in
            guard let start = buffer.baseAddress else { return }
            for place in 0..<buffer.count { body(start + place) }
        }
    }
}

/// A section over one value with names of its own, if there is one.
struct ViewOne<Element> {
    let item: Element?

    @inline(__always)
    func each(_ body: (UnsafePointer<Element>) -> Void) {
        if let item { withUnsafePointer(to: item) { body($0) } }
    }
}

/// A section over a list of text: each shown with its text, which has no names of its own.
struct ViewValues<Value> {
    let values: [Value]

    @inline(__always)
    func each(_ body: (ViewValue<Value>) -> Void) {
        for value in values { body(ViewValue(viewValue: value)) }
    }
}

/// A section over one piece of text, a number, a flag or a fragment, if there is one (a flag only when true).
struct ViewOneValue<Value> {
    let value: Value?

    @inline(__always)
    func each(_ body: (ViewValue<Value>) -> Void) {
        if let value { body(ViewValue(viewValue: value)) }
    }
}

func viewSection<Item>(_ items: [Item]) -> ViewList<Item> { ViewList(items: items) }
func viewSection(_ items: [String]) -> ViewValues<String> { ViewValues(values: items) }
func viewSection<Value>(_ value: Value?) -> ViewOne<Value> { ViewOne(item: value) }
func viewSection(_ value: String?) -> ViewOneValue<String> { ViewOneValue(value: value) }
func viewSection(_ value: String) -> ViewOneValue<String> { ViewOneValue(value: value) }
func viewSection(_ value: Int?) -> ViewOneValue<Int> { ViewOneValue(value: value) }
func viewSection(_ value: Int) -> ViewOneValue<Int> { ViewOneValue(value: value) }
func viewSection(_ flag: Bool) -> ViewOneValue<Bool> { ViewOneValue(value: flag ? true : nil) }
func viewSection(_ route: Route?) -> ViewOneValue<Route> { ViewOneValue(value: route) }
func viewSection(_ fragment: HTMLFragment?) -> ViewOneValue<HTMLFragment> { ViewOneValue(value: fragment) }
@_disfavoredOverload
func viewSection<Value>(_ value: Value) -> ViewOne<Value> { ViewOne(item: value) }

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
    // A link: the route's URL, written as `Route.path` prints it.
    mutating func view(_ route: Route) { route.write(into: &self) }
    mutating func view(_ route: Route?) { route?.write(into: &self) }
    mutating func view(_ value: ViewValue<Route>) { value.viewValue.write(into: &self) }

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
