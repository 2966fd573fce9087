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
            "favicon": layout.favicon, "touchIcon": layout.touchIcon, "signedIn": layout.signedIn, "canModerate": layout.canModerate, "isAdmin": layout.isAdmin,
            "csrf": layout.csrf, "helpPath": layout.helpPath, "tabIcon": layout.tabIcon, "discreet": layout.discreet,
            "current": ["today": layout.current.today, "you": layout.current.you, "community": layout.current.community,
                        "account": layout.current.account, "staff": layout.current.staff],
        ]
        // What templates name as `{{layout.name}}`, the layout's whatever the scopes between have.
        values["layout"] = ["discreet": layout.discreet]
        if let theme = layout.theme { values["theme"] = theme }
        if let logo = layout.logoPath { values["logoPath"] = logo }
        if let notice = layout.notice { values["notice"] = notice }
        if let waiting = layout.moderationWaiting { values["moderationWaiting"] = waiting }
        if let exit = layout.exitURL { values["exitURL"] = exit }
        return values
    }

    /// The links templates name as `{{paths.name}}`, as `Route.forTemplates.path` listed them.
    static let paths: [String: String] = [
        "home": Route.home.path, "help": Route.help.path, "helpNow": Route.helpNow.path, "checkIn": Route.checkIn.path, "you": Route.you.path, "calendarColours": Route.calendarColours.path, "reflection": Route.reflection.path, "insights": Route.insights.path, "accountReport": Route.accountReport.path, "digest": Route.digest.path, "digestIntention": Route.digestIntention.path, "digestEmail": Route.digestEmail.path, "brand": Route.brand.path, "adminLogo": Route.adminLogo.path, "adminResets": Route.adminResets.path, "ownResets": Route.ownResets.path, "ownResetNew": Route.ownResetNew.path, "accountTheme": Route.accountTheme.path, "signUp": Route.signUp.path, "logIn": Route.logIn.path, "addReminderDevice": Route.addReminderDevice.path, "testReminderDevices": Route.testReminderDevices.path, "adminSignOn": Route.adminSignOn.path, "adminSignOnRemove": Route.adminSignOnRemove.path, "logOut": Route.logOut.path, "account": Route.account.path,
        "accountProfile": Route.accountProfile.path, "accountSecurity": Route.accountSecurity.path, "accountAppearance": Route.accountAppearance.path,
        "accountData": Route.accountData.path, "staff": Route.staff.path,
        "accountPassword": Route.accountPassword.path, "accountTimeZone": Route.accountTimeZone.path, "accountEmail": Route.accountEmail.path, "accountExport": Route.accountExport.path,
        "accountDelete": Route.accountDelete.path, "accountSessions": Route.accountSessions.path,
        "accountSessionsSignOutOthers": Route.accountSessionsSignOutOthers.path, "passwordForgot": Route.passwordForgot.path,
        "passwordReset": Route.passwordReset.path, "submitFirstPasskey": Route.submitFirstPasskey.path, "paywall": Route.paywall.path, "calendar": Route.calendar.path, "accountExportCSV": Route.accountExportCSV.path, "accountCheckInsCSV": Route.accountCheckInsCSV.path, "accountSetbacksCSV": Route.accountSetbacksCSV.path, "setbacks": Route.setbacks.path, "setbackNew": Route.setbackNew.path, "setbackTemplates": Route.setbackTemplates.path, "fillSetbackTemplate": Route.fillSetbackTemplate.path, "setbackInsights": Route.setbackInsights.path, "practices": Route.practices.path, "manifest": Route.manifest.path, "accountDiscretion": Route.accountDiscretion.path, "glimmers": Route.glimmers.path, "keepGlimmer": Route.keepGlimmer.path, "worries": Route.worries.path, "writeWorry": Route.writeWorry.path, "saveWorryTime": Route.saveWorryTime.path, "actions": Route.actions.path, "welcome": Route.welcome.path, "saveWelcome": Route.saveWelcome.path, "accountPracticesCSV": Route.accountPracticesCSV.path, "accountGlimmersCSV": Route.accountGlimmersCSV.path, "accountWorriesCSV": Route.accountWorriesCSV.path,
        "accountWeekStart": Route.accountWeekStart.path, "community": Route.community.path,
        "communityPosts": Route.communityPosts.path, "moderation": Route.moderation.path, "audit": Route.audit.path, "auditCSV": Route.auditCSV.path,
        "crisisContacts": Route.crisisContacts.path, "watchedWords": Route.watchedWords.path, "checkInTags": Route.checkInTags.path, "organisationInsights": Route.organisationInsights.path, "joining": Route.joining.path, "provisioningTokens": Route.provisioningTokens.path, "joiningInvitations": Route.joiningInvitations.path, "organisationInsightsCSV": Route.organisationInsightsCSV.path, "groupSize": Route.groupSize.path, "helpBreathe": Route.helpBreathe.path, "helpTalk": Route.helpTalk.path, "members": Route.members.path, "settings": Route.settings.path, "topics": Route.topics.path, "subscription": Route.subscription.path,
        "subscriptionCheckout": Route.subscriptionCheckout.path, "subscriptionCancel": Route.subscriptionCancel.path,
        "subscriptionResume": Route.subscriptionResume.path,
        "passkeyOptions": Route.passkeyOptions.path, "addPasskey": Route.addPasskey.path, "accountLock": Route.accountLock.path,
        "passkeySignIn": Route.passkeySignIn.path, "passkeySignInOptions": Route.passkeySignInOptions.path,
        "unlockWithPasskey": Route.unlockWithPasskey.path, "unlockPasskeyOptions": Route.unlockPasskeyOptions.path, "submitUnlock": Route.submitUnlock.path,
        "accountReminders": Route.accountReminders.path, "saveReminders": Route.saveReminders.path,
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
