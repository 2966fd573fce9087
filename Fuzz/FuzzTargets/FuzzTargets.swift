// What each fuzz target does with one input. Shared by the libFuzzer executables (Fuzz/Fuzz*/) and by the
// regression test that replays every committed input (Tests/WebTests/FuzzRegressionTests.swift).
// Debug builds only: the parsers are internal, reached with @testable.
import Foundation
@testable import HTTPServer
@testable import Web
import Domain
@testable import Storage
@testable import UseCases
import SAML
import WebAuthn

public enum FuzzTargets {
    public static let all: [String: @Sendable ([UInt8]) -> Void] = [
        "RequestDecoder": requestDecoder, "FormDecoding": formDecoding, "Cookies": cookies,
        "WebhookSignature": webhookSignature, "HostAndAddresses": hostAndAddresses, "SCIM": scim, "WebAuthn": webAuthn,
        "SAML": saml,
    ]

    /// What an identity provider (or anyone posting to the ACS) sends: a Response and metadata from the bytes as they
    /// are, through parsing, ID registration and the signature check; nothing may crash, leak or run away.
    public static func saml(_ data: [UInt8]) {
        let check = ResponseCheck(serviceProviderEntityID: "https://sp.example/metadata", assertionConsumerURL: "https://sp.example/acs",
                                  identityProviderEntityID: "https://idp.example/idp", certificates: [samlCertificate])
        _ = try? check.check(xml: data, now: 1_795_694_460)
        _ = try? IdentityProviderMetadata(xml: data)
    }

    /// A real certificate, so inputs reach libxmlsec1's verification (from Tests/SAMLTests/Fixtures).
    static let samlCertificate = """
        -----BEGIN CERTIFICATE-----
        MIICzDCCAbSgAwIBAgIUP21KMm8wFEn3/z5cCH77JC+pXBAwDQYJKoZIhvcNAQEL
        BQAwIDEeMBwGA1UEAwwVaWRwLnVuaS5leGFtcGxlLmFjLnVrMB4XDTI2MDEwMTAw
        MDAwMFoXDTM1MTIzMDAwMDAwMFowIDEeMBwGA1UEAwwVaWRwLnVuaS5leGFtcGxl
        LmFjLnVrMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA2D3Qd1jASG0N
        GcEsixHp3vxYQ7wsOFdAdCCakPyOG2a+XgY/cIO7321bid+c20YA5uQeNh8V5ICk
        2FuTH7ZssyJDQDQqWNiCM2l9vgWlLbkZNx4EMpy3ytafyUbvEog7Gm4hXIM+G1Jh
        XyEBDxademLCY0779MKYiVDL4zDRF5QOuPO5nZ/Wrhf/Sao9kq1XnTtof+pkXDWB
        H5/u6KibubETW4ALQOg32BMz+MMqN+IBHTKsyjJ+lQEL82XokQclcJyTwHc0sLX9
        y5Yam8LRv2fTpurG1y9irHVpm7Lrr5tHhJWS9Ga1jmHTYirWqg5GwtIn5Z5kCelv
        gQvLlg8d3wIDAQABMA0GCSqGSIb3DQEBCwUAA4IBAQCKSa2vzCtBh4SNMmhV/4AE
        QPPkZRsltxBrauX22FSWEQBE0SEY/2YUSO78mAjQQCiobFsJBDPyfSeAsO0Se7bW
        k+riRr8LOLgq6QhXawn/nreFsu3fNi1g+oj7fczEKntAI53D90NwMjwSTq5NoSIR
        2cFhhsFgCN3d8uFUTPrmr0nsZks+cuU4pfVDzwBf3f8Hp4RG+jpUtELs9MgANTIt
        BsfQvW2kLil/wC3WzczFeGHcFBa1rJoNeaLR2m3kLX1Y8fMZWeRNl+aQO2/OHWhT
        PkambeL8WsRDHR9lVzSvFDolYi/jHdNB3U8BXAH0YOYXjPx/OXyO2bXja9zM6zSO
        -----END CERTIFICATE-----
        """

