/// The part of a member's export that passkeys add.
extension AccountExport {
    public struct PasskeyPart: Codable, Sendable, Equatable {
        public let name: String
        public let credentialID: String
        public let algorithm: String
        public let backedUp: Bool
        public let createdAt: Int
        public let lastUsedAt: Int?

        public init(_ passkey: Passkey) {
            name = passkey.name
            credentialID = passkey.credentialID
            algorithm = passkey.algorithm == -7 ? "ES256" : "RS256"
            backedUp = passkey.backedUp
            createdAt = passkey.createdAt
            lastUsedAt = passkey.lastUsedAt
        }
    }
}

/// The part of a member's export that devices showing reminders add: their names and when each was added (the push
/// service's address and keys are the browser's, and open nothing about the person).
extension AccountExport {
    public struct PushDevicePart: Codable, Sendable, Equatable {
        public let name: String
        public let addedAt: Int

        public init(_ device: PushDevice) {
            name = device.name
            addedAt = device.createdAt
        }
    }
}
