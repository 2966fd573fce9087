import Domain
import Storage

/// Which of the built-in resets an organisation offers: all of them unless its admins hide some (each feeling keeps at
/// least one). A hidden reset is not listed, and cannot be opened or started by its members.
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

    /// The resets offered for `emotion`, in the library's order.
    public func resets(_ scope: Scope, for emotion: String) throws -> [Reset] {
        let hidden = try hidden(scope)
        return library.resets(for: emotion).filter { !hidden.contains($0.id) }
    }

    /// The reset `id` if this organisation offers it.
    public func reset(_ scope: Scope, id: String) throws -> Reset? {
        guard let reset = library.reset(id: id), !(try hidden(scope).contains(id)) else { return nil }
        return reset
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