    /// What a browser (or anyone) sends for a passkey: CBOR, authenticator data and COSE keys from the bytes as they
    /// are, a credential's JSON from them as text, and both ceremonies' checks; nothing may crash or run away.
    public static func webAuthn(_ data: [UInt8]) {
        if let value = try? CBOR.decode(data) { _ = try? COSEKey(value) }
        _ = try? CBOR.decodePrefix(data[...])
        if let authData = try? AuthenticatorData(data), let key = authData.credential?.publicKey { _ = try? COSEKey(key) }
        let rp = RelyingParty(id: "localhost", origin: "http://localhost")
        let half = data.count / 2
        _ = try? rp.register(clientDataJSON: Array(data[..<half]), attestationObject: Array(data[half...]), challenge: [1, 2, 3])
        let known = RelyingParty.KnownCredential(publicKey: COSEKey(algorithm: .es256, subjectPublicKeyInfo: Array(data.prefix(91))),
                                                 signCount: 0, backupEligible: false)
        _ = try? rp.authenticate(clientDataJSON: Array(data[..<half]), authenticatorData: Array(data[half...]), signature: Array(data.suffix(72)),
                                 challenge: [1, 2, 3], credential: known)
        if let response = PasskeyResponse(json: String(decoding: data, as: UTF8.self)) { _ = response.credentialIDText }
    }

    /// The whole request decoder, fed in pieces whose sizes come from the input itself, with small limits so
    /// every limit is reachable.
    public static func requestDecoder(_ data: [UInt8]) {
        guard let first = data.first else { return }
        let limits = HTTPLimits(maxRequestLineBytes: 256, maxHeaderBlockBytes: 1024, maxHeaderCount: 16, maxBodyBytes: 2048)
        var decoder = RequestDecoder(limits: limits)
        let step = Int(first % 64) + 1
        var offset = 1
        var requests = 0
        while offset < data.count {
            let end = min(data.count, offset + step)
            decoder.append(Array(data[offset..<end]))
            offset = end
            loop: while requests < 64 {
                switch decoder.next() {
                case .needMoreData: break loop
                case .sendContinue: continue
                case .failure: return
                case .request(let request):
                    requests += 1
                    precondition(request.body.count <= limits.maxBodyBytes)
                    _ = request.path
                    _ = request.query
                }
            }
            precondition(decoder.bufferedByteCount <= data.count)
        }
    }

    public static func formDecoding(_ data: [UInt8]) {
        let text = String(decoding: data, as: UTF8.self)
        _ = try? PercentEncoding.decode(text[...], plusIsSpace: true)
        _ = try? PercentEncoding.decode(text[...], plusIsSpace: false)
        if let form = try? FormData(urlEncoded: data) { _ = ReturnPath.safe(form["next"]) }
        _ = PercentEncoding.encode(text)
        for method in ["GET", "POST", "PUT", "PATCH", "DELETE"] {
            // Whatever a path holds, a route it parses to prints a path that parses back to it.
            if case .found(let route)? = try? Route.parse(method: method, path: text[...]) {
                precondition((try? Route.parse(method: method, path: route.path[...])) == .found(route))
            }
        }
        // The other parsers of what an organisation's admin or identity provider sends: a multipart upload, a PNG,
        // a SCIM filter, an email domain.
        _ = try? MultipartForm(body: data, boundary: "XyZ")
        _ = MultipartForm.boundary(contentType: text)
        _ = try? PNGImage(data)
        _ = try? SCIMHandler.parse(filter: text)
        _ = SignUpPolicy.domain(text)
        if let form = try? FormData(urlEncoded: data) { resetDraft(form) }
    }

