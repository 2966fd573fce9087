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
    /// Where "Exit this page" goes; nil when it is turned off.
    let exitURL: String?
    /// Discreet mode (`{{#discreet}}`): the member's words go in a `<details>` that script blurs until shown.
    let discreet: Bool
    /// The tab's icon: the mark, or a plain one in discreet mode.
    let tabIcon: String

    /// For a component's template (one without a layout, compiled on its own and kept), which names nothing of the
    /// layout's.
    static let none = LayoutView()

    /// For a component with forms (a page of the feed's posts): the session's form token, which the templates always
    /// take from the layout, and nothing else of it.
    static func forms(csrf: String) -> LayoutView { LayoutView(csrf: csrf) }

    private init(csrf: String = "") {
        siteName = ""; pageTitle = ""; stylesheet = ""; script = ""; favicon = ""; touchIcon = ""; signedIn = false; canModerate = false
        isAdmin = false; self.csrf = csrf; helpPath = ""; theme = nil; logoPath = nil; current = CurrentSection(nil); notice = nil
        moderationWaiting = nil; exitURL = nil; discreet = false; tabIcon = ""
    }

    init(_ layout: LayoutContext, title: String?, notice: String?, moderationWaiting: String?) {
        siteName = layout.siteName
        // Discreet mode names no product, feeling, help, reset or check-in in the tab: every page is "Notes".
        pageTitle = layout.discreet ? "Notes" : title.map { "\($0) – \(layout.siteName)" } ?? layout.siteName
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
        exitURL = layout.exitURL
        discreet = layout.discreet
        tabIcon = layout.discreet ? layout.discreetIcon : layout.favicon
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
