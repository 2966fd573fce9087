import Domain

extension Route {
    /// The URL this route prints: its kind's pattern (`Route+Table.swift`, the one place a URL is written) with each
    /// `:value` segment replaced by this route's value, percent-encoded inside its own segment.
    /// Written by `write(into:)`, the one walk of a pattern's segments: a route without values is its pattern as it is.
    var path: String {
        guard Self.valueSegments[Self.place(of: kind)] != nil else { return kind.pattern }
        var out = HTMLFragment(capacity: 96)
        write(into: &out)
        return out.text
    }

    /// The same URL written straight into a page, for a view model's link held as a `Route` (`{{path}}`), without
    /// making its String: percent-encoded text holds none of the five characters HTML escapes, nor do the patterns, so
    /// it goes in as it is. A list of links (a feed's posts, a list of setbacks) made a String for each.
    func write(into out: inout HTMLFragment) {
        let values = self.values
        guard !values.isEmpty, let segments = Self.valueSegments[Self.place(of: kind)] else { return out.raw(kind.pattern) }
        var next = 0
        for segment in segments {
            out.raw("/")
            switch segment {
            case .literal(let literal): out.raw(literal)
            case .value:
                out.raw(PercentEncoding.encodeSegment(values[next]))
                next += 1
            }
        }
    }

    /// The segments of every pattern that carries values, split once by the parser's own `Row`, at each kind's place.
    private static let valueSegments: [[Row.Segment]?] = Kind.allCases.enumerated().map { place, kind in
        precondition(Self.place(of: kind) == place, "a route kind's tag is its place in declaration order")
        let row = Row(kind)
        return row.segments.contains(.value) ? row.segments : nil
    }

    /// A kind's place among all kinds, read from its tag: an enum without payloads is its case's place in declaration
    /// order, in one byte while there are at most 256 (checked where the table is made). Keyed by the kind in a
    /// dictionary, every link hashed the kind's name with SipHash (a tenth of a feed page's links).
    @inline(__always)
    private static func place(of kind: Kind) -> Int {
        precondition(MemoryLayout<Kind>.size == 1)
        return Int(unsafeBitCast(kind, to: UInt8.self))
    }

    /// This route's path values as text, in the order its pattern names them: what `Route(kind, values)` reads back
    /// (the round-trip test holds the two together for every kind). Routes without values have none.
    var values: [String] {
        switch self {
        case .emotion(let emotion): [emotion]
        case .reset(let id): [id]
        case .resetStart(let id): [id]
        case .runStep(let run, let step): [run.rawValue, String(step)]
        case .runFinish(let run): [run.rawValue]
        case .runMood(let run): [run.rawValue]
        case .rateRun(let run): [run.rawValue]
        case .runResult(let run): [run.rawValue]
        case .teamMessageSeen(let id): [id.rawValue]
        case .adminReset(let id, let action): [id, action.rawValue]
        case .ownReset(let id): [id.rawValue]
        case .updateOwnReset(let id): [id.rawValue]
        case .ownResetAction(let id, let action): [id.rawValue, action.rawValue]
        case .ownResetPreview(let id, let step): [id.rawValue, String(step)]
        case .calendarDay(let day): [day.description]
        case .smallStep(let action): [action.rawValue]
        case .setback(let id): [id.rawValue]
        case .setbackEdit(let id): [id.rawValue]
        case .updateSetback(let id): [id.rawValue]
        case .setbackAction(let id, let action): [id.rawValue, action.rawValue]
        case .practice(let slug): [slug]
        case .practiceStart(let slug): [slug]
        case .practiceSession(let id): [id.rawValue]
        case .practiceStep(let id, let step): [id.rawValue, String(step)]
        case .practiceDone(let id): [id.rawValue]
        case .glimmer(let id): [id.rawValue]
        case .updateGlimmer(let id): [id.rawValue]
        case .glimmerDelete(let id): [id.rawValue]
        case .passkeyRemove(let id): [id.rawValue]
        case .reminderDeviceRemove(let id): [id.rawValue]
        case .worry(let id): [id.rawValue]
        case .worryAction(let id, let action): [id.rawValue, action.rawValue]
        case .postDelete(let id): [id.rawValue]
        case .postReactions(let id): [id.rawValue]
        case .postReport(let id): [id.rawValue]
        case .postReports(let id): [id.rawValue]
        case .moderationPost(let id): [id.rawValue]
        case .moderate(let id, let action): [id.rawValue, action.rawValue]
        case .liftRestriction(let id): [id.rawValue]
        case .crisisContact(let id, let action): [id.rawValue, action.rawValue]
        case .watchedWordRemove(let id): [id.rawValue]
        case .scimUser(let id): [id]
        case .scimReplaceUser(let id): [id]
        case .scimPatchUser(let id): [id]
        case .scimDeleteUser(let id): [id]
        case .scimResourceType(let id): [id]
        case .scimSchema(let id): [id]
        case .invitationRevoke(let id): [id.rawValue]
        case .provisioningTokenRevoke(let id): [id.rawValue]
        case .checkInTagRemove(let id): [id.rawValue]
        case .memberRole(let id): [id.rawValue]
        case .approveFirstPasskey(let id): [id.rawValue]
        case .testCheckout(let id): [id.rawValue]
        case .payTestCheckout(let id): [id.rawValue]
        case .signOnStart(let provider): [provider]
        case .accountSessionDelete(let id): [id.rawValue]
        default: []
        }
    }
}
