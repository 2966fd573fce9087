/// Somewhere a person in crisis can turn at once: a tenant's own list, with the UK's services by default. Each is
/// shown as large buttons that call, text or open, never as numbers to copy.
public struct CrisisContact: Sendable, Equatable {
    public var id: String
    public var name: String
    /// What it is for, in a few words: "If you'd rather text than talk".
    public var purpose: String
    public var phone: String? { didSet { makeLinks() } }
    public var textNumber: String? { didSet { makeLinks() } }
    /// The word to send to `textNumber` ("SHOUT").
    public var textMessage: String? { didSet { makeLinks() } }
    /// An https address.
    public var url: String?
    public var hours: String?

    public init(id: String = "", name: String, purpose: String, phone: String? = nil, textNumber: String? = nil,
                textMessage: String? = nil, url: String? = nil, hours: String? = nil) {
        self.id = id
        self.name = name
        self.purpose = purpose
        self.phone = phone
        self.textNumber = textNumber
        self.textMessage = textMessage
        self.url = url
        self.hours = hours
        makeLinks()
    }

    /// The UK defaults every new tenant starts with; an admin changes, reorders and adds to them.
    public static let ukDefaults = [
        CrisisContact(name: "Emergency services", purpose: "If you or someone else is in immediate danger", phone: "999",
                      hours: "Any time"),
        CrisisContact(name: "Samaritans", purpose: "Talk to someone, whatever you’re going through", phone: "116 123",
                      url: "https://www.samaritans.org", hours: "Free, day or night"),
        CrisisContact(name: "Shout", purpose: "If you’d rather text than talk", textNumber: "85258", textMessage: "SHOUT",
                      hours: "Free, day or night"),
        CrisisContact(name: "NHS 111, option 2", purpose: "Urgent mental health help from the NHS", phone: "111", hours: "Any time"),
    ]

    /// Phone and text numbers: 3 to 20 of digits, spaces and `+` (a `+` only first), with at least three digits.
    public static func isValidNumber(_ number: String) -> Bool {
        let scalars = Array(number.unicodeScalars)
        guard (3...20).contains(scalars.count), scalars.filter({ ("0"..."9").contains($0) }).count >= 3 else { return false }
        return scalars.enumerated().allSatisfy { index, scalar in
            ("0"..."9").contains(scalar) || scalar == " " || (scalar == "+" && index == 0)
        }
    }

    /// An https address of a plain host and path: nothing that could run script or leave the scheme.
    public static func isValidURL(_ url: String) -> Bool {
        guard (9...300).contains(url.count), url.hasPrefix("https://") else { return false }
        let rest = url.dropFirst("https://".count)
        guard let first = rest.first, first.isLetter || first.isNumber else { return false }
        return url.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 && $0 != "\"" && $0 != "'" && $0 != "<" && $0 != ">" && $0 != "\\" && $0 != "`" }
    }

    /// Why this contact cannot be saved, or nil.
    public var problem: String? {
        if !(1...80).contains(name.count) { return "Give the contact a name of up to 80 characters." }
        if !(1...200).contains(purpose.count) { return "Say what the contact is for, in up to 200 characters." }
        if let phone, !Self.isValidNumber(phone) { return "A phone number is digits and spaces, with + first if it has one." }
        if let textNumber, !Self.isValidNumber(textNumber) { return "A text number is digits and spaces, with + first if it has one." }
        if let textMessage, !(1...40).contains(textMessage.count) { return "The word to text is up to 40 characters." }
        if textMessage != nil && textNumber == nil { return "Add the number to text the word to." }
        if let url, !Self.isValidURL(url) { return "A web address starts with https:// and has no spaces." }
        if let hours, !(1...80).contains(hours.count) { return "Opening hours are up to 80 characters." }
        if phone == nil && textNumber == nil && url == nil { return "Add at least a phone number, a text number or a web address." }
        return nil
    }

    /// `tel:116123`: digits and a leading +, nothing else.
    public private(set) var telephoneLink: String?

    /// `sms:85258?&body=SHOUT` (the form both iOS and Android read).
    public private(set) var textLink: String?

    /// Made when a number or the word changes, not each time a contact is shown: the feed, help and every crisis card
    /// show them, and working them out there was a tenth of the feed's time.
    private mutating func makeLinks() {
        telephoneLink = phone.map { "tel:" + Self.dialable($0) }
        textLink = textNumber.map { number in
            "sms:" + Self.dialable(number) + (textMessage.map { "?&body=" + Self.percentEncoded($0) } ?? "")
        }
    }

    // Both work on bytes: digits, `+` and ASCII letters are single bytes, and no byte of a longer character is one of them.
    static func dialable(_ number: String) -> String {
        String(decoding: number.utf8.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "+") }, as: UTF8.self)
    }

    /// ASCII letters and digits as they are, every other byte as `%XX`.
    static func percentEncoded(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                out.append(byte)
            default:
                out.append(contentsOf: [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 15)]])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
