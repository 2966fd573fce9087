import Domain
import HTTPServer
import UseCases

/// What every page's layout needs: the tenant's name, who is signed in, the CSRF token, asset URLs
/// and the page title.
struct LayoutContext: Sendable {
    let siteName: String
    /// The organisation's logo, named by its fingerprint so browsers keep it until it changes; nil without one.
    let logoPath: String?
    let signedIn: Bool
    let canModerate: Bool
    let isAdmin: Bool
    let csrfToken: String
    let stylesheet: String
    let script: String
    let favicon: String
    /// The home-screen icon (a 180 px PNG of the mark).
    let touchIcon: String
    /// "light" or "dark" when the person chose one; absent to follow the device.
    let theme: String?
    /// "Need help now?", remembering the page it was opened from (for "I'm safe for now").
    let helpPath: String
    /// The part of the site this page belongs to, for the navigation's current-page mark.
    let section: Section?
    /// Where "Exit this page" goes; nil when the organisation or the member has turned it off.
    let exitURL: String?
    /// Discreet mode: the tab says "Notes" with a plain icon, and the member's words are hidden until shown.
    let discreet: Bool
    /// The plain icon discreet mode shows in the tab.
    let discreetIcon: String

    /// The navigation's parts.
    enum Section: String, Sendable {
        case today, you, community, account, staff
    }

    /// The layout's own files' fingerprinted URLs: fixed once the files are loaded, so looked up once, not on every page.
    struct Assets: Sendable {
        let stylesheet: String, script: String, favicon: String, touchIcon: String, discreetIcon: String

        init(_ files: StaticFileStore) {
            stylesheet = files.url(for: "/css/app.css")
            script = files.url(for: "/js/app.js")
            favicon = files.url(for: "/img/favicon.svg")
            touchIcon = files.url(for: "/img/apple-touch-icon.png")
            discreetIcon = files.url(for: "/img/notes.svg")
        }
    }

    init(context: RequestContext?, assets: Assets) {
        siteName = context?.scope.tenant.name ?? "Resett"
        logoPath = context?.scope.tenant.settings.logoSHA.map { Route.logo.path + "?v=" + $0.prefix(16) }
        signedIn = context?.scope.account != nil
        canModerate = context?.scope.account?.role.canModerate ?? false
        isAdmin = context?.scope.account?.role == .admin
        csrfToken = context?.csrfToken ?? ""
        stylesheet = assets.stylesheet
        let chosen = context?.scope.account?.theme ?? .system
        theme = chosen == .system ? nil : chosen.rawValue
        script = assets.script
        favicon = assets.favicon
        touchIcon = assets.touchIcon
        // Only a page that exists is remembered (help from an error page for an unknown path returns home).
        let here = context.flatMap { $0.route == nil ? nil : String($0.request.path) } ?? Route.home.path
        helpPath = here.hasPrefix(Route.help.path) || !ReturnPath.isSafe(here) ? Route.help.path : Route.help(.help, from: here)
        section = context?.route?.kind.section
        // Read in place: a tenant's settings or an account bound to a name here is copied whole, every field retained.
        exitURL = context?.scope.tenant.settings.exitButton == false || context?.scope.account?.exitButton == false ? nil
            : context?.scope.tenant.settings.exitURL.flatMap(ExitPage.validated) ?? ExitPage.standard
        discreet = context?.scope.account?.discreet ?? false
        discreetIcon = assets.discreetIcon
    }
}
