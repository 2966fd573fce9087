import Testing
@testable import Domain

/// A crisis contact's call and text links hold only what a phone dials, and the word to send percent-encoded: what the
/// first, character-by-character version wrote (kept here as the reference), for numbers and words an admin may type.
@Suite("Crisis contact links")
struct CrisisContactLinkTests {
    static func referenceDialable(_ number: String) -> String {
        String(number.unicodeScalars.filter { ("0"..."9").contains($0) || $0 == "+" }.map(Character.init))
    }

    static func referenceEncoded(_ text: String) -> String {
        text.utf8.map { byte -> String in
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80 && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) { return String(Character(scalar)) }
            let hex = String(byte, radix: 16, uppercase: true)
            return "%" + (hex.count < 2 ? "0" : "") + hex
        }.joined()
    }

    @Test func linksAreWhatThePhoneReads() {
        let texts = ["116 123", "+44 (0)20 7946 0000", "85258", "SHOUT", "Hi there!", "café ☎️ ٣٤٥", "a&b=c?d", "\u{7f}\u{1}~", "", "+++"]
        for text in texts {
            #expect(CrisisContact.dialable(text) == Self.referenceDialable(text), "\(text)")
            #expect(CrisisContact.percentEncoded(text) == Self.referenceEncoded(text), "\(text)")
        }
        let shout = CrisisContact(name: "Shout", purpose: "Text", textNumber: "85 258", textMessage: "SHOUT now")
        #expect(shout.textLink == "sms:85258?&body=SHOUT%20now")
        #expect(CrisisContact(name: "S", purpose: "Talk", phone: "+44 116 123").telephoneLink == "tel:+44116123")
    }
}
