/// An organisation with its own Resett space.
public struct Tenant: Sendable, Equatable {
    public let id: TenantID
    public let slug: String
    public var name: String
    public var settings: TenantSettings
    /// Raised with every change to the configuration pages show (its crisis contacts), in the change's transaction:
    /// what a node keeps from the configuration is current while this is the same.
    public var configVersion = 0

    public init(id: TenantID, slug: String, name: String, settings: TenantSettings = TenantSettings()) {
        self.id = id
        self.slug = slug
        self.name = name
        self.settings = settings
    }

    /// The tenant that exists from the first migration, served on the bare base domain.
    public static let defaultSlug = "default"

    /// Slugs become host names (`acme.localhost`), so they follow DNS label rules.
    public static func isValidSlug(_ slug: String) -> Bool {
        (1...40).contains(slug.count) && !slug.hasPrefix("-") && !slug.hasSuffix("-")
            && slug.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}

/// What an organisation can set for its own space.
public struct TenantSettings: Sendable, Equatable {
    public var accentColour = "#0F7A5C"
    public var freeResetsPerDay = 3
    public var pricePence = 199
    public var priceCurrency = "GBP"
    /// The organisation pays for everyone: no member meets the paywall.
    public var licenceAllMembers = false
    /// Signs payment webhooks for this tenant.
    public var webhookSecret = ""
    /// Keys moderators' pseudonyms for members; never shown, never used for anything else.
    public var pseudonymKey = ""
    public var reportThreshold = 3
    /// The smallest group of people a figure in the organisation's report may describe (`GroupSize`).
    public var minimumGroupSize = GroupSize.standard
    /// Who may create an account here.
    public var signUpPolicy = SignUpPolicy()
    /// The SHA-256 of the organisation's logo (a PNG), which names its URL; nil without one.
    public var logoSHA: String?
    public var crisisSupportText = "If you are in immediate danger, call 999. You can call Samaritans free, day or night, on 116 123."
    public var communityEnabled = true
    /// What the tenant's moderators do for a post that suggests its author may be at risk.
    public var safeguardingSteps = "" { didSet { safeguardingStepList = Self.stepList(safeguardingSteps) } }
    /// The same steps as list items, split once with the settings (a node keeps a tenant's settings until they change),
    /// not on every moderation page: splitting them was a sixth of a post's page.
    public private(set) var safeguardingStepList: [String] = []
    /// Who moderators escalate to (the organisation's safeguarding lead): a name and how to reach them.
    public var escalationContact = ""
    /// How long a post held for safety may wait before its moderators are reminded.
    public var atRiskResponseMinutes = 60
    public var customDomain: String?
    public var unlimitedEmails: [String] = []
    /// "Exit this page" on every page (on unless the organisation turns it off), and where it goes (`ExitPage`).
    public var exitButton = true
    public var exitURL: String?
    /// Admins and moderators must have proven themselves with a passkey or single sign-on to use staff pages.
    public var staffStrongSignIn = false

    public init() {}

    public var price: Money { Money(minor: pricePence, currency: priceCurrency) }

    /// "£1.99/month".
    public var priceText: String { price.formatted + "/month" }

    /// Safeguarding steps as list items, one a line: the list numbers them, so an admin's own "1." is left off.
    static func stepList(_ text: String) -> [String] {
        // Trimmed in Swift: Foundation's trimmingCharacters went through UTF-16.
        func trimmed(_ text: Substring) -> Substring {
            guard let first = text.firstIndex(where: { !$0.isWhitespace }), let last = text.lastIndex(where: { !$0.isWhitespace }) else {
                return ""
            }
            return text[first...last]
        }
        // Split on the newline byte: splitting by Character walks grapheme boundaries.
        return text.utf8.split(separator: UInt8(ascii: "\n")).compactMap { bytes in
            var step = trimmed(Substring(bytes))
            if let dot = step.firstIndex(where: { !$0.isNumber }), dot != step.startIndex, step[dot] == "." || step[dot] == ")" {
                step = trimmed(step[step.index(after: dot)...])
            }
            return step.isEmpty ? nil : String(step)
        }
    }
}
