/// Where "Exit this page" goes: a neutral page off the site. The organisation may choose its own; it must be an
/// ordinary https address of a named host (no user name or password, no port but 443, no spaces or control
/// characters), short enough to be a link, so the button can never be pointed at something that misleads or tracks
/// through the address itself.
public enum ExitPage {
    /// GOV.UK's own example: the weather, which looks like anything but help.
    public static let standard = "https://www.bbc.co.uk/weather"

    public static let maximumLength = 300

    /// The address as it will be used, or nil when it is not one the button may go to.
    public static func validated(_ text: String) -> String? {
        let text = text.trimmingPrefix(while: { $0 == " " })
        let trimmed = String(text.reversed().drop(while: { $0 == " " }).reversed())
        guard trimmed.utf8.count >= 12, trimmed.utf8.count <= maximumLength, trimmed.hasPrefix("https://") else { return nil }
        guard trimmed.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7f && $0 != "\\" && $0 != "\"" && $0 != "<" && $0 != ">" }) else {
            return nil
        }
        let rest = trimmed.dropFirst("https://".count)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.contains("@") else { return nil }
        var host = Substring(authority)
        if let colon = authority.firstIndex(of: ":") {
            guard authority[authority.index(after: colon)...] == "443" else { return nil }
            host = authority[..<colon]
        }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, host.count <= 253,
              labels.allSatisfy({ !$0.isEmpty && $0.count <= 63 && !$0.hasPrefix("-") && !$0.hasSuffix("-")
                  && $0.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" } }),
              labels.last.map({ $0.allSatisfy(\.isLetter) }) == true  // a name, not an address like 10.0.0.1
        else { return nil }
        return trimmed
    }
}
