import CCrypto
import Cryptography
import Domain
import Foundation
import HTTPServer
@testable import Storage
import Synchronization
import Testing
@testable import UseCases
@testable import Web
import WebPush

/// Issue 38, reminders on a member's devices (Web Push), over real sockets: a push service of our own on this machine
/// takes the messages. The device is added from Account → Reminders, checked first (a key on the curve, a public
/// https endpoint), reminded on schedule with an encrypted message and our VAPID token, forgotten when its push
/// service says it is gone, and removed with the account. (The browser suite decrypts a message with `http_ece` and
/// verifies the token: test_push.py.)
@Suite("Reminders on devices")
struct PushTests {
    static let pushKey: VAPIDKey = {
        let path = temporaryFolder() + "/push.pem"
        try! VAPIDKey.create(at: path)
        return try! VAPIDKey.load(path: path)
    }()
    let saturdayNoonUTC = 1_774_699_200
    let sundayNineBST = 1_774_771_200

    /// A push service: keeps what it is sent and answers with `status`.
    final class PushService: HTTPResponder, Sendable {
        let received = Mutex<[Request]>([])
        let status = Mutex(HTTPStatus.created)
        func placement(for request: Request) -> ResponsePlacement { .workerPool }
        func respond(to request: Request) -> Response {
            received.withLock { $0.append(request) }
            return Response(status: status.withLock { $0 }, headers: [:], body: [])
        }
        var requests: [Request] { received.withLock { $0 } }
    }

    /// A browser's subscription keys: a P-256 public point and a 16-byte secret, base64url.
    static func browserKeys() -> (p256dh: String, auth: String) {
        let key = resett_p256_generate()
        defer { EVP_PKEY_free(key) }
        var point = [UInt8](repeating: 0, count: 65)
        _ = resett_p256_public_bytes(key, &point)
        return (Base64URL.encode(point), Base64URL.encode(SecureRandom.bytes(16)))
    }

    func app() throws -> RunningApp {
        try RunningApp(pushKey: Self.pushKey) { $0.allowsLoopbackPushService = true }
    }

    func addDevice(_ member: Browser, endpoint: String) throws -> RawClient.Answer {
        let keys = Self.browserKeys()
        return try member.post("/account/reminders/devices", [("endpoint", endpoint), ("p256dh", keys.p256dh), ("auth", keys.auth)])
    }

    func devices(_ app: RunningApp) throws -> Int {
        try app.environment.database.read { try $0.int(sql: "SELECT count(*) FROM push_devices") } ?? -1
    }

