/// A row's id: 128 random bits as 32 lower-case hex characters, typed by what it names, so a post's id
/// cannot be passed where a run's is expected, and text from a URL becomes an id only once it has the form.
public struct EntityID<Entity>: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// nil unless `text` is exactly 32 lower-case hex characters.
    @inlinable
    public init?(_ text: some StringProtocol) {
        guard Self.isWellFormed(text) else { return nil }
        rawValue = String(text)
    }

    /// An id read back from our own database, where the schema's CHECK already holds it to the form.
    public init(stored: String) {
        rawValue = stored
    }

    public var description: String { rawValue }

    /// `@inlinable` so each caller gets it specialised for its string type: left generic across the module boundary, the
    /// byte loop went through protocol witnesses, and every request with an id in its path paid for it.
    @inlinable
    public static func isWellFormed(_ text: some StringProtocol) -> Bool {
        let utf8 = text.utf8
        guard utf8.count == 32 else { return false }
        for byte in utf8 where !((byte >= 48 && byte <= 57) || (byte >= 97 && byte <= 102)) { return false }
        return true
    }
}

public enum TenantEntity {}
public enum PostEntity {}
public enum RunEntity {}
public enum AccountEntity {}
public enum SessionEntity {}
public enum CheckoutEntity {}
public enum RestrictionEntity {}
public enum CrisisContactEntity {}
public enum TeamMessageEntity {}
public enum WatchedWordEntity {}
public enum CheckInTagEntity {}
public enum InvitationEntity {}
public enum ProvisioningTokenEntity {}
public enum OrganisationResetEntity {}
public enum SetbackEntity {}
public enum PracticeSessionEntity {}
public enum GlimmerEntity {}
public enum WorryEntity {}
public enum PasskeyEntity {}
public enum PushDeviceEntity {}

/// The id that separates organisations: every tenant-owned row's `tenant_id`.
public typealias TenantID = EntityID<TenantEntity>
public typealias PostID = EntityID<PostEntity>
public typealias RunID = EntityID<RunEntity>
public typealias AccountID = EntityID<AccountEntity>
public typealias SessionID = EntityID<SessionEntity>
public typealias CheckoutID = EntityID<CheckoutEntity>
public typealias RestrictionID = EntityID<RestrictionEntity>
public typealias CrisisContactID = EntityID<CrisisContactEntity>
public typealias TeamMessageID = EntityID<TeamMessageEntity>
public typealias WatchedWordID = EntityID<WatchedWordEntity>
public typealias CheckInTagID = EntityID<CheckInTagEntity>
public typealias InvitationID = EntityID<InvitationEntity>
public typealias ProvisioningTokenID = EntityID<ProvisioningTokenEntity>
public typealias OrganisationResetID = EntityID<OrganisationResetEntity>
public typealias SetbackID = EntityID<SetbackEntity>
public typealias PracticeSessionID = EntityID<PracticeSessionEntity>
public typealias GlimmerID = EntityID<GlimmerEntity>
public typealias PasskeyID = EntityID<PasskeyEntity>
public typealias PushDeviceID = EntityID<PushDeviceEntity>
public typealias WorryID = EntityID<WorryEntity>

/// As its text in JSON (a payment event's account, say), and refused when the text is not an id's form.
extension EntityID: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = Self(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an id"))
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
