import Mustache

// How swift-mustache sees the plain values our pages give it. It renders a value it has no protocol for through a
// chain of dynamic casts and `String(describing:)`, and looks a name up inside a section's value (`{{#nextPath}}…
// {{nextName}}…{{/nextPath}}`) with `Mirror` before it climbs to the page's values: a dozen casts for each `{{name}}`,
// about a third of a page's time. These say up front what the casts would have found, with the same output: a string
// as itself, a whole number in digits, and neither with names of its own.

extension String: @retroactive MustacheCustomRenderable, @retroactive MustacheParent {
    public var renderText: String { self }
    public var isNull: Bool { false }
    public func child(named: String) -> Any? { nil }
}

extension Int: @retroactive MustacheCustomRenderable, @retroactive MustacheParent {
    public var renderText: String { String(self) }
    public var isNull: Bool { false }
    public func child(named: String) -> Any? { nil }
}
