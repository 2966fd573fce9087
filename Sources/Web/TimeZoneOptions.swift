import Domain

/// The time-zone select's ~600 options, escaped once at start-up; a page only marks the chosen one.
enum TimeZoneOptions {
    private static let options: [(name: String, html: String)] = TimeZoneName.all.map { name in
        let escaped = HTMLEscaper().escapeText(name)
        return (name, "<option value=\"\(escaped)\">\(escaped)</option>")
    }

    /// The options as HTML, with `selected` on the one named (print with triple braces).
    static func html(selected: String) -> String {
        var out = ""
        out.reserveCapacity(options.count * 48)
        for option in options {
            if option.name == selected {
                let escaped = HTMLEscaper().escapeText(option.name)
                out += "<option value=\"\(escaped)\" selected>\(escaped)</option>"
            } else {
                out += option.html
            }
        }
        return out
    }
}
