import Domain
import Foundation
import Logging
import Cryptography
import Storage

/// Checks and applies payment webhooks: `Resett-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` over
/// `"<t>.<body>"` with the tenant's webhook secret. Stale, forged or malformed events change nothing and are
/// logged (without their contents); a replayed event id is applied only the first time.
public struct WebhookReceiver: Sendable {
    public static let signatureHeader = "Resett-Signature"
    /// How old (or how far in the future) a signed timestamp may be.
    static let tolerance = 300

    public enum Refusal: Error, Equatable {
        case missingSignature, malformedSignature, staleTimestamp, badSignature, malformedEvent
    }

    let database: AppDatabase
    let logger: Logger

    public init(database: AppDatabase, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    public static func sign(body: [UInt8], secret: String, timestamp: Int) -> String {
        let mac = Digest.hmacSHA256(key: Array(secret.utf8), message: Array("\(timestamp).".utf8) + body)
        return "t=\(timestamp),v1=\(Hex.encode(mac))"
    }

    /// `t=<seconds>,v1=<64 hex>`: the timestamp is 1–10 digits (no sign, so no overflow and nothing
    /// before 1970), the MAC exactly a SHA-256's hex. nil for anything else, including repeated parts.
    public static func parseSignature(_ header: String) -> (timestamp: Int, mac: String)? {
        guard header.utf8.count <= 200 else { return nil }
        var timestamp: Int?
        var mac: String?
        for part in header.split(separator: ",", omittingEmptySubsequences: false) {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2 else { return nil }
            let value = pair[1]
            switch pair[0] {
            case "t":
                guard timestamp == nil, (1...10).contains(value.utf8.count), value.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 })
                else { return nil }
                timestamp = Int(value)
            case "v1":
                guard mac == nil, value.utf8.count == 64, value.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) })
                else { return nil }
                mac = String(value)
            default:
                continue  // other schemes a provider may add later
            }
        }
        guard let timestamp, let mac else { return nil }
        return (timestamp, mac)
    }

    /// True when the event was new and applied; false for a replay. Throws a refusal for anything untrustworthy.
    @discardableResult
    public func receive(tenant: Tenant, body: [UInt8], signature: String?, now: Int) throws -> Bool {
        do {
            guard let signature else { throw Refusal.missingSignature }
            guard let (timestamp, mac) = Self.parseSignature(signature) else { throw Refusal.malformedSignature }
            // Compared as bounds, never as a difference: no value of either can overflow.
            guard timestamp >= now - Self.tolerance, timestamp <= now + Self.tolerance else { throw Refusal.staleTimestamp }
            guard !tenant.settings.webhookSecret.isEmpty,
                  Digest.constantTimeEqual(Self.sign(body: body, secret: tenant.settings.webhookSecret, timestamp: timestamp),
                                           "t=\(timestamp),v1=\(mac)")
            else { throw Refusal.badSignature }
            guard let event = try? JSONDecoder().decode(PaymentEvent.self, from: Data(body)), event.isWithinBounds else {
                throw Refusal.malformedEvent
            }
            let applied = try database.applyPaymentEvent(tenantID: tenant.id, event: event, now: now)
            if !applied { logger.notice("payment webhook replayed; ignored", metadata: ["tenant": "\(tenant.slug)"]) }
            return applied
        } catch let refusal as Refusal {
            logger.warning("payment webhook refused", metadata: ["tenant": "\(tenant.slug)", "reason": "\(refusal)"])
            throw refusal
        }
    }
}
