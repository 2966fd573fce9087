/// A glimmer: a small moment of safety or joy (Deb Dana's word for the opposite of a trigger), kept in a line of the
/// member's own words. The words are sealed in storage; here they are open, for their owner only.
public struct Glimmer: Sendable, Equatable, Identifiable {
    public let id: GlimmerID
    public let text: String
    public let kind: GlimmerKind?
    /// The member's own day it was kept on.
    public let day: Day
    public let createdAt: Int
    /// Words were kept that this server cannot open now (started without the key that sealed them).
    public let wordsUnreadable: Bool

    public init(id: GlimmerID, text: String, kind: GlimmerKind?, day: Day, createdAt: Int, wordsUnreadable: Bool = false) {
        self.id = id
        self.text = text
        self.kind = kind
        self.day = day
        self.createdAt = createdAt
        self.wordsUnreadable = wordsUnreadable
    }

    /// Longest glimmer, in characters: a line or two, kept in seconds.
    public static let textLimit = 280

    /// A glimmer of the day comes from at least this many days ago, so it brings back something, not what was just typed.
    public static let dayOfTheGlimmerAge = 7
}

/// What a glimmer was about, if the member says: a quiet way to notice where safety comes from for them.
public enum GlimmerKind: String, Sendable, CaseIterable, Codable {
    case nature, people, animals, sound, taste, movement, other

    public var label: String {
        switch self {
        case .nature: "Nature"
        case .people: "People"
        case .animals: "Animals"
        case .sound: "Sound"
        case .taste: "Taste"
        case .movement: "Movement"
        case .other: "Something else"
        }
    }
}

/// Which of a member's older glimmers is the glimmer of the day: the same all day, for the same member, on any node
/// and after a restart (so not Swift's seeded `Hasher`), and a different one from day to day when there are several.
public enum GlimmerOfTheDay {
    /// The position, among `count` eligible glimmers in a fixed order, of the one to show on `day`; nil when there are none.
    public static func index(count: Int, day: Day, accountID: AccountID) -> Int? {
        guard count > 0 else { return nil }
        // FNV-1a over the account and the day: stable, cheap, and spread well enough to pick among a handful.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(accountID)|\(day)".utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        // Consecutive days differ only in their last characters; mixing in the day's ordinal keeps neighbours apart.
        hash ^= UInt64(truncatingIfNeeded: day.ordinal) &* 0x9e37_79b9_7f4a_7c15
        return Int(hash % UInt64(count))
    }
}