    /// An organisation's reset as its editor sends it: whatever is typed, a reset the check accepts fits every CHECK
    /// of the organisation_resets table (lengths in code points, as the databases count them).
    static func resetDraft(_ form: FormData) {
        let steps = (1...ResetDraft.stepLimit).compactMap { number -> ResetDraft.Step? in
            guard let title = form["step_\(number)_title"], let lines = form["step_\(number)_lines"] else { return nil }
            return ResetDraft.Step(title: title, lines: lines)
        }
        let draft = ResetDraft(emotion: form["emotion"] ?? "", name: form["name"] ?? "", description: form["description"] ?? "",
                               scienceBenefit: form["science"] ?? "", duration: form["duration"] ?? "",
                               safetyNote: form["safety"] ?? "", steps: steps)
        let emotions = ["stressed", "anxious"].map { Emotion(id: $0, label: $0, description: "") }
        guard case .success(let reset) = draft.check(id: String(repeating: "a", count: 32), emotions: emotions) else { return }
        precondition((1...ResetDraft.nameLimit).contains(reset.name.unicodeScalars.count))
        precondition((1...ResetDraft.descriptionLimit).contains(reset.description.unicodeScalars.count))
        precondition((1...ResetDraft.scienceLimit).contains(reset.scienceBenefit.unicodeScalars.count))
        precondition(reset.safetyNote.map { (1...ResetDraft.safetyLimit).contains($0.unicodeScalars.count) } ?? true)
        precondition(ResetDraft.durations.contains(reset.durationSeconds))
        precondition((1...ResetDraft.stepLimit).contains(reset.steps.count))
        for step in reset.steps {
            precondition(!step.title.isEmpty && step.title.unicodeScalars.count <= ResetDraft.titleLimit)
            precondition((1...ResetDraft.linesPerStepLimit).contains(step.lines.count))
            precondition(step.lines.allSatisfy { !$0.isEmpty && $0.unicodeScalars.count <= ResetDraft.lineLimit })
        }
        let json = (try? JSONEncoder().encode(reset.steps)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        precondition((2...40_000).contains(json.unicodeScalars.count))
    }

    public static func cookies(_ data: [UInt8]) {
        let text = String(decoding: data, as: UTF8.self)
        let cookies = RequestCookies(headers: HTTPHeaders([("Cookie", text), ("Cookie", text)]))
        _ = cookies["resett_session"]
        _ = cookies["resett_csrf"]
    }

    public static func webhookSignature(_ data: [UInt8]) {
        let text = String(decoding: data, as: UTF8.self)
        if let (timestamp, _) = WebhookReceiver.parseSignature(text) {
            precondition(timestamp >= 0 && timestamp <= 9_999_999_999)
            _ = abs(1_800_000_000 - timestamp)
        }
        if let event = try? JSONDecoder().decode(PaymentEvent.self, from: Data(data)), event.isWithinBounds {
            _ = event.amount.formatted
            _ = TestPaymentProvider.oneMonth(after: event.periodEnd ?? 0)
        }
    }

    public static func hostAndAddresses(_ data: [UInt8]) {
        let text = String(decoding: data, as: UTF8.self)
        _ = HostField.isValid(text)
        _ = Gate.hostName(text)
        if let range = IPAddressRange(text) { _ = range.contains("192.0.2.1") }
        _ = ClientAddress.resolve(peer: "10.0.0.1", forwardedFor: [text], trustedProxies: [IPAddressRange("10.0.0.0/8")!])
        _ = ReturnPath.safe(text)
        _ = EntityID<PostEntity>(text)
    }

    /// SCIM's filter (the input's first line) and a PatchOp body (the rest, as JSON) applied to an account; and the
    /// identity rules every userName and email then goes through. Whatever arrives is refused or makes a change whose
    /// email is an address.
    public static func scim(_ data: [UInt8]) {
        let split = data.firstIndex(of: 10) ?? data.endIndex
        let filter = String(decoding: data[..<split], as: UTF8.self)
        if let parsed = try? SCIMHandler.parse(filter: filter) {
            precondition((parsed.userName == nil) != (parsed.externalID == nil))
        }
        let rest = Data(data[min(split + 1, data.endIndex)...])
        guard let body = JSONValue.object(from: Array(rest)) else { return }
        let user = ProvisionedUser(id: AccountID(stored: "0123456789abcdef0123456789abcdef"), email: "someone@example.com", userName: nil,
                                               externalID: nil, isActive: true, createdAt: 0)
        guard let change = try? SCIMHandler.patched(user, by: body) else { return }
        if let identity = try? Provisioning.identity(userName: change.userName,
                                                      email: change.email ?? (EmailAddress(change.userName) == nil ? user.email : nil)) {
            precondition(EmailAddress(identity.email)?.value == identity.email)
        }
        _ = MatchText.fold(change.userName)
    }
}
