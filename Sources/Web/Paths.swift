/// Every link the app prints comes from here, so a route and its links cannot drift apart.
enum Paths {
    static let home = "/"
    static let health = "/healthz"

    static let forTemplates: [String: String] = [
        "home": home,
    ]
}
