import Domain
import Logging
import Storage

/// Crisis help a person can act on at once, and what moderators do for someone who may be at risk: reach out
/// without learning who they are, escalate to the organisation's safeguarding lead, keep private notes, take a post
/// on. Every staff action and its audit line are one transaction.
public struct Safeguarding: Sendable {
    let database: AppDatabase
    let clock: @Sendable () -> Int

    public init(database: AppDatabase, clock: @escaping @Sendable () -> Int) {
        self.database = database
        self.clock = clock
    }

    // MARK: For everyone

    /// The tenant's crisis contacts, in its chosen order; anyone may see them, signed in or not.
    public func contacts(_ scope: Scope) throws -> [CrisisContact] {
        try database.crisisContacts(of: scope.tenant)
    }

    /// Messages from the moderation team the person has not yet read.
    public func unseenMessages(_ member: MemberScope) throws -> [TeamMessage] {
        // The session's read already said whether any wait; none is the usual answer, and it needs no read of its own.
        if member.account.teamMessagesWaiting == false { return [] }
        return try database.unseenTeamMessages(tenantID: member.tenantID, accountID: member.accountID)
    }

    public func markSeen(_ member: MemberScope, message id: TeamMessageID) throws {
        guard try database.markTeamMessageSeen(tenantID: member.tenantID, accountID: member.accountID, id: id.rawValue, now: clock())
        else { throw UseCaseError.notFound }
    }

    // MARK: For moderators

    private func entry(_ staff: MemberScope, _ action: String, post: PostID? = nil, note: String = "") -> AuditEntry {
        staff.auditEntry(action, post: post, note: note, at: clock())
    }

    public func post(_ member: MemberScope, _ post: PostID) throws -> ModerationPost {
        let moderator = try member.asModerator()
        guard let found = try database.moderationPost(tenantID: moderator.tenantID, postID: post) else { throw UseCaseError.notFound }
        return found
    }

    /// How many posts wait for a moderator, for the navigation (nil for everyone else).
    public func waiting(_ member: MemberScope?) throws -> Int? {
        try counts(member)?.waiting
    }

    /// The queue at a glance (nil for anyone who cannot moderate), read once per community version.
    public func counts(_ member: MemberScope?) throws -> ModerationCounts? {
        guard let moderator = member?.moderator else { return nil }
        return try database.moderationCounts(tenantID: moderator.tenantID, communityVersion: moderator.account.communityVersion)
    }

    public func reachOut(_ member: MemberScope, post: PostID, message: String) throws {
        let moderator = try member.asModerator()
        guard try database.reachOut(tenantID: moderator.tenantID, postID: post, message: message,
                                    audit: entry(moderator, "Reached out to the author", post: post))
        else { throw UseCaseError.notFound }
    }

    public func escalate(_ member: MemberScope, post: PostID, note: String) throws {
        let moderator = try member.asModerator()
        guard try database.escalate(tenantID: moderator.tenantID, postID: post,
                                    audit: entry(moderator, "Escalated to the safeguarding lead", post: post, note: note))
        else { throw UseCaseError.notFound }
    }

    public func note(_ member: MemberScope, post: PostID, aboutAuthor: Bool, text: String) throws {
        let moderator = try member.asModerator()
        let action = aboutAuthor ? "Added a note about the author" : "Added a note on the post"
        guard try database.addModeratorNote(tenantID: moderator.tenantID, postID: post, aboutAuthor: aboutAuthor, body: text,
                                            audit: entry(moderator, action, post: post))
        else { throw UseCaseError.notFound }
    }

    public func assign(_ member: MemberScope, post: PostID, toMe: Bool) throws {
        let moderator = try member.asModerator()
        guard try database.assign(tenantID: moderator.tenantID, postID: post, to: toMe ? moderator.accountID : nil,
                                  audit: entry(moderator, toMe ? "Took the post on" : "Let the post go", post: post))
        else { throw UseCaseError.notFound }
    }

    // MARK: For admins

