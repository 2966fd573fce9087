/// A reset an organisation's admins wrote for its members. Its id is a random 32-hex `OrganisationResetID`, which no
/// built-in reset's id can be (theirs are words), so one lookup by id tells the two apart.
public struct OrganisationReset: Sendable, Equatable {
    public let reset: Reset
    /// Its place among the organisation's own resets, lowest first.
    public let position: Int
    /// Members see it (listed under its feeling, and can start it).
    public let isPublished: Bool
    /// Once published, people may have runs of it, so it can be unpublished but not deleted (history keeps its name).
    public let wasEverPublished: Bool

    public init(reset: Reset, position: Int, isPublished: Bool, wasEverPublished: Bool) {
        self.reset = reset
        self.position = position
        self.isPublished = isPublished
        self.wasEverPublished = wasEverPublished
    }

    public var id: OrganisationResetID { OrganisationResetID(stored: reset.id) }

    /// How many an organisation may keep: enough for a real programme, few enough to keep every list short.
    public static let limit = 60
}
