import Foundation
import Mustache
@testable import Web

extension HTMLEscaper: MustacheContentType {}

/// swift-mustache over the real `Views/`, with our escaper: the reference the compiled views are compared with
/// (`CompiledViewTests`). Values go in as dictionaries, as the handlers gave them before the views were compiled.
struct ReferenceRenderer {
    private let library: MustacheLibrary

    static let views = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Views").path

    /// `replacing` gives some templates (by file, `resets/list.mustache`) the text they had before.
    init(replacing: [String: String] = [:]) throws {
        MustacheContentTypes.register(HTMLEscaper(), named: "RESETT_HTML")
        var templates: [String: MustacheTemplate] = [:]
        let enumerator = FileManager.default.enumerator(atPath: Self.views)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".mustache") else { continue }
            let text = try replacing[relative] ?? String(contentsOfFile: Self.views + "/" + relative, encoding: .utf8)
            templates[Self.name(relative)] = try MustacheTemplate(string: "{{%CONTENT_TYPE:RESETT_HTML}}" + text)
        }
        library = MustacheLibrary(templates: templates)
    }

    static func name(_ path: String) -> String {
        String(path.hasSuffix(".mustache") ? path.dropLast(".mustache".count) : path[...]).replacingOccurrences(of: "/", with: ".")
    }

    /// The template at `path` (`partials/mood-choices`) with `values`, and the site's links and icons.
    func render(_ path: String, _ values: [String: Any]) -> String? {
        // Markup made in Swift went in as it was.
        var values = values.mapValues { ($0 as? HTMLFragment)?.text ?? $0 }
        values["paths"] = Self.paths
        values["icons"] = Dictionary(uniqueKeysWithValues: Icon.allCases.map { ($0.rawValue, $0.svg) })
        return library.render(values, withTemplate: Self.name(path))
    }

    /// The layout's values as the pages had them.
    static func values(_ layout: LayoutView) -> [String: Any] {
        var values: [String: Any] = [
            "siteName": layout.siteName, "pageTitle": layout.pageTitle, "stylesheet": layout.stylesheet, "script": layout.script,
            "favicon": layout.favicon, "signedIn": layout.signedIn, "canModerate": layout.canModerate, "isAdmin": layout.isAdmin,
            "csrf": layout.csrf, "helpPath": layout.helpPath,
            "current": ["resets": layout.current.resets, "calendar": layout.current.calendar, "community": layout.current.community,
                        "account": layout.current.account, "staff": layout.current.staff],
        ]
        if let theme = layout.theme { values["theme"] = theme }
        if let logo = layout.logoPath { values["logoPath"] = logo }
        if let notice = layout.notice { values["notice"] = notice }
        if let waiting = layout.moderationWaiting { values["moderationWaiting"] = waiting }
        return values
    }

    /// The links templates name as `{{paths.name}}`, as `Paths.forTemplates` listed them.
    static let paths: [String: String] = [
        "home": Paths.home, "help": Paths.help, "helpNow": Paths.helpNow, "checkIn": Paths.checkIn, "calendarColours": Paths.calendarColours, "reflection": Paths.reflection, "insights": Paths.insights, "accountReport": Paths.accountReport, "digest": Paths.digest, "digestIntention": Paths.digestIntention, "digestEmail": Paths.digestEmail, "brand": Paths.brand, "adminLogo": Paths.adminLogo, "adminResets": Paths.adminResets, "ownResets": Paths.ownResets, "ownResetNew": Paths.ownResetNew, "accountTheme": Paths.accountTheme, "signUp": Paths.signUp, "logIn": Paths.logIn, "adminSignOn": Paths.adminSignOn, "adminSignOnRemove": Paths.adminSignOnRemove, "logOut": Paths.logOut, "account": Paths.account,
        "accountProfile": Paths.accountProfile, "accountSecurity": Paths.accountSecurity, "accountAppearance": Paths.accountAppearance,
        "accountData": Paths.accountData, "staff": Paths.staff,
        "accountPassword": Paths.accountPassword, "accountTimeZone": Paths.accountTimeZone, "accountEmail": Paths.accountEmail, "accountExport": Paths.accountExport,
        "accountDelete": Paths.accountDelete, "accountSessions": Paths.accountSessions,
        "accountSessionsSignOutOthers": Paths.accountSessionsSignOutOthers, "passwordForgot": Paths.passwordForgot,
        "passwordReset": Paths.passwordReset, "paywall": Paths.paywall, "calendar": Paths.calendar, "accountExportCSV": Paths.accountExportCSV, "accountCheckInsCSV": Paths.accountCheckInsCSV,
        "accountWeekStart": Paths.accountWeekStart, "community": Paths.community,
        "communityPosts": Paths.communityPosts, "moderation": Paths.moderation, "audit": Paths.audit, "auditCSV": Paths.auditCSV,
        "crisisContacts": Paths.crisisContacts, "watchedWords": Paths.watchedWords, "checkInTags": Paths.checkInTags, "organisationInsights": Paths.organisationInsights, "joining": Paths.joining, "provisioningTokens": Paths.provisioningTokens, "joiningInvitations": Paths.joiningInvitations, "organisationInsightsCSV": Paths.organisationInsightsCSV, "groupSize": Paths.groupSize, "helpBreathe": Paths.helpBreathe, "helpTalk": Paths.helpTalk, "members": Paths.members, "settings": Paths.settings, "topics": Paths.topics, "subscription": Paths.subscription,
        "subscriptionCheckout": Paths.subscriptionCheckout, "subscriptionCancel": Paths.subscriptionCancel,
        "subscriptionResume": Paths.subscriptionResume,
    ]
}

extension FormErrors {
    /// The values the pages' forms had before the views were compiled: `errors` (the summary list), `hasErrors` and
    /// `error_<field>` for each field.
    var templateValues: [String: Any] {
        var values: [String: Any] = [
            "hasErrors": !items.isEmpty,
            "errors": items.map { ["field": $0.field, "message": $0.message] },
        ]
        for item in items where values["error_" + item.field] == nil { values["error_" + item.field] = item.message }
        return values
    }
}
