import Domain
import Storage

/// An organisation's admins write resets of their own: drafted, previewed in the player, published, unpublished,
/// reordered, and deleted while never published. Drafts are checked by `ResetDraft.check`, as strictly as the built-in
/// library; names are unique within the organisation and the count is bounded, both decided inside the write's
/// transaction. Every change has its audit line in that transaction. For anyone but the tenant's admins, none of it
/// exists.
public struct OrganisationResets: Sendable {
    let database: AppDatabase
    let library: ResetLibrary
    let clock: @Sendable () -> Int

    public init(database: AppDatabase, library: ResetLibrary, clock: @escaping @Sendable () -> Int) {
        self.database = database
        self.library = library
        self.clock = clock
    }

    /// The organisation's own resets in their order, drafts included.
    public func list(_ member: MemberScope) throws -> [OrganisationReset] {
        try database.organisationResets(of: try member.asAdmin().tenant)
    }

    public func reset(_ member: MemberScope, id: OrganisationResetID) throws -> OrganisationReset {
        guard let found = try list(member).first(where: { $0.id == id }) else { throw UseCaseError.notFound }
        return found
    }

    /// Saves a new draft (not yet published) and returns its id. Throws `ResetDraftProblems` for what to fix, by field.
    public func add(_ member: MemberScope, _ draft: ResetDraft) throws -> OrganisationResetID {
        let admin = try member.asAdmin()
        let reset = try checked(draft, id: "")
        var field = "name"
        let outcome = try database.addOrganisationReset(
            tenantID: admin.tenantID, reset, now: clock(),
            audit: admin.auditEntry("Wrote a reset", note: reset.name, at: clock())) { current in
            if current.count >= OrganisationReset.limit {
                field = "step-1-title"
                return "You have \(OrganisationReset.limit) resets of your own, as many as Resett keeps for one organisation. "
                    + "Delete a draft or change one you have before writing another."
            }
            return Self.nameProblem(reset, among: current)
        }
        switch outcome {
        case .saved(let id): return id
        case .refused(let problem): throw ResetDraftProblems(items: [(field, problem)])
        case .notFound: throw UseCaseError.notFound
        }
    }

    /// Replaces the reset's text; a published one changes for members at once.
    public func update(_ member: MemberScope, id: OrganisationResetID, _ draft: ResetDraft) throws {
        let admin = try member.asAdmin()
        let reset = try checked(draft, id: id.rawValue)
        let outcome = try database.updateOrganisationReset(
            tenantID: admin.tenantID, reset, now: clock(),
            audit: admin.auditEntry("Changed a reset", note: reset.name, at: clock())) { current in
            Self.nameProblem(reset, among: current)
        }
        switch outcome {
        case .saved: return
        case .refused(let problem): throw ResetDraftProblems(items: [("name", problem)])
        case .notFound: throw UseCaseError.notFound
        }
    }

    public func setPublished(_ member: MemberScope, id: OrganisationResetID, published: Bool) throws {
        let admin = try member.asAdmin()
        let name = try reset(admin, id: id).reset.name
        guard try database.setOrganisationResetPublished(
            tenantID: admin.tenantID, id: id, published: published, now: clock(),
            audit: admin.auditEntry(published ? "Published a reset" : "Unpublished a reset", note: name, at: clock()))
        else { throw UseCaseError.notFound }
    }

    public func move(_ member: MemberScope, id: OrganisationResetID, earlier: Bool) throws {
        let admin = try member.asAdmin()
        let name = try reset(admin, id: id).reset.name
        guard try database.moveOrganisationReset(
            tenantID: admin.tenantID, id: id, earlier: earlier,
            audit: admin.auditEntry(earlier ? "Moved a reset up" : "Moved a reset down", note: name, at: clock()))
        else { throw UseCaseError.notFound }
    }

    /// Deletes a draft; `.conflict` for a reset that was ever published (people may have runs of it).
    public func delete(_ member: MemberScope, id: OrganisationResetID) throws {
        let admin = try member.asAdmin()
        let name = try reset(admin, id: id).reset.name
        switch try database.deleteOrganisationReset(tenantID: admin.tenantID, id: id,
                                                    audit: admin.auditEntry("Deleted a reset", note: name, at: clock())) {
        case .deleted: return
        case .notFound: throw UseCaseError.notFound
        case .wasPublished:
            throw UseCaseError.conflict("“\(name)” has been published, so people may have it in their history. You can unpublish it instead.")
        }
    }

    private func checked(_ draft: ResetDraft, id: String) throws -> Reset {
        switch draft.check(id: id, emotions: library.emotions) {
        case .success(let reset): return reset
        case .failure(let problems): throw problems
        }
    }

    /// Two of the organisation's resets with one name would be impossible to tell apart in a list or a history.
    private static func nameProblem(_ reset: Reset, among current: [OrganisationReset]) -> String? {
        let name = reset.name.lowercased()
        guard current.contains(where: { $0.reset.id != reset.id && $0.reset.name.lowercased() == name }) else { return nil }
        return "You already have a reset called “\(reset.name)”. Please give this one another name."
    }
}
