import Foundation

/// Who may create an account in an organisation's space. Invitation links admit their holder whatever the rule;
/// the operator's `resett user create` is never refused.
public struct SignUpPolicy: Sendable, Equatable {
    public enum Rule: String, Sendable, CaseIterable {
        /// Anyone who confirms their email (as before this existed).
        case open
        /// Only addresses at the organisation's own domains (confirmed by the emailed link, as every sign-up is).
        case domains
        /// Only people with an invitation link.
        case invitations
    }

    public var rule: Rule
    /// Lower-case domains such as `acme.com`; an address at a subdomain (`mail.acme.com`) counts too.
    public var domains: [String]

    public init(rule: Rule = .open, domains: [String] = []) {
        self.rule = rule
        self.domains = domains
    }

    public static let domainLimit = 20

    /// Whether `email` may sign up without an invitation.
    public func admits(_ email: EmailAddress) -> Bool {
        switch rule {
        case .open: return true
        case .invitations: return false
        case .domains:
            guard let at = email.value.lastIndex(of: "@") else { return false }
            let domain = email.value[email.value.index(after: at)...]
            return domains.contains { domain == $0 || domain.hasSuffix("." + $0) }
        }
    }

    /// A domain as an admin typed it (`@Acme.com ` → `acme.com`), or nil if it is not one: letters, digits and hyphens in
    /// dot-separated labels of up to 63, at least two labels, 253 in all.
    public static func domain(_ text: String) -> String? {
        var text = text.trimmingCharacters(in: .whitespaces).lowercased()
        if text.hasPrefix("@") { text.removeFirst() }
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        guard text.count <= 253, labels.count >= 2, labels.allSatisfy({ label in
            (1...63).contains(label.count) && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        }) else { return nil }
        return text
    }

    /// Stored as one comma-separated column.
    public var storedDomains: String { domains.joined(separator: ",") }

    /// The policy as stored: a rule the code does not know reads as the strictest (invitation only), never as open.
    public init(storedRule: String?, storedDomains: String?) {
        self.init(rule: storedRule.flatMap(Rule.init(rawValue:)) ?? .invitations,
                  domains: (storedDomains ?? "").split(separator: ",").map(String.init))
    }
}
