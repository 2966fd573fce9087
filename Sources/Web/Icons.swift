/// Our own line icons, drawn on a 24-point grid and printed inline (no icon font, nothing fetched). Each is
/// decoration beside words that say the same thing, so it is hidden from screen readers.
enum Icon: String, Sendable, CaseIterable {
    // The five emotions, as the brief names them: cloud with rain, heart, bolt, low battery, sparkles.
    case stressed, anxious, restless, tired, scattered
    // The tab bar and the staff link.
    case today, you, calendar, community, account, staff
    case close, check

    private var paths: [String] {
        switch self {
        case .stressed: ["M7 15a4 4 0 0 1-.6-7.95A5.5 5.5 0 0 1 17.1 7.6 3.7 3.7 0 0 1 17.5 15z", "M8 18.5l-1 2", "M12 18.5l-1 2", "M16 18.5l-1 2"]
        case .anxious: ["M12 20.5s-7.5-4.6-7.5-10.4A4.1 4.1 0 0 1 12 7.7a4.1 4.1 0 0 1 7.5 2.4c0 5.8-7.5 10.4-7.5 10.4z"]
        case .restless: ["M13.5 2.5L4.5 13.5h6.5l-1 8 9-11h-6.5z"]
        case .tired: ["M3.5 8h14a1.5 1.5 0 0 1 1.5 1.5v5a1.5 1.5 0 0 1-1.5 1.5h-14A1.5 1.5 0 0 1 2 14.5v-5A1.5 1.5 0 0 1 3.5 8z",
                      "M21.5 10.5v3", "M5.5 11v2"]
        case .scattered: ["M11 3l1.9 5.1L18 10l-5.1 1.9L11 17l-1.9-5.1L4 10l5.1-1.9z", "M18.5 15l.8 2 2 .8-2 .8-.8 2-.8-2-2-.8 2-.8z",
                          "M19 3l.6 1.4 1.4.6-1.4.6L19 7l-.6-1.4L17 5l1.4-.6z"]
        // Today: a sun low on the horizon. You: a calm face.
        case .today: ["M4 18.5h16", "M7.5 18.5a4.5 4.5 0 0 1 9 0", "M12 8v2", "M5.6 11.1l1.4 1.4", "M18.4 11.1L17 12.5", "M3 15.5h1.5", "M19.5 15.5H21"]
        case .you: ["M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z", "M8.5 14.5a4.5 4.5 0 0 0 7 0", "M9 9.5v.5", "M15 9.5v.5"]
        case .calendar: ["M4.5 5.5h15a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1h-15a1 1 0 0 1-1-1v-13a1 1 0 0 1 1-1z", "M3.5 10h17",
                         "M8 3v4", "M16 3v4"]
        case .community: ["M4.5 4.5h15a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H10l-5 4v-4h-.5a1 1 0 0 1-1-1v-10a1 1 0 0 1 1-1z", "M8 9.5h8", "M8 12.5h5"]
        case .account: ["M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z", "M4.5 20.5a7.5 7.5 0 0 1 15 0"]
        case .staff: ["M12 3l7.5 3v5.5c0 4.6-3.2 8-7.5 9.5-4.3-1.5-7.5-4.9-7.5-9.5V6z", "M9 12l2 2 4-4"]
        case .close: ["M6 6l12 12", "M18 6L6 18"]
        case .check: ["M5 12.5l4.5 4.5L19 7.5"]
        }
    }

    /// The inline SVG, computed once per icon.
    var svg: String { Self.rendered[self] ?? "" }

    private static let rendered: [Icon: String] = Dictionary(uniqueKeysWithValues: allCases.map { icon in
        let paths = icon.paths.map { "<path d=\"\($0)\"/>" }.joined()
        return (icon, "<svg class=\"icon\" viewBox=\"0 0 24 24\" width=\"24\" height=\"24\" aria-hidden=\"true\" focusable=\"false\" "
                + "fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"round\">"
                + paths + "</svg>")
    })

    /// For compiled templates: `{{{icons.calendar}}}`.
    var trusted: TrustedHTML { TrustedHTML(markup: svg) }
}
