import Domain
import Storage

/// Which resets an organisation offers: its own published resets (in the order its admins chose), then the built-in
/// ones it has not hidden (each feeling keeps at least one built-in). Anything not offered is not listed, and cannot be
/// opened or started by its members. Both the tenant's own resets and the hidden set are cached per node by
/// configuration version, so none of this costs a query on a busy page.
public struct ResetChoices: Sendable {
    let database: AppDatabase
    let library: ResetLibrary
    let clock: @Sendable () -> Int

    public init(database: AppDatabase, library: ResetLibrary, clock: @escaping @Sendable () -> Int) {
        self.database = database
        self.library = library
        self.clock = clock
    }

    public func hidden(_ scope: Scope) throws -> Set<String> { try database.hiddenResets(of: scope.tenant) }

    /// The organisation's own resets, drafts included.
    func own(_ tenant: Tenant) throws -> [OrganisationReset] { try database.organisationResets(of: tenant) }

    /// The resets offered for `emotion`: the organisation's own first, then the library's.
    public func resets(_ scope: Scope, for emotion: String) throws -> [Reset] {
        let hidden = try hidden(scope)
        let own = try own(scope.tenant).filter { $0.isPublished && $0.reset.emotion == emotion }.map(\.reset)
        return own + library.resets(for: emotion).filter { !hidden.contains($0.id) }
    }

    /// The reset `id` if this organisation offers it.
    public func reset(_ scope: Scope, id: String) throws -> Reset? {
        if OrganisationResetID(id) != nil {
            return try own(scope.tenant).first { $0.reset.id == id && $0.isPublished }?.reset
        }
        guard let reset = library.reset(id: id), !(try hidden(scope).contains(id)) else { return nil }
        return reset
    }

    /// Whether the reset was written by the organisation (the list says so).
    public static func isOrganisations(_ reset: Reset) -> Bool { OrganisationResetID(reset.id) != nil }

    /// The reset a run was of, offered now or not: a run started before its reset was hidden or unpublished can still
    /// be finished, and history keeps its name.
    public func played(_ tenant: Tenant, id: String) throws -> Reset? {
        if OrganisationResetID(id) != nil { return try own(tenant).first { $0.reset.id == id }?.reset }
        return library.reset(id: id)
    }

    /// Every reset's name by id, the organisation's own included (history, insights, the digest and the report).
    public func names(_ tenant: Tenant) throws -> [String: String] {
        let own = try own(tenant)
        if own.isEmpty { return library.namesByID }
        var names = library.namesByID
        for item in own { names[item.reset.id] = item.reset.name }
        return names
    }

    /// Hides or shows a built-in reset; `.conflict` when hiding it would leave a feeling with none.
    public func setHidden(_ member: MemberScope, resetID: String, hidden: Bool) throws {
        let admin = try member.asAdmin()
        guard let reset = library.reset(id: resetID) else { throw UseCaseError.notFound }
        let library = self.library
        let problem = try database.setResetHidden(
            tenantID: admin.tenantID, resetID: reset.id, hidden: hidden, now: clock(),
            audit: admin.auditEntry(hidden ? "Hid a reset" : "Showed a reset", note: reset.name, at: clock())) { set in
            library.resets(for: reset.emotion).allSatisfy { set.contains($0.id) }
                ? "Each feeling keeps at least one reset. Show another \(reset.emotion) reset before hiding this one." : nil
        }
        if let problem { throw UseCaseError.conflict(problem) }
    }
}
