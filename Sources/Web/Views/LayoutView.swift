/// What the layouts (`Views/layouts/`) print around every compiled page: the outermost scope its template's names are
/// looked up in, after the page's own view model.
struct LayoutView {
    let siteName: String
    /// "Page – Site", "Error: Page – Site" on a form with problems, or the site's name alone.
    let pageTitle: String
    let stylesheet: String
    let script: String
    /// The mark: the favicon, and the header's logo when the organisation has none of its own.
    let favicon: String
    let touchIcon: String
    var signedIn: Bool
    let canModerate: Bool
    let isAdmin: Bool
    let csrf: String
    let helpPath: String
    /// "light" or "dark" when the person chose one; nil to follow the device.
    let theme: String?
    /// The organisation's logo, named by its fingerprint; nil without one.
    let logoPath: String?
    /// The navigation's part this page belongs to (`{{#current.you}}`).
    let current: CurrentSection
    /// A confirmation after a redirect (`Notice`).
    let notice: String?
    /// Posts waiting for the staff, shown in their tab.
    let moderationWaiting: String?

    /// For a component's template (one without a layout, compiled on its own and kept), which names nothing of the
    /// layout's.
    static let none = LayoutView()

    private init() {
        siteName = ""; pageTitle = ""; stylesheet = ""; script = ""; favicon = ""; touchIcon = ""; signedIn = false; canModerate = false
        isAdmin = false; csrf = ""; helpPath = ""; theme = nil; logoPath = nil; current = CurrentSection(nil); notice = nil
        moderationWaiting = nil
    }

    init(_ layout: LayoutContext, title: String?, notice: String?, moderationWaiting: String?) {
        siteName = layout.siteName
        pageTitle = title.map { "\($0) – \(layout.siteName)" } ?? layout.siteName
        stylesheet = layout.stylesheet
        script = layout.script
        favicon = layout.favicon
        touchIcon = layout.touchIcon
        signedIn = layout.signedIn
        canModerate = layout.canModerate
        isAdmin = layout.isAdmin
        csrf = layout.csrfToken
        helpPath = layout.helpPath
        theme = layout.theme
        logoPath = layout.logoPath
        current = CurrentSection(layout.section)
        self.notice = notice
        self.moderationWaiting = moderationWaiting
    }
}

/// Which tab of the navigation is the current page's, for its `aria-current`.
struct CurrentSection {
    let today: Bool
    let you: Bool
    let community: Bool
    let account: Bool
    let staff: Bool

    init(_ section: LayoutContext.Section?) {
        today = section == .today
        you = section == .you
        community = section == .community
        account = section == .account
        staff = section == .staff
    }
}
