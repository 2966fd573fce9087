import Domain
import Foundation
import Logging
import Cryptography

/// An email to send. Plain text only: links and a few kind sentences.
public struct Mail: Sendable {
    public let to: String
    public let subject: String
    public let body: String
    /// For mail a person chose to get: the https address that turns it off in one click (RFC 8058), sent as
    /// `List-Unsubscribe` with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`.
    public var unsubscribe: String?

    public init(to: String, subject: String, body: String, unsubscribe: String? = nil) {
        self.to = to
        self.subject = subject
        self.body = body
        self.unsubscribe = unsubscribe
    }
}

/// How mail leaves Resett. Chosen once in the executable.
public protocol Mailer: Sendable {
    func send(_ mail: Mail) throws
    /// Removes anything still held for `recipient` (an erased account's mail).
    func forget(recipient: String)
    /// Removes anything held longer than `seconds` (a reset link in a file outlives its hour otherwise).
    func removeOlder(than seconds: Int)
}

extension Mailer {
    public func forget(recipient: String) {}
    public func removeOlder(than seconds: Int) {}
}

extension Mail {
    /// The message as RFC 5322 text, ready for a file or for sendmail.
    func rendered(from sender: String, at epochSeconds: Int = Int(time(nil))) -> String {
        // Header values must not carry line breaks, or a subject could add headers.
        func clean(_ text: String) -> String { text.replacingOccurrences(of: "\r", with: "").replacingOccurrences(of: "\n", with: " ") }
        return """
            From: \(clean(sender))\r
            To: \(clean(to))\r
            Subject: \(clean(subject))\r
            Date: \(Self.date(epochSeconds))\r
            \(unsubscribe.map { "List-Unsubscribe: <\(clean($0))>\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n" } ?? "")MIME-Version: 1.0\r
            Content-Type: text/plain; charset=utf-8\r
            Content-Transfer-Encoding: 8bit\r
            \r
            \(body.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n"))\r

            """
    }

    /// RFC 5322's date-time, in UTC: "Sat, 21 Nov 2026 09:30:00 +0000". From the C library's calendar: a
    /// `DateFormatter` made for each message loaded ICU's calendars and locales, megabytes kept for one line of text.
    static func date(_ epochSeconds: Int) -> String {
        var seconds = time_t(epochSeconds), parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        // The names' first three letters, as RFC 5322 spells them (tm_wday counts from Sunday, the names from Monday).
        let weekday = Day.weekdayNames[(Int(parts.tm_wday) + 6) % 7].prefix(3), month = Day.monthNames[Int(parts.tm_mon)].prefix(3)
        return "\(weekday), \(two(parts.tm_mday)) \(month) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) +0000"
    }
}

/// Writes each message as an `.eml` file in a folder and logs the file's path (never its contents).
public struct OutboxMailer: Mailer {
    public let folder: String
    public let sender: String
    let logger: Logger

    public init(folder: String, sender: String = "Resett <no-reply@resett.localhost>", logger: Logger) {
        self.folder = folder
        self.sender = sender
        self.logger = logger
    }

    public func send(_ mail: Mail) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // The recipient's digest in the name lets an erasure find their mail without opening every file.
        let name = "\(Int(Date().timeIntervalSince1970 * 1000))-\(Self.recipientTag(mail.to))-\(UUID().uuidString.prefix(8)).eml"
        let path = folder + "/" + name
        // Readable by this user only: the files hold addresses and live links.
        guard FileManager.default.createFile(atPath: path, contents: Data(mail.rendered(from: sender).utf8),
                                             attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown)
        }
        logger.notice("mail written", metadata: ["file": .string(name)])
    }

    static func recipientTag(_ address: String) -> String {
        String(Digest.sha256Hex(address.lowercased()).prefix(16))
    }

    public func forget(recipient: String) {
        let tag = "-" + Self.recipientTag(recipient) + "-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.contains(tag) {
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
    }

    public func removeOlder(than seconds: Int) {
        let cutoff = Date().addingTimeInterval(-Double(seconds))
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasSuffix(".eml") {
            let path = folder + "/" + name
            if let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date, modified < cutoff {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
    }
}

/// Hands each message to a sendmail-compatible program (`sendmail -t -i`).
public struct SendmailMailer: Mailer {
    public let program: String
    public let sender: String

    public init(program: String, sender: String = "Resett <no-reply@resett.localhost>") {
        self.program = program
        self.sender = sender
    }

    public enum Failure: Error { case exited(Int32) }

    public func send(_ mail: Mail) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["-t", "-i"]
        let input = Pipe()
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(Data(mail.rendered(from: sender).utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure.exited(process.terminationStatus) }
    }
}
