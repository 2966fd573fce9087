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

/// The part of a member's export that their reminder choices add: each reminder on or off, the check-in's time (on
/// their clock), the quiet hours, and whether reminders come by email.
extension AccountExport {
    public struct ReminderChoicesPart: Codable, Sendable, Equatable {
        public let checkIn: Bool
        public let checkInTime: String
        public let worryTime: Bool
        public let setbackFollowUp: Bool
        public let weeklyEmail: Bool
        public let byEmail: Bool
        public let quietHours: String

        public init(checkIn: Bool, checkInMinute: Int, worryTime: Bool, setbackFollowUp: Bool, weeklyEmail: Bool, byEmail: Bool,
                    quiet: QuietHours) {
            self.checkIn = checkIn
            checkInTime = ReminderSchedule.text(checkInMinute)
            self.worryTime = worryTime
            self.setbackFollowUp = setbackFollowUp
            self.weeklyEmail = weeklyEmail
            self.byEmail = byEmail
            quietHours = ReminderSchedule.text(quiet.startMinute) + "–" + ReminderSchedule.text(quiet.endMinute)
        }
    }
}
