import Cryptography
import Domain
import Foundation
import Storage
import WebPush

/// The devices a member allows to show their reminders (Account → Reminders): added from the browser once they ask
/// for it and grant its permission, listed, removed, and sent a test. Only when the server has a push key.
public struct ReminderDevices: Sendable {
    let database: AppDatabase
    let throttles: Throttles
    let clock: @Sendable () -> Int
    let push: PushReminders?

    public init(database: AppDatabase, throttles: Throttles, clock: @escaping @Sendable () -> Int, push: PushReminders?) {
        self.database = database
        self.throttles = throttles
        self.clock = clock
        self.push = push
    }

    /// What browsers subscribe with; nil when this server sends no push messages (no `--push-key-file`).
    public var applicationServerKey: String? { push?.applicationServerKey }

    public func list(_ member: MemberScope) throws -> [PushDevice] {
        try database.pushDevices(tenantID: member.tenantID, accountID: member.accountID)
    }

    public enum Refusal: Error, Equatable, Sendable {
        /// This server has no push key.
        case unavailable
        /// Not a subscription a browser would give: a bad key or secret, or an endpoint that is not an https URL.
        case notASubscription
        /// An endpoint on a private, loopback or otherwise non-public address.
        case notPublic
        case tooMany
    }

    /// Keeps the browser's subscription as one of the member's devices, named from its browser ("Firefox on Android").
    public func add(_ member: MemberScope, endpoint: String, p256dh: String, auth: String, name: String) throws -> Result<PushDevice, Refusal> {
        guard let push else { return .failure(.unavailable) }
        let subscription: PushSubscription
        do {
            subscription = try PushSubscription(endpoint: endpoint, p256dh: p256dh, auth: auth, allowsLoopbackHTTP: push.http.allowsLoopbackHTTP)
        } catch {
            return .failure(.notASubscription)
        }
        guard push.http.permits(subscription.endpoint) else { return .failure(.notPublic) }
        let device = PushDevice(id: AppDatabase.newPushDeviceID(), accountID: member.accountID, endpoint: endpoint,
                                publicKey: Base64URL.encode(subscription.publicKey), authSecret: Base64URL.encode(subscription.authSecret),
                                name: String(name.prefix(60)), createdAt: clock())
        switch try database.addPushDevice(device, tenantID: member.tenantID) {
        case .added: return .success(device)
        case .tooMany: return .failure(.tooMany)
        }
    }

    public func remove(_ member: MemberScope, id: PushDeviceID) throws -> Bool {
        try database.removePushDevice(tenantID: member.tenantID, accountID: member.accountID, id: id)
    }

    /// "Send a test notification": one to each of the member's devices, a few times an hour at most. How many went.
    public func sendTest(_ member: MemberScope, url: String) throws -> Int {
        guard let push else { return 0 }
        let devices = try list(member)
        guard !devices.isEmpty else { return 0 }
        try throttles.testNotificationsPerAccount.admit("\(member.tenantID):\(member.accountID)", now: clock())
        for device in devices { push.send(member.tenant, to: device, url: url) }
        return devices.count
    }
}
