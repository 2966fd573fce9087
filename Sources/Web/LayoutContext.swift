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

    init(context: RequestContext?, staticFiles: StaticFileStore) {
        siteName = context?.scope.tenant.name ?? "Resett"
        logoPath = context?.scope.tenant.settings.logoSHA.map { Route.logo.path + "?v=" + $0.prefix(16) }
        signedIn = context?.scope.account != nil
        canModerate = context?.scope.account?.role.canModerate ?? false
        isAdmin = context?.scope.account?.role == .admin
        csrfToken = context?.csrfToken ?? ""
        stylesheet = staticFiles.url(for: "/css/app.css")
        let chosen = context?.scope.account?.theme ?? .system
        theme = chosen == .system ? nil : chosen.rawValue
        script = staticFiles.url(for: "/js/app.js")
        favicon = staticFiles.url(for: "/img/favicon.svg")
        touchIcon = staticFiles.url(for: "/img/apple-touch-icon.png")
        // Only a page that exists is remembered (help from an error page for an unknown path returns home).
        let here = context.flatMap { $0.route == nil ? nil : String($0.request.path) } ?? Route.home.path
        helpPath = here.hasPrefix(Route.help.path) || !ReturnPath.isSafe(here) ? Route.help.path : Route.help(.help, from: here)
        section = context?.route?.kind.section
        let settings = context?.scope.tenant.settings
        let account = context?.scope.account
        exitURL = settings?.exitButton == false || account?.exitButton == false ? nil
            : settings?.exitURL.flatMap(ExitPage.validated) ?? ExitPage.standard
        discreet = account?.discreet ?? false
        discreetIcon = staticFiles.url(for: "/img/notes.svg")
    }
}
