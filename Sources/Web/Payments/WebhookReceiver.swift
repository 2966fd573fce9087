import Domain
import Foundation
import Logging
import Security
import Storage

/// Checks and applies payment webhooks: `Resett-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` over
/// `"<t>.<body>"` with the tenant's webhook secret. Stale, forged or malformed events change nothing and are
/// logged (without their contents); a replayed event id is applied only the first time.
struct WebhookReceiver: Sendable {
    static let signatureHeader = "Resett-Signature"
    /// How old (or how far in the future) a signed timestamp may be.
    static let tolerance = 300

    enum Refusal: Error, Equatable {
        case missingSignature, malformedSignature, staleTimestamp, badSignature, malformedEvent
    }

    let database: AppDatabase
    let logger: Logger

    static func sign(body: [UInt8], secret: String, timestamp: Int) -> String {
        let mac = Digest.hmacSHA256(key: Array(secret.utf8), message: Array("\(timestamp).".utf8) + body)
        return "t=\(timestamp),v1=\(Hex.encode(mac))"
    }

    /// True when the event was new and applied; false for a replay. Throws a refusal for anything untrustworthy.
    @discardableResult
    func receive(tenant: Tenant, body: [UInt8], signature: String?, now: Int) throws -> Bool {
        do {
            guard let signature else { throw Refusal.missingSignature }
            var timestamp: Int?
            var mac: String?
            for part in signature.split(separator: ",") {
                let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
                guard pair.count == 2 else { continue }
                if pair[0] == "t" { timestamp = Int(pair[1]) }
                if pair[0] == "v1" { mac = pair[1] }
            }
            guard let timestamp, let mac else { throw Refusal.malformedSignature }
            guard abs(now - timestamp) <= Self.tolerance else { throw Refusal.staleTimestamp }
            guard !tenant.settings.webhookSecret.isEmpty,
                  Digest.constantTimeEqual(Self.sign(body: body, secret: tenant.settings.webhookSecret, timestamp: timestamp),
                                           "t=\(timestamp),v1=\(mac)")
            else { throw Refusal.badSignature }
            guard let event = try? JSONDecoder().decode(PaymentEvent.self, from: Data(body)) else { throw Refusal.malformedEvent }
            let applied = try database.applyPaymentEvent(tenantID: tenant.id, event: event, now: now)
            if !applied { logger.notice("payment webhook replayed; ignored", metadata: ["tenant": "\(tenant.slug)"]) }
            return applied
        } catch let refusal as Refusal {
            logger.warning("payment webhook refused", metadata: ["tenant": "\(tenant.slug)", "reason": "\(refusal)"])
            throw refusal
        }
    }
}