    @Test func aDeviceShowsTheRemindersItIsSentAndIsForgottenWhenItsServiceSaysItIsGone() throws {
        let app = try app()
        let service = PushService()
        let receiver = try RunningServer(responder: service)
        app.clock.set(saturdayNoonUTC)
        let member = app.browser()
        try member.signUp("devices@example.com")
        let page = try member.get("/account/reminders").text
        #expect(page.contains("Notifications on your devices") && page.contains("data-push-key=\"\(Self.pushKey.applicationServerKey)\""))
        #expect(page.contains("Allow notifications on this device") && page.contains("No devices yet."))

        let endpoint = "http://127.0.0.1:\(receiver.port)/push/first"
        let added = try addDevice(member, endpoint: endpoint)
        #expect(added.status == 303 && added.header("Location") == "/account/reminders?notice=device-added")
        let listed = try member.get("/account/reminders").text
        #expect(listed.contains("Firefox on Linux") && listed.contains("Send a test notification"))
        // The same browser again is the same device, not a second one.
        #expect(try addDevice(member, endpoint: endpoint).status == 303)
        #expect(try devices(app) == 1)

        // Reminders by notification only: the check-in at 09:00 reaches the device, and no email is sent.
        #expect(try member.post("/account/reminders", [("channels", "shown"), ("checkIn", "on"), ("checkInTime", "09:00"),
                                                       ("quietStart", "22:00"), ("quietEnd", "08:00")]).status == 303)
        try app.environment.subscriptionClock.tick(now: sundayNineBST + 20)
        app.environment.push?.flush()
        let message = try #require(service.requests.first)
        #expect(service.requests.count == 1 && message.method == "POST" && message.target == "/push/first")
        #expect(message.headers["Content-Encoding"] == "aes128gcm" && message.headers["TTL"] == "3600")
        #expect(message.headers["Authorization"]?.hasPrefix("vapid t=") == true)
        #expect(message.headers["Authorization"]?.hasSuffix(", k=\(Self.pushKey.applicationServerKey)") == true)
        // One record: salt, record size, our one-off key, then the sealed words and tag; nothing readable in it.
        #expect(Array(message.body[16..<21]) == [0, 0, 0x10, 0, 65] && message.body.count > 86 + 17)
        #expect(!String(decoding: message.body, as: UTF8.self).contains("reminder"))
        #expect(app.mails().filter { $0.contains("A gentle reminder") }.isEmpty)

        // A test, when the push service says the subscription is gone: the device is forgotten.
        service.status.withLock { $0 = .gone }
        let tested = try member.post("/account/reminders/devices/test", [])
        #expect(tested.status == 303 && tested.header("Location") == "/account/reminders?notice=test-sent")
        app.environment.push?.flush()
        #expect(service.requests.count == 2)
        #expect(try devices(app) == 0)
        #expect(try member.get("/account/reminders").text.contains("No devices yet."))
    }

    @Test func onlyABrowsersSubscriptionToAPublicAddressIsKept() throws {
        let app = try app()
        let member = app.browser()
        try member.signUp("careful@example.com")
        let keys = Self.browserKeys()
        var offCurve = Array(Base64URL.decode(keys.p256dh)!)
        offCurve[64] ^= 1
        for (endpoint, p256dh, auth) in [
            ("https://10.0.0.7/push", keys.p256dh, keys.auth),          // a private address
            ("https://[::ffff:127.0.0.1]/push", keys.p256dh, keys.auth), // loopback, however written
            ("ftp://push.example.net/x", keys.p256dh, keys.auth),
            ("https://push.example.net/x", Base64URL.encode(offCurve), keys.auth),
            ("https://push.example.net/x", keys.p256dh, "c2hvcnQ"),
            ("https://push.example.net/" + String(repeating: "x", count: 2000), keys.p256dh, keys.auth),
            ("", "", ""),
        ] {
            let refused = try member.post("/account/reminders/devices", [("endpoint", endpoint), ("p256dh", p256dh), ("auth", auth)])
            #expect(refused.status == 422 && refused.text.contains("notification service could not be used"), "\(endpoint.prefix(40))")
            #expect(refused.text.contains("Save reminders"), "the rest of the page is still there")
        }
        #expect(try devices(app) == 0)
        // Ten devices at most.
        for index in 0..<10 { #expect(try addDevice(member, endpoint: "https://push.example.net/d\(index)").status == 303) }
        let eleventh = try addDevice(member, endpoint: "https://push.example.net/d10")
        #expect(eleventh.status == 422 && eleventh.text.contains("You have 10 devices"))
        // Someone else's device is not theirs to remove, nor a made-up one.
        let id = try #require(try app.environment.database.read { try $0.string(sql: "SELECT id FROM push_devices LIMIT 1") })
        let other = app.browser()
        try other.signUp("other@example.com")
        #expect(try other.post("/account/reminders/devices/\(id)/remove", []).status == 404)
        #expect(try member.post("/account/reminders/devices/\(String(repeating: "0", count: 32))/remove", []).status == 404)
        let removed = try member.post("/account/reminders/devices/\(id)/remove", [])
        #expect(removed.status == 303 && removed.header("Location") == "/account/reminders?notice=device-removed")
        #expect(try devices(app) == 9)
        // A test reaches every device, a few times an hour at most.
        for _ in 0..<5 { #expect(try member.post("/account/reminders/devices/test", []).status == 303) }
        #expect(try member.post("/account/reminders/devices/test", []).status == 429)
    }

    @Test func withoutAPushKeyRemindersComeByEmailOnly() throws {
        let app = try RunningApp()
        let member = app.browser()
        try member.signUp("email.only@example.com")
        let page = try member.get("/account/reminders").text
        #expect(!page.contains("Notifications on your devices") && page.contains("By email"))
        let refused = try addDevice(member, endpoint: "https://push.example.net/x")
        #expect(refused.status == 422 && refused.text.contains("Notifications are not available here"))
    }

    @Test func deletingTheAccountRemovesItsDevices() throws {
        let app = try app()
        let member = app.browser()
        try member.signUp("leaving.devices@example.com")
        #expect(try addDevice(member, endpoint: "https://push.example.net/leaving").status == 303)
        #expect(try devices(app) == 1)
        #expect(try member.post("/account/delete", [("password", "a calm and steady passphrase")]).status == 200)
        #expect(try devices(app) == 0)
    }
}
