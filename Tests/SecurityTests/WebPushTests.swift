import Cryptography
import Foundation
import Testing
@testable import WebPush

/// Web Push's message encryption (RFC 8291) against the RFC's own worked example, what a subscription must be before
/// it is kept, and the VAPID header (RFC 8292). A real push receiver decrypts our messages with `http_ece` and checks
/// the token in the browser suite (test_push.py).
@Suite("Web Push")
struct WebPushTests {
    static func bytes(_ text: String) -> [UInt8] { Array(Base64URL.decode(text)!) }

    /// RFC 8291 Appendix A: the same keys, secret and salt give the same message, byte for byte.
    @Test func encryptsTheRFCsExampleExactly() throws {
        let subscription = try PushSubscription(
            endpoint: "https://push.example.net/push/JzLQ3raZJfFBR0aqvOMsLrt54w4rJUsV",
            publicKey: Self.bytes("BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"),
            authSecret: Self.bytes("BTBZMqHH6r4Tts7J_aSIgg"))
        let message = try PushEncryption.encrypt(Array("When I grow up, I want to be a watermelon".utf8), for: subscription,
                                                 serverPrivateKey: Self.bytes("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"),
                                                 serverPublicKey: Self.bytes("BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"),
                                                 salt: Self.bytes("DGv6ra1nlYgDCS1FRnbzlw"))
        #expect(Base64URL.encode(message) == "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN")
    }

    /// Each message has its own key pair and salt: the same words twice are two unrelated messages.
    @Test func everyMessageHasItsOwnKeyAndSalt() throws {
        let subscription = try PushSubscription(endpoint: "https://push.example.net/x", p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
                                                auth: "BTBZMqHH6r4Tts7J_aSIgg")
        let first = try PushEncryption.encrypt(Array("A gentle reminder".utf8), for: subscription)
        let second = try PushEncryption.encrypt(Array("A gentle reminder".utf8), for: subscription)
        #expect(first.count == 86 + 17 + 1 + 16 && second.count == first.count)
        #expect(Array(first[0..<16]) != Array(second[0..<16]), "salt")
        #expect(Array(first[21..<86]) != Array(second[21..<86]), "sender's key")
        #expect(Array(first[16..<21]) == [0, 0, 0x10, 0, 65], "record size 4096, then the key id's length")
        #expect(throws: PushEncryption.Failure.tooLong) {
            try PushEncryption.encrypt([UInt8](repeating: 1, count: PushEncryption.maximumPlaintext + 1), for: subscription)
        }
    }

    /// What a browser gives is checked before it is kept: a point on the curve, a 16-byte secret, an https endpoint.
    @Test func refusesWhatNoBrowserWouldGive() throws {
        let point = Self.bytes("BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4")
        let secret = [UInt8](repeating: 7, count: 16)
        var offCurve = point
        offCurve[64] ^= 1
        #expect(throws: PushSubscription.Problem.publicKey) { try PushSubscription(endpoint: "https://push.example.net/x", publicKey: offCurve, authSecret: secret) }
        #expect(throws: PushSubscription.Problem.publicKey) {
            try PushSubscription(endpoint: "https://push.example.net/x", publicKey: [2] + Array(point[1..<33]), authSecret: secret)
        }
        #expect(throws: PushSubscription.Problem.publicKey) {
            try PushSubscription(endpoint: "https://push.example.net/x", publicKey: [4] + [UInt8](repeating: 0, count: 64), authSecret: secret)
        }
        #expect(throws: PushSubscription.Problem.authSecret) { try PushSubscription(endpoint: "https://push.example.net/x", publicKey: point, authSecret: [1, 2]) }
        for endpoint in ["http://push.example.net/x", "javascript:alert(1)", "https:///x", "ftp://push.example.net/x",
                         "https://push.example.net/" + String(repeating: "a", count: 1100), "http://127.0.0.1:9/x"] {
            #expect(throws: PushSubscription.Problem.endpoint, "\(endpoint.prefix(40))") {
                try PushSubscription(endpoint: endpoint, publicKey: point, authSecret: secret)
            }
        }
        #expect(try PushSubscription(endpoint: "http://127.0.0.1:9/x", publicKey: point, authSecret: secret, allowsLoopbackHTTP: true).origin
                == "http://127.0.0.1:9")
        #expect(try PushSubscription(endpoint: "https://push.example.net:8443/a/b?c", publicKey: point, authSecret: secret).origin
                == "https://push.example.net:8443")
    }

    /// The header a push service checks: a token for its origin (not its path), short-lived, naming us, and our key.
    @Test func theVAPIDHeaderNamesThePushServicesOriginAndOurKey() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vapid-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/push.pem"
        try VAPIDKey.create(at: path)
        #expect(throws: VAPIDKey.Failure.exists(path)) { try VAPIDKey.create(at: path) }
        let key = try VAPIDKey.load(path: path)
        #expect(key.publicKey.count == 65 && key.publicKey[0] == 4 && key.applicationServerKey.count == 87)
        chmod(path, 0o644)
        #expect(throws: VAPIDKey.Failure.exposed(path)) { try VAPIDKey.load(path: path) }
        #expect(throws: VAPIDKey.Failure.malformed("(given text)")) { try VAPIDKey(pem: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----") }

        let subscription = try PushSubscription(endpoint: "https://updates.push.example.net/wpush/v2/abc", p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
                                                auth: "BTBZMqHH6r4Tts7J_aSIgg")
        let header = try key.authorization(for: subscription, contact: "https://resett.example.org", now: 1_800_000_000)
        let parts = try #require(header.firstMatch(of: /^vapid t=([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)$/))
        #expect(String(parts.4) == key.applicationServerKey)
        let claims = try JSONSerialization.jsonObject(with: try #require(Base64URL.decode(String(parts.2)))) as? [String: Any]
        #expect(claims?["aud"] as? String == "https://updates.push.example.net")
        #expect(claims?["exp"] as? Int == 1_800_000_000 + 12 * 3600)
        #expect(claims?["sub"] as? String == "https://resett.example.org")
        let head = try JSONSerialization.jsonObject(with: try #require(Base64URL.decode(String(parts.1)))) as? [String: Any]
        #expect(head?["alg"] as? String == "ES256")
        #expect(try #require(Base64URL.decode(String(parts.3))).count == 64, "a raw r||s signature, as JWS asks")
    }
}
