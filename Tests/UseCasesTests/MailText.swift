@testable import UseCases
import Testing

/// A message as it leaves Resett (`Mail.rendered`): RFC 5322's date in UTC, and header values that cannot add a header.
struct MailText {
    @Test func theDateIsRFC5322sInUTCAndAHeaderCannotBeAdded() {
        let mail = Mail(to: "ana@example.com\r\nBcc: eve@example.com", subject: "Your week\nBcc: eve@example.com", body: "One line\nand two")
        let text = mail.rendered(from: "Resett <hello@resett.example>", at: 1_795_253_400)
        #expect(text.contains("\r\nDate: Sat, 21 Nov 2026 09:30:00 +0000\r\n"), "\(text)")
        #expect(text.contains("To: ana@example.com Bcc: eve@example.com\r\n") && text.contains("Subject: Your week Bcc: eve@example.com\r\n"))
        #expect(!text.contains("\r\nBcc:") && !text.contains("\nBcc:"))
        #expect(text.hasSuffix("\r\n\r\nOne line\r\nand two\r\n"))
        // Each weekday and month by its own name: the first of January 1970 was a Thursday, 29 February 2028 a Tuesday.
        #expect(Mail.date(0) == "Thu, 01 Jan 1970 00:00:00 +0000")
        #expect(Mail.date(1_835_481_599) == "Tue, 29 Feb 2028 23:59:59 +0000")
    }
}