    /// Adds (`contact.id` empty) or changes a contact; `.conflict` with the reason when it is not valid.
    public func saveContact(_ member: MemberScope, _ contact: CrisisContact) throws {
        let admin = try member.asAdmin()
        if let problem = contact.problem { throw UseCaseError.conflict(problem) }
        guard contact.id.isEmpty || CrisisContactID(contact.id) != nil else { throw UseCaseError.notFound }
        let action = contact.id.isEmpty ? "Added a crisis contact" : "Changed a crisis contact"
        guard try database.saveCrisisContact(tenantID: admin.tenantID, contact, audit: entry(admin, action, note: contact.name))
        else { throw UseCaseError.notFound }
    }

    public func deleteContact(_ member: MemberScope, id: CrisisContactID) throws {
        let admin = try member.asAdmin()
        guard try database.deleteCrisisContact(tenantID: admin.tenantID, id: id.rawValue, audit: entry(admin, "Removed a crisis contact"))
        else { throw UseCaseError.notFound }
    }

    public func moveContact(_ member: MemberScope, id: CrisisContactID, up: Bool) throws {
        let admin = try member.asAdmin()
        guard try database.moveCrisisContact(tenantID: admin.tenantID, id: id.rawValue, up: up, audit: entry(admin, "Reordered the crisis contacts"))
        else { throw UseCaseError.notFound }
    }

    public func watchedWords(_ member: MemberScope) throws -> [WatchedWord] {
        try database.watchedWords(tenantID: try member.asAdmin().tenantID)
    }

    /// Words are matched whole, without case, like the built-in safety phrases.
    public func addWatchedWord(_ member: MemberScope, phrase: String, action: WatchedWord.Action) throws {
        let admin = try member.asAdmin()
        let normalised = phrase.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard (2...60).contains(normalised.count) else { throw UseCaseError.invalid("phrase", "A watched word or phrase is 2 to 60 characters.") }
        do {
            try database.addWatchedWord(tenantID: admin.tenantID, phrase: normalised, action: action,
                                        audit: entry(admin, action == .hold ? "Watched a word (hold)" : "Watched a word (refuse)",
                                                     note: normalised))
        } catch {
            guard case .conflict(let reason) = error else { throw error }
            throw UseCaseError.invalid("phrase", reason.prefix(1).uppercased() + reason.dropFirst() + ".")
        }
    }

    public func removeWatchedWord(_ member: MemberScope, id: WatchedWordID) throws {
        let admin = try member.asAdmin()
        guard try database.removeWatchedWord(tenantID: admin.tenantID, id: id.rawValue, audit: entry(admin, "Stopped watching a word"))
        else { throw UseCaseError.notFound }
    }
}

/// Reminds a tenant's moderators, by mail, of posts waiting too long: held for safety past the tenant's response time,
/// or reported more than 48 hours ago. Each post is mailed once; the mail holds a link, never the post's words.
public struct OverdueReminders: Sendable {
    let database: AppDatabase
    let mailer: any Mailer
    let moderationPage: @Sendable (Tenant) -> String
    let logger: Logger
    public static let reportAge = 48 * 3600

    public init(database: AppDatabase, mailer: any Mailer, moderationPage: @escaping @Sendable (Tenant) -> String, logger: Logger) {
        self.database = database
        self.mailer = mailer
        self.moderationPage = moderationPage
        self.logger = logger
    }

    @discardableResult
    public func send(now: Int) throws -> Int {
        let overdue = try database.claimOverduePosts(now: now, reportAge: Self.reportAge)
        var sent = 0
        for post in overdue {
            guard let tenant = try database.tenant(id: post.tenantID, withUnlimitedEmails: false) else { continue }
            let subject = post.atRisk ? "A post that may need urgent care is waiting" : "A reported post has waited over two days"
            let body = (post.atRisk
                ? "A post held because its author may be at risk has waited longer than \(tenant.settings.atRiskResponseMinutes) minutes for a moderator.\n\n"
                : "A reported post in \(tenant.name)'s community has waited more than 48 hours for a moderator.\n\n")
                + "Please open the moderation queue when you can:\n\(moderationPage(tenant))\n\nThank you for looking after the community.\n"
            for email in post.staffEmails {
                try mailer.send(Mail(to: email, subject: subject, body: body))
                sent += 1
            }
        }
        if sent > 0 { logger.notice("overdue moderation reminders sent", metadata: ["mails": "\(sent)"]) }
        return sent
    }
}
