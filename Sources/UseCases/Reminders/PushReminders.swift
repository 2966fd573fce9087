import Domain
import Foundation
import Logging
import Outbound
import Storage
import WebPush

/// Reminders on the devices a member has allowed (Web Push). Each message is encrypted to that browser (RFC 8291),
/// carries our VAPID token (RFC 8292), and says "A gentle reminder from <organisation>" and nothing more (the link it
/// opens is inside the encrypted message). Sent on a thread of its own, so neither a request nor the clock waits for a
/// push service, each call with a deadline and to public addresses only; a device its push service says is gone (404
/// or 410) is forgotten.
public final class PushReminders: Sendable {
    /// One message for one device.
    struct Message: Sendable {
        let tenantID: TenantID
        let device: PushDevice
        let title: String
        let url: String
    }

    public let applicationServerKey: String
    /// The client messages go out by; what a new device's endpoint is checked against.
    let http: OutboundHTTP
    private let queue: WorkQueue<Message>

    /// A reminder is worth showing for an hour; after that the push service may drop it.
    static let timeToLive = 3600

    public init(database: AppDatabase, http: OutboundHTTP, key: VAPIDKey, contact: String, clock: @escaping @Sendable () -> Int,
                logger: Logger, onSent: @escaping @Sendable (Bool) -> Void = { _ in }) {
        applicationServerKey = key.applicationServerKey
        self.http = http
        queue = WorkQueue(label: "push", capacity: 5000, logger: logger) { message in
            let delivered = Self.deliver(message, database: database, http: http, key: key, contact: contact, now: clock(), logger: logger)
            onSent(delivered)
        }
    }

    func send(_ tenant: Tenant, to device: PushDevice, url: String) {
        queue.add(Message(tenantID: tenant.id, device: device, title: "A gentle reminder from \(tenant.name)", url: url))
    }

    /// Waits until every message queued so far has been tried (tests; shutdown).
    public func flush() { queue.flush() }

    /// The subscription as kept, checked again as the browser's (a row that no longer reads as one is forgotten).
    static func subscription(_ device: PushDevice, allowsLoopbackHTTP: Bool) -> PushSubscription? {
        try? PushSubscription(endpoint: device.endpoint, p256dh: device.publicKey, auth: device.authSecret, allowsLoopbackHTTP: allowsLoopbackHTTP)
    }

    static func deliver(_ message: Message, database: AppDatabase, http: OutboundHTTP, key: VAPIDKey, contact: String, now: Int,
                        logger: Logger) -> Bool {
        let device = message.device
        struct Payload: Encodable { let title: String; let url: String }
        do {
            // Removed (or its account erased) while the message waited: not sent.
            guard try database.pushDeviceExists(tenantID: message.tenantID, id: device.id, endpoint: device.endpoint) else { return false }
            guard let subscription = subscription(device, allowsLoopbackHTTP: http.allowsLoopbackHTTP) else {
                try database.forgetPushDevice(tenantID: message.tenantID, id: device.id, endpoint: device.endpoint)
                return false
            }
            let body = try PushEncryption.encrypt(Array(try JSONEncoder().encode(Payload(title: message.title, url: message.url))),
                                                  for: subscription)
            let answer = try http.post(subscription.endpoint, body: body, headers: [
                "Authorization: " + (try key.authorization(for: subscription, contact: contact, now: now)),
                "Content-Type: application/octet-stream", "Content-Encoding: aes128gcm", "TTL: \(timeToLive)",
                // A newer reminder replaces one the device has not yet collected (RFC 8030 §5.4).
                "Topic: reminder", "Urgency: normal",
            ])
            switch answer.status {
            case 200...299: return true
            case 404, 410:
                try database.forgetPushDevice(tenantID: message.tenantID, id: device.id, endpoint: device.endpoint)
                logger.info("push device gone; forgotten")
            default:
                logger.warning("push message refused", metadata: ["status": "\(answer.status)"])
            }
        } catch {
            // The endpoint is the browser's address at its push service: it is not logged.
            logger.warning("push message not sent", metadata: ["error": "\(error)"])
        }
        return false
    }
}
