import Cryptography
import Foundation

/// The browser's own account of a ceremony (WebAuthn §5.8.1): which ceremony, the challenge it was given, and the
/// page's origin. Its bytes are hashed into what the authenticator signs, so it is read as sent and never rebuilt.
struct ClientData: Decodable {
    let type: String
    let challenge: String
    let origin: String
    let crossOrigin: Bool?

    /// A browser writes a couple of hundred bytes; anything past this is not a browser.
    static let maximumLength = 4096

    static func read(_ bytes: [UInt8]) throws(WebAuthnError) -> ClientData {
        guard !bytes.isEmpty, bytes.count <= maximumLength,
              let data = try? JSONDecoder().decode(ClientData.self, from: Data(bytes)) else { throw .malformed("client data") }
        return data
    }

    /// The checks both ceremonies make (§7.1 steps 7–10, §7.2 steps 11–14).
    func check(type expected: String, challenge: [UInt8], origin expectedOrigin: String) throws(WebAuthnError) {
        guard type == expected else { throw .wrongType }
        guard self.challenge.utf8.count <= 1400, let sent = Base64URL.decode(self.challenge).map(Array.init), ConstantTime.equal(sent, challenge) else { throw .wrongChallenge }
        guard origin == expectedOrigin else { throw .wrongOrigin }
        guard crossOrigin != true else { throw .crossOrigin }
    }
}

enum ConstantTime {
    static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
