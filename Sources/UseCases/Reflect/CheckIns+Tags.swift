import Domain
import Foundation
import Storage

/// The tags a tenant offers on the check-in: the standard eight and up to twelve of its own, added and retired by its
/// admins (each change audited). A retired tag is no longer offered; days that carry it keep its name.
extension CheckIns {
    public func tagList(_ member: MemberScope) throws -> CheckInTagList {
        CheckInTagList(tenantTags: try database.checkInTags(of: member.tenant))
    }

    /// The tenant's own tags, retired ones included, for its admins.
    public func tenantTags(_ member: MemberScope) throws -> [CheckInTag] {
        try database.checkInTags(of: try member.asAdmin().tenant)
    }

    /// Adds a tag; `.conflict` with the reason when its name is empty, too long, already there, or the tenant already
    /// offers as many as it may.
    public func addTag(_ member: MemberScope, label: String) throws {
        let admin = try member.asAdmin()
        let label = label.trimmingCharacters(in: .whitespacesAndNewlines)
        let problem = try database.addCheckInTag(tenantID: admin.tenantID, label: label, now: clock(),
                                                 audit: admin.auditEntry("Added a check-in tag", note: label, at: clock())) { current in
            CheckInTag.problem(label: label, offered: CheckInTagList(tenantTags: current).offered)
        }
        if let problem { throw UseCaseError.invalid("label", problem) }
    }

    public func retireTag(_ member: MemberScope, id: CheckInTagID) throws {
        let admin = try member.asAdmin()
        let label = try database.checkInTags(of: admin.tenant).first { $0.value == id.rawValue }?.label ?? ""
        guard try database.retireCheckInTag(tenantID: admin.tenantID, id: id.rawValue, now: clock(),
                                            audit: admin.auditEntry("Removed a check-in tag", note: label, at: clock()))
        else { throw UseCaseError.notFound }
    }
}
