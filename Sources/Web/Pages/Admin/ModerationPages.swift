// Moderation's simpler pages (ModerationHandler), one view model per template in Views/admin/.

/// `admin/confirm`: "are you sure" before deleting a post or restricting its author.
struct ModerationConfirmPage: CompiledView {
    let actionPath: String
    let isDelete: Bool
    var isRestrict: Bool { !isDelete }
}

/// `admin/audit`: the moderation audit log, filtered, fifty lines a page.
struct AuditPage: CompiledView {
    struct Line {
        let who: String
        let what: String
        let subject: String
        let note: String
        let about: String
        let when: String
    }

    struct Option {
        let value: String
        let selected: Bool
    }

    let lines: [Line]
    let from: String
    let to: String
    let actions: [Option]
    let moderators: [Option]
    let csvPath: String
    let olderPath: String?
    var isEmpty: Bool { lines.isEmpty }
}
