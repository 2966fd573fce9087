import Domain
import Foundation
import Storage

/// The guided reflection after a check-in: optional, one step a page, left and picked up again at will. Its path comes
/// from the day's rating; its answers are sealed like the check-in's note.
public struct Reflections: Sendable {
    let database: AppDatabase
    let vault: DataVault
    let checkIns: CheckIns
    let clock: @Sendable () -> Int

    public init(database: AppDatabase, vault: DataVault, checkIns: CheckIns, clock: @escaping @Sendable () -> Int) {
        self.database = database
        self.vault = vault
        self.checkIns = checkIns
        self.clock = clock
    }

    public enum Problem: Error, Equatable, Sendable {
        /// A reflection follows a check-in: there is none today.
        case noCheckIn
        /// A step not reached yet (steps are taken in order) or not there at all.
        case notYet
        case answerTooLong
        case wordsCannotBeKept
    }

    /// Today's reflection, if one has begun.
    public func todays(_ member: MemberScope) throws -> Reflection? {
        try reflection(member, on: checkIns.today(member))
    }

    /// The reflection on `day`, if one has begun.
    public func reflection(_ member: MemberScope, on day: Day) throws -> Reflection? {
        try database.reflections(tenantID: member.tenantID, accountID: member.accountID, from: day, through: day).first
            .map { try open($0, member) }
    }

    /// The path today's check-in leads to (nil without one).
    public func kindForToday(_ member: MemberScope) throws -> ReflectionKind? {
        try kind(member, on: checkIns.today(member))
    }

    /// The path `day`'s check-in leads to: nil without one, or for a day still to come.
    public func kind(_ member: MemberScope, on day: Day) throws -> ReflectionKind? {
        guard day <= checkIns.today(member) else { return nil }
        return try checkIns.checkIns(member, from: day, through: day).first.map { ReflectionKind(rating: $0.rating) }
    }

    /// Step 1: the feeling's strength before. Begins the reflection on `day` (today, or an earlier day with a
    /// check-in, from its page in the calendar), or changes that answer.
    public func begin(_ member: MemberScope, on day: Day, intensity: Int) throws -> Reflection {
        guard (0...10).contains(intensity) else { throw Problem.notYet }
        var reflection: Reflection
        if let existing = try self.reflection(member, on: day) {
            reflection = existing
        } else {
            guard let kind = try kind(member, on: day) else { throw Problem.noCheckIn }
            reflection = Reflection(day: day, kind: kind, answers: [], intensityBefore: nil, intensityAfter: nil, step: 1, isComplete: false)
        }
        reflection.intensityBefore = intensity
        reflection.step = max(reflection.step, 2)
        try save(reflection, member)
        return reflection
    }

    /// Answers question `number` (blank is allowed: nothing here is required) and moves on.
    public func answer(_ member: MemberScope, on day: Day, question number: Int, text: String) throws -> Reflection {
        guard var reflection = try self.reflection(member, on: day) else { throw Problem.notYet }
        guard (1...reflection.kind.questionCount).contains(number), reflection.step >= number + 1 else { throw Problem.notYet }
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.count <= Reflection.answerLimit else { throw Problem.answerTooLong }
        while reflection.answers.count < number { reflection.answers.append("") }
        reflection.answers[number - 1] = text
        reflection.step = max(reflection.step, number + 2)
        try save(reflection, member)
        return reflection
    }

    /// The last step: the feeling's strength after. Completes the reflection.
    public func finish(_ member: MemberScope, on day: Day, intensity: Int) throws -> Reflection {
        guard (0...10).contains(intensity), var reflection = try self.reflection(member, on: day), reflection.step >= reflection.afterStep else {
            throw Problem.notYet
        }
        reflection.intensityAfter = intensity
        reflection.isComplete = true
        try save(reflection, member)
        return reflection
    }

    /// Every reflection, opened, for the person's export.
    public func all(_ member: MemberScope) throws -> [Reflection] {
        guard let first = Day(year: 1, month: 1, day: 1), let last = Day(year: 9999, month: 12, day: 31) else { return [] }
        return try database.reflections(tenantID: member.tenantID, accountID: member.accountID, from: first, through: last)
            .map { try open($0, member) }
    }

    /// Every reflection with its questions as they were asked, for the person's export.
    public func exportParts(_ member: MemberScope, detector: DistortionDetector) throws -> [AccountExport.ReflectionPart] {
        let today = checkIns.today(member)
        return try all(member).map { reflection in
            AccountExport.ReflectionPart(
                day: reflection.day.description, path: reflection.kind.name,
                steps: (1...reflection.kind.questionCount).map {
                    AccountExport.ReflectionPart.Step(question: reflection.question($0, detector: detector, today: today),
                                                      answer: reflection.answersUnreadable ? CheckIns.unopened : reflection.answer($0))
                },
                intensityBefore: reflection.intensityBefore, intensityAfter: reflection.intensityAfter, complete: reflection.isComplete)
        }
    }

    private func save(_ reflection: Reflection, _ member: MemberScope) throws {
        // Answers this server cannot open are never written over: the reflection waits for the key to be back.
        guard !reflection.answersUnreadable else { throw Problem.wordsCannotBeKept }
        var sealed: (keyID: String, sealed: String)?
        if reflection.answers.contains(where: { !$0.isEmpty }) {
            guard vault.canSeal else { throw Problem.wordsCannotBeKept }
            let json = String(decoding: try JSONEncoder().encode(reflection.answers), as: UTF8.self)
            sealed = try vault.seal(json, tenantID: member.tenantID, context: Self.context(member, reflection.day))
        }
        let stored = AppDatabase.StoredReflection(
            day: reflection.day, kind: reflection.kind.rawValue, sealedAnswers: sealed?.sealed, keyID: sealed?.keyID,
            intensityBefore: reflection.intensityBefore, intensityAfter: reflection.intensityAfter, step: reflection.step,
            completedAt: reflection.isComplete ? clock() : nil)
        try database.saveReflection(tenantID: member.tenantID, accountID: member.accountID, stored, now: clock())
    }

    private func open(_ stored: AppDatabase.StoredReflection, _ member: MemberScope) throws -> Reflection {
        var answers: [String] = [], unreadable = false
        if let sealed = stored.sealedAnswers, let keyID = stored.keyID {
            if let json = try vault.openIfPossible(sealed, keyID: keyID, tenantID: member.tenantID, context: Self.context(member, stored.day)) {
                answers = (try? JSONDecoder().decode([String].self, from: Data(json.utf8))) ?? []
            } else {
                unreadable = true
            }
        }
        return Reflection(day: stored.day, kind: ReflectionKind(rawValue: stored.kind) ?? .defusion, answers: answers,
                          intensityBefore: stored.intensityBefore, intensityAfter: stored.intensityAfter, step: stored.step,
                          isComplete: stored.completedAt != nil, answersUnreadable: unreadable)
    }

    static func context(_ member: MemberScope, _ day: Day) -> String {
        "resett reflection\u{0}\(member.tenantID)\u{0}\(member.accountID)\u{0}\(day)"
    }
}
