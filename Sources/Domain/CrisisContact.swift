/// Somewhere a person in crisis can turn at once: a tenant's own list, with the UK's services by default. Each is
/// shown as large buttons that call, text or open, never as numbers to copy.
public struct CrisisContact: Sendable, Equatable {
    public var id: String
    public var name: String
    /// What it is for, in a few words: "If you'd rather text than talk".
    public var purpose: String
    public var phone: String?
    public var textNumber: String?
    /// The word to send to `textNumber` ("SHOUT").
    public var textMessage: String?
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
    public var telephoneLink: String? { phone.map { "tel:" + Self.dialable($0) } }

    /// `sms:85258?&body=SHOUT` (the form both iOS and Android read).
    public var textLink: String? {
        textNumber.map { number in
            "sms:" + Self.dialable(number) + (textMessage.map { "?&body=" + Self.percentEncoded($0) } ?? "")
        }
    }

    static func dialable(_ number: String) -> String { String(number.unicodeScalars.filter { ("0"..."9").contains($0) || $0 == "+" }.map(Character.init)) }

    static func percentEncoded(_ text: String) -> String {
        text.utf8.map { byte -> String in
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80 && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) { return String(Character(scalar)) }
            return "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        }.joined()
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}
