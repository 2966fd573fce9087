import HTTPServer

extension Route {
    /// What a request's method and path name.
    enum Match: Equatable {
        case found(Route)
        /// The path names something, but not by this method (405, with the methods that would do).
        case methodNotAllowed(allowed: [String])
        case notFound
    }

    /// The highest step number a URL may carry; a reset's own length bounds it further in its handler.
    static let maximumStep = 999

    /// Reads a request's method and path. Segments are percent-decoded one by one after splitting, so `%2F` inside
    /// an id stays inside it; the first row of the table whose pattern and values fit wins, so a literal
    /// (`/calendar/year`) is tried before the parameter beside it (`/calendar/:day`).
    static func parse(method: String, path: Substring) throws(WebError) -> Match {
        guard path.first == "/" else { throw .badRequest("The path must start with /.") }
        // Split on the bytes (a path is ASCII on the wire; Character splitting cost more than the table's look-up).
        var parts: [String] = []
        let utf8 = path.utf8
        var start = utf8.index(after: utf8.startIndex)
        while true {
            let end = utf8[start...].firstIndex(of: UInt8(ascii: "/")) ?? utf8.endIndex
            parts.append(try PercentEncoding.decode(path[start..<end], plusIsSpace: false))
            guard end < utf8.endIndex else { break }
            start = utf8.index(after: end)
        }
        let wanted = method == "HEAD" ? "GET" : method
        var allowed: Set<String> = []
        for row in table[parts.first ?? ""] ?? [] {
            guard let values = row.bind(parts), let route = Route(row.kind, values) else { continue }
            if row.kind.method == wanted { return .found(route) }
            allowed.insert(row.kind.method)
            if row.kind.method == "GET" { allowed.insert("HEAD") }
        }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed.sorted())
    }

    /// Where a request is answered, when its method and literal path name a route without values, or its path's first
    /// segment says so alone (every route under it is answered in the same place), without splitting and decoding the
    /// path: the event loop asks this for every request, and the worker then parses it in full. nil when neither decides.
    static func placement(method: String, path: Substring) -> ResponsePlacement? {
        if let exact = placementByLiteralPath[(method == "HEAD" ? "GET" : method) + " " + path] { return exact }
        let utf8 = path.utf8
        guard utf8.first == UInt8(ascii: "/") else { return nil }
        let start = utf8.index(after: utf8.startIndex)
        let end = utf8[start...].firstIndex(of: UInt8(ascii: "/")) ?? utf8.endIndex
        let first = path[start..<end]
        guard !first.utf8.contains(UInt8(ascii: "%")) else { return nil }
        return placementByFirstSegment[String(first)]
    }

    /// "GET /account/appearance": each route without values, by its method and path.
    private static let placementByLiteralPath: [String: ResponsePlacement] = Dictionary(
        Kind.allCases.filter { !$0.pattern.contains(":") && $0.placement != .eventLoop }.map { ($0.method + " " + $0.pattern, $0.placement) },
        uniquingKeysWith: { first, _ in first })

    private static let placementByFirstSegment: [String: ResponsePlacement] = table.compactMapValues { rows in
        // Never the event loop from here: a path under such a segment that names no route is a 404 page, which may
        // read the session, and nothing that reads the database may run on the event loop.
        guard let placement = rows.first?.kind.placement, placement != .eventLoop, rows.allSatisfy({ $0.kind.placement == placement })
        else { return nil }
        return placement
    }

    /// One kind's pattern, split into segments once.
    struct Row: Sendable {
        enum Segment: Sendable, Equatable {
            case literal(String)
            case value
        }

        let kind: Kind
        let segments: [Segment]

        init(_ kind: Kind) {
            self.kind = kind
            segments = kind.pattern.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
                $0.hasPrefix(":") ? .value : .literal(String($0))
            }
        }

        /// The path's values, in order, when its parts fit this pattern; a value is never empty.
        func bind(_ parts: [String]) -> [String]? {
            guard segments.count == parts.count else { return nil }
            var values: [String] = []
            for (segment, part) in zip(segments, parts) {
                switch segment {
                case .literal(let literal): guard literal == part else { return nil }
                case .value:
                    guard !part.isEmpty else { return nil }
                    values.append(part)
                }
            }
            return values
        }
    }

    /// The table's rows by their first segment, in the table's order: a request is tried against a handful, not all.
    static let table: [String: [Row]] = Dictionary(grouping: Kind.allCases.map(Row.init)) { row in
        if case .literal(let first)? = row.segments.first { return first }
        return ""
    }
}
