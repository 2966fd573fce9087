/// A day's check-in: how the day was on five points, and optionally a few words and what it was about.
public struct CheckIn: Sendable, Equatable {
    public let day: Day
    public let rating: CheckInRating
    public let note: String
    public let tags: [CheckInTag]

    public init(day: Day, rating: CheckInRating, note: String, tags: [CheckInTag]) {
        self.day = day
        self.rating = rating
        self.note = note
        self.tags = tags
    }

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

/// What a day was about. A fixed list for now (kept as the values forms send).
public enum CheckInTag: String, Sendable, CaseIterable {
    case work, sleep, family, friends, exercise, health, weather, other

    public var label: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}
