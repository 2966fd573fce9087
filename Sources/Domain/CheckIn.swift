/// A day's check-in: how the day was on five points, and optionally a few words and what it was about.
public struct CheckIn: Sendable, Equatable {
    public let day: Day
    public let rating: CheckInRating
    public let note: String
    public let tags: [CheckInTag]
    /// Words were kept with it that this server cannot open now (started without the key that sealed them): they are
    /// still stored, and shown again once the key is back.
    public let wordsUnreadable: Bool

    public init(day: Day, rating: CheckInRating, note: String, tags: [CheckInTag], wordsUnreadable: Bool = false) {
        self.day = day
        self.rating = rating
        self.note = note
        self.tags = tags
        self.wordsUnreadable = wordsUnreadable
    }

    /// What pages and exports say where words could not be opened.
    public static let unreadableWords = "Some of your words can’t be opened right now: this server was started without the key that keeps "
        + "them private. They’re safe and still saved, and will show again once the key is back."

    /// Longest note, in characters: a few sentences, not a diary.
    public static let noteLimit = 1000
}

/// Horrible (1) to Great (5), as the seed's scale.
public enum CheckInRating: Int, Sendable, CaseIterable, Comparable {
    case horrible = 1, bad, average, good, great

    public var label: String {
        switch self {
        case .horrible: "Horrible"
        case .bad: "Bad"
        case .average: "Average"
        case .good: "Good"
        case .great: "Great"
        }
    }

    public static func < (a: CheckInRating, b: CheckInRating) -> Bool { a.rawValue < b.rawValue }
}

/// What a day was about: one of the standard eight, or one the tenant added. `value` is what forms send and what is
/// sealed with a check-in (a standard tag's word, or a tenant tag's id).
public struct CheckInTag: Sendable, Hashable {
    public let value: String
    public let label: String
    /// A tenant's tag it no longer offers: still named on the days that carry it.
    public let isRetired: Bool

    public init(value: String, label: String, isRetired: Bool = false) {
        self.value = value
        self.label = label
        self.isRetired = isRetired
    }

    /// The seed's list, offered by every tenant.
    public static let standard: [CheckInTag] = ["work", "sleep", "family", "friends", "exercise", "health", "weather", "other"].map {
        CheckInTag(value: $0, label: $0.prefix(1).uppercased() + $0.dropFirst())
    }

    /// The name inside a sentence ("days about sleep"): a standard tag in lower case, a tenant's as it wrote it.
    public var inSentence: String { Self.standard.contains(self) ? label.lowercased() : label }

    public static let work = standard[0], sleep = standard[1], exercise = standard[4]

    /// Longest name a tenant may give a tag, and how many of its own it may offer at once (so the form stays short).
    public static let labelLimit = 30
    public static let tenantLimit = 12

    /// Why `label` cannot be a new tag beside `offered`, or nil when it can.
    public static func problem(label: String, offered: [CheckInTag]) -> String? {
        if label.isEmpty { return "Give the tag a name." }
        if label.count > labelLimit { return "Please keep a tag’s name to \(labelLimit) characters or fewer." }
        if label.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "," }) {
            return "A tag’s name can’t contain commas or line breaks."
        }
        if offered.contains(where: { $0.label.lowercased() == label.lowercased() }) { return "There is already a tag called \(label)." }
        if offered.count - standard.count >= tenantLimit {
            return "You can offer up to \(tenantLimit) tags of your own. Remove one before adding another."
        }
        return nil
    }
}

/// The tags a tenant's members can choose from (the standard eight, then the tenant's own, in its order), and every
/// tag a stored check-in may name, retired ones included.
public struct CheckInTagList: Sendable {
    public let offered: [CheckInTag]
    /// Each tag by its value, with its place in the list.
    private let byValue: [String: (tag: CheckInTag, place: Int)]

    public init(tenantTags: [CheckInTag]) {
        offered = CheckInTag.standard + tenantTags.filter { !$0.isRetired }
        var byValue: [String: (tag: CheckInTag, place: Int)] = [:]
        for (place, tag) in (CheckInTag.standard + tenantTags).enumerated() { byValue[tag.value] = (tag, place) }
        self.byValue = byValue
    }

    public static let standard = CheckInTagList(tenantTags: [])

    /// The tag sent or stored as `value`; nil for anything this tenant never had.
    public func tag(_ value: some StringProtocol) -> CheckInTag? { byValue[String(value)]?.tag }

    /// The tags stored as `values` (comma-separated), in the list's order; values this tenant never had are left out.
    public func tags(stored values: String) -> [CheckInTag] {
        values.split(separator: ",").compactMap { byValue[String($0)] }.sorted { $0.place < $1.place }.map(\.tag)
    }
}
