import Domain
import Foundation
import Storage

/// The daily check-in: one a day, by the person's own local day, changeable that day; a missed day is simply empty.
/// The note and tags are sealed before they reach storage and opened only for their owner.
public struct CheckIns: Sendable {
    let database: AppDatabase
    let vault: DataVault
    let clock: @Sendable () -> Int

    public init(database: AppDatabase, vault: DataVault, clock: @escaping @Sendable () -> Int) {
        self.database = database
        self.vault = vault
        self.clock = clock
    }

    public enum Problem: Error, Equatable, Sendable {
        case noteTooLong
        /// The server cannot seal words yet (no data key): the rating alone can be kept.
        case wordsCannotBeKept
    }

    /// The member's local day now.
    public func today(_ member: MemberScope) -> Day {
        Day.of(clock(), in: member.account.timeZone)
    }

    /// Today's check-in, if there is one.
    public func todays(_ member: MemberScope) throws -> CheckIn? {
        let day = today(member)
        return try checkIns(member, from: day, through: day).first
    }

    /// Today's rating, if the member has checked in: one row, nothing sealed opened.
    public func todaysRating(_ member: MemberScope) throws -> CheckInRating? {
        let day = today(member)
        return try ratings(member, from: day, through: day)[day]
    }

    public func checkIns(_ member: MemberScope, from first: Day, through last: Day) throws -> [CheckIn] {
        let stored = try database.checkIns(tenantID: member.tenantID, accountID: member.accountID, from: first, through: last)
        guard !stored.isEmpty else { return [] }
        let tags = try tagList(member)
        return try stored.map { try open($0, member, tags: tags) }
    }

    /// The ratings of the days from `first` through `last` that have a check-in (nothing sealed is opened).
    public func ratings(_ member: MemberScope, from first: Day, through last: Day) throws -> [Day: CheckInRating] {
        try database.checkInRatings(tenantID: member.tenantID, accountID: member.accountID, from: first, through: last)
            .compactMapValues(CheckInRating.init(rawValue:))
    }

    /// Every check-in, opened, for the person's export.
    public func exportParts(_ member: MemberScope) throws -> [AccountExport.CheckInPart] {
        guard let first = Day(year: 1, month: 1, day: 1), let last = Day(year: 9999, month: 12, day: 31) else { return [] }
        return try checkIns(member, from: first, through: last).map {
            AccountExport.CheckInPart(day: $0.day.description, rating: $0.rating.rawValue, ratingWord: $0.rating.label,
                                      note: $0.wordsUnreadable ? Self.unopened : $0.note, tags: $0.tags.map(\.label))
        }
    }

    /// In an export, in place of words this server cannot open.
    public static let unopened = "(kept, but this server could not open it: it was started without the key that sealed it)"

    /// Saves today's check-in (replacing today's if there is one). Only tags of this tenant's list were taken from the form.
    public func save(_ member: MemberScope, rating: CheckInRating, note: String, tags: [CheckInTag]) throws -> Day {
        let note = note.trimmingCharacters(in: .whitespacesAndNewlines)
        guard note.count <= CheckIn.noteLimit else { throw Problem.noteTooLong }
        let day = today(member)
        let tagText = Set(tags.map(\.value)).sorted().joined(separator: ",")
        var sealedNote: String?, sealedTags: String?, keyID: String?
        // Words kept today that this server cannot open stay as they are: a rating changed without them loses nothing.
        if note.isEmpty, tagText.isEmpty, try todays(member)?.wordsUnreadable == true {
            try database.setCheckInRating(tenantID: member.tenantID, accountID: member.accountID, day: day, rating: rating.rawValue, now: clock())
            return day
        }
        if !note.isEmpty || !tagText.isEmpty {
            guard vault.canSeal else { throw Problem.wordsCannotBeKept }
            if !note.isEmpty {
                let sealed = try vault.seal(note, tenantID: member.tenantID, context: Self.context("note", member, day))
                (keyID, sealedNote) = (sealed.keyID, sealed.sealed)
            }
            if !tagText.isEmpty {
                let sealed = try vault.seal(tagText, tenantID: member.tenantID, context: Self.context("tags", member, day))
                (keyID, sealedTags) = (sealed.keyID, sealed.sealed)
            }
        }
        try database.saveCheckIn(tenantID: member.tenantID, accountID: member.accountID, day: day, rating: rating.rawValue,
                                 sealedNote: sealedNote, sealedTags: sealedTags, keyID: keyID, now: clock())
        return day
    }

    private func open(_ stored: AppDatabase.StoredCheckIn, _ member: MemberScope, tags list: CheckInTagList) throws -> CheckIn {
        var note = "", tags: [CheckInTag] = [], unreadable = false
        if let keyID = stored.keyID {
            if let sealed = stored.sealedNote {
                let text = try vault.openIfPossible(sealed, keyID: keyID, tenantID: member.tenantID, context: Self.context("note", member, stored.day))
                note = text ?? ""
                unreadable = unreadable || text == nil
            }
            if let sealed = stored.sealedTags {
                let text = try vault.openIfPossible(sealed, keyID: keyID, tenantID: member.tenantID, context: Self.context("tags", member, stored.day))
                tags = text.map(list.tags(stored:)) ?? []
                unreadable = unreadable || text == nil
            }
        }
        return CheckIn(day: stored.day, rating: CheckInRating(rawValue: stored.rating) ?? .average, note: note, tags: tags, wordsUnreadable: unreadable)
    }

    /// What a sealed value belongs to: moved to another field, person, tenant or day, it does not open.
    static func context(_ field: String, _ member: MemberScope, _ day: Day) -> String {
        "resett check-in \(field)\u{0}\(member.tenantID)\u{0}\(member.accountID)\u{0}\(day)"
    }
}

extension CheckIns {
    /// The person's insights over the last year of check-ins and resets.
    /// The last year's insights, from its check-ins and `lifts` (each reset's, over the same year: `MoodHistory`).
    public func insights(_ member: MemberScope, lifts: [Insights.ResetLift], resetNames: [String: String]) throws -> Insights {
        let today = today(member)
        let checkIns = try checkIns(member, from: today.adding(days: -364), through: today)
        return Insights.of(checkIns: checkIns, lifts: lifts, resetNames: resetNames, today: today)
    }
}
