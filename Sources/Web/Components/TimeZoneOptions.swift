import Domain

/// `components/time-zone-option`: one option of a time-zone select.
struct TimeZoneOption: CompiledView {
    let name: String
    let selected: Bool
}

/// The time-zone select's options (sign-up, welcome, profile): some four hundred, the same for everyone but for the one
/// selected. They are written once (`everyZone`, at the first page that shows them), and each page copies them around
/// its own selected option: written per request they were most of the profile page's time (a profile put 80% of it in
/// their escaping and appends).
struct TimeZoneOptions: Sendable {
    /// Every zone the system knows, written at the first page that asks: listing the zones loads ICU's time-zone data,
    /// memory a server that shows no such page never needs.
    static let everyZone = TimeZoneOptions()

    /// Every option, none selected.
    private let unselected: HTMLFragment
    /// Where each zone's option is in `unselected`.
    private let places: [String: Range<Int>]

    init(names: [String] = TimeZoneName.all) {
        var out = HTMLFragment(capacity: names.count * 64)
        var places: [String: Range<Int>] = [:]
        for name in names {
            let start = out.byteCount
            TimeZoneOption(name: name, selected: false).write(layout: .none, into: &out)
            places[name] = start..<out.byteCount
        }
        unselected = out
        self.places = places
    }

    /// Every option, `chosen` selected (none when it is not one of them, as the browser then shows the first).
    func selecting(_ chosen: String) -> HTMLFragment {
        guard let place = places[chosen] else { return unselected }
        var out = HTMLFragment(capacity: unselected.byteCount + 16)
        out.raw(unselected, bytes: 0..<place.lowerBound)
        TimeZoneOption(name: chosen, selected: true).write(layout: .none, into: &out)
        out.raw(unselected, bytes: place.upperBound..<unselected.byteCount)
        return out
    }
}
