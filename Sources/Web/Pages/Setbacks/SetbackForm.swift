import Foundation
import Domain
import UseCases

/// The log form's fields as sent, read and checked: an entry when everything is sound, or the problems beside what
/// was typed (kept as it was, bounded, so the page can show it again).
struct SetbackForm {
    var kind: SetbackKind?
    var hurt: SetbackHurt?
    var note: String
    var happened: String
    var errors = FormErrors()

    /// A new setback: the seed's slider starts in the middle, and it happened now.
    static func blank(now: Int, timeZone: String) -> SetbackForm {
        SetbackForm(kind: nil, hurt: .usual, note: "", happened: LocalMoment(now, in: timeZone).text)
    }

    static func filled(from setback: Setback, timeZone: String) -> SetbackForm {
        SetbackForm(kind: setback.kind, hurt: setback.hurt, note: setback.note, happened: LocalMoment(setback.happenedAt, in: timeZone).text)
    }

    /// Reads the form; `entry` is nil when something needs the member's attention (see `errors`).
    static func read(_ form: FormData, now: Int, timeZone: String) -> (SetbackForm, Setbacks.Entry?) {
        var read = SetbackForm(
            kind: form["kind"].flatMap(SetbackKind.init(rawValue:)),
            hurt: form["hurt"].flatMap { WholeNumber.parse($0, in: SetbackHurt.range) }.flatMap(SetbackHurt.init),
            note: String((form["note"] ?? "").prefix(Setback.noteLimit * 2)),
            happened: String((form["happened"] ?? "").prefix(40)))
        if read.kind == nil { read.errors.add("kind", "Choose what kind of setback it was.") }
        if read.hurt == nil { read.errors.add("hurt", "Choose how much it hurt, from 1 to 10.") }
        if read.note.trimmingCharacters(in: .whitespacesAndNewlines).count > Setback.noteLimit {
            read.errors.add("note", "Please keep it to \(Setback.noteLimit) characters or fewer.")
        }
        // Left empty (or an old browser without the field), it happened now.
        var happenedAt = now
        if !read.happened.trimmingCharacters(in: .whitespaces).isEmpty {
            if let moment = LocalMoment(read.happened) {
                happenedAt = moment.epoch(in: timeZone)
            } else {
                read.errors.add("happened", "Enter when it happened as a date and time, like 2026-11-26 09:30.")
            }
        }
        guard read.errors.isEmpty, let kind = read.kind, let hurt = read.hurt else { return (read, nil) }
        return (read, Setbacks.Entry(kind: kind, hurt: hurt, note: read.note, happenedAt: happenedAt))
    }

    /// A use case's refusal, said beside the field it is about.
    mutating func add(_ problem: Setbacks.Problem) {
        switch problem {
        case .noteTooLong: errors.add("note", "Please keep it to \(Setback.noteLimit) characters or fewer.")
        case .wordsCannotBeKept:
            errors.add("note", "This service can’t keep notes safely yet, so please clear the note and save it without one.")
        case .inTheFuture: errors.add("happened", "That time hasn’t happened yet. Choose when it happened.")
        case .tooLongAgo: errors.add("happened", "Please choose a time in the last year.")
        case .notFound: errors.add("kind", "This setback is no longer here. It may have been deleted.")
        }
    }
}
