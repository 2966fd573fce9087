import HTTPServer

/// The route table: every URL the app answers, in one place.
enum Routes {
    static func make(_ environment: AppEnvironment) -> Router {
        var router = Router()
        func get(_ path: String, _ handler: @escaping @Sendable (RequestContext, AppEnvironment) throws -> Response) {
            router.get(path) { try handler($0, environment) }
        }
        func post(_ path: String, _ handler: @escaping @Sendable (RequestContext, AppEnvironment) throws -> Response) {
            router.post(path) { try handler($0, environment) }
        }
        get(Paths.home, ResetsHandler.home)
        get("/emotions/:emotion", ResetsHandler.list)
        get("/resets/:id", ResetsHandler.intro)
        post("/resets/:id/start", ResetsHandler.start)
        get("/runs/:run/steps/:step", RunHandler.step)
        post("/runs/:run/finish", RunHandler.finish)
        get("/runs/:run/mood", RunHandler.showMood)
        post("/runs/:run/mood", RunHandler.rate)
        get("/runs/:run/result", RunHandler.result)
        get(Paths.help, HelpHandler.show)
        get(Paths.helpNow, HelpHandler.now)
        get(Paths.helpTalk, HelpHandler.talk)
        get(Paths.helpBreathe, HelpHandler.breathe)
        get(Paths.helpGround, HelpHandler.ground)
        get(Paths.helpSafe, HelpHandler.safe)
        post("/messages/:id/seen", SafeguardingHandler.markSeen)
        get(Paths.brand, BrandHandler.stylesheet)
        get(Paths.logo, BrandHandler.logo)
        get(Paths.adminLogo, BrandHandler.logoPage)
        get(Paths.adminResets, ResetChoicesHandler.show)
        post("/admin/resets/:id/:action", ResetChoicesHandler.change)
        get(Paths.ownResetNew, OrganisationResetsHandler.new)
        post(Paths.ownResets, OrganisationResetsHandler.create)
        get("/admin/own-resets/:id", OrganisationResetsHandler.edit)
        post("/admin/own-resets/:id", OrganisationResetsHandler.update)
        post("/admin/own-resets/:id/:action", OrganisationResetsHandler.act)
        get("/admin/own-resets/:id/preview/:step", OrganisationResetsHandler.preview)
        post(Paths.adminLogo, BrandHandler.saveLogo)
        // GET /healthz is answered before tenant lookup (see ResettApp); listed here so other methods get 405.
        router.get(Paths.health) { _ in HealthHandler.check(environment) }
        router.get(Paths.ready) { _ in HealthHandler.ready(environment) }

        get(Paths.calendar, CalendarHandler.month)
        get(Paths.checkIn, CheckInHandler.show)
        post(Paths.checkIn, CheckInHandler.save)
        get(Paths.reflection, ReflectionHandler.show)
        get(Paths.insights, InsightsHandler.show)
        get(Paths.digest, DigestHandler.show)
        post(Paths.digestIntention, DigestHandler.saveIntention)
        post(Paths.digestEmail, DigestHandler.setEmail)
        get(Paths.accountReport, ReportHandler.show)
        post(Paths.reflection, ReflectionHandler.save)
        get("/calendar/year", CalendarHandler.year)
        get("/calendar/:day", CalendarHandler.day)
        get(Paths.accountExportCSV, CalendarHandler.exportCSV)
        get(Paths.accountCheckInsCSV, CheckInHandler.exportCSV)
        post(Paths.accountWeekStart, CalendarHandler.setWeekStart)
        post(Paths.calendarColours, CalendarHandler.setColours)
        get(Paths.community, CommunityHandler.feed)
        post(Paths.communityPosts, CommunityHandler.post)
        post("/community/posts/:id/delete", CommunityHandler.deleteOwn)
        post("/community/posts/:id/reactions", CommunityHandler.react)
        get("/community/posts/:id/report", CommunityHandler.showReport)
        post("/community/posts/:id/reports", CommunityHandler.report)
        get(Paths.moderation, ModerationHandler.queue)
        get("/admin/moderation/posts/:id", ModerationHandler.post)
        post("/admin/moderation/posts/:id/:action", ModerationHandler.act)
        post("/admin/moderation/restrictions/:id/lift", ModerationHandler.lift)
        get(Paths.audit, ModerationHandler.auditLog)
        get(Paths.auditCSV, ModerationHandler.auditCSV)
        get(Paths.crisisContacts, SafeguardingHandler.contacts)
        post(Paths.crisisContacts, SafeguardingHandler.addContact)
        post("/admin/crisis-contacts/:id/:action", SafeguardingHandler.changeContact)
        get(Paths.watchedWords, SafeguardingHandler.watchedWords)
        post(Paths.watchedWords, SafeguardingHandler.addWatchedWord)
        post("/admin/watched-words/:id/remove", SafeguardingHandler.removeWatchedWord)
        // Provisioning (SCIM 2.0): a bearer token, not a cookie, so no CSRF (see ResettApp); JSON answers, errors too.
        router.get(Paths.scim + "/ServiceProviderConfig") { SCIMHandler.serviceProviderConfig($0, environment) }
        router.get(Paths.scim + "/ResourceTypes") { SCIMHandler.resourceTypes($0, environment) }
        router.get(Paths.scim + "/Schemas") { SCIMHandler.schemas($0, environment) }
        router.get(Paths.scim + "/Users") { SCIMHandler.listUsers($0, environment) }
        router.post(Paths.scim + "/Users") { SCIMHandler.createUser($0, environment) }
        router.post(Paths.scim + "/Users/.search") { SCIMHandler.searchUsers($0, environment) }
        router.post(Paths.scim + "/.search") { SCIMHandler.searchEverything($0, environment) }
        router.get(Paths.scim + "/Users/:id") { SCIMHandler.getUser($0, environment) }
        router.put(Paths.scim + "/Users/:id") { SCIMHandler.replaceUser($0, environment) }
        router.patch(Paths.scim + "/Users/:id") { SCIMHandler.patchUser($0, environment) }
        router.delete(Paths.scim + "/Users/:id") { SCIMHandler.deleteUser($0, environment) }
        router.get(Paths.scim + "/ResourceTypes/:id") { SCIMHandler.resourceType($0, environment) }
        router.get(Paths.scim + "/Schemas/:id") { SCIMHandler.schema($0, environment) }
        get(Paths.joining, JoiningHandler.show)
        post(Paths.joining, JoiningHandler.savePolicy)
        post(Paths.joiningInvitations, JoiningHandler.createInvitation)
        post("/admin/joining/invitations/:id/withdraw", JoiningHandler.withdraw)
        post(Paths.provisioningTokens, JoiningHandler.createProvisioningToken)
        post("/admin/joining/scim-tokens/:id/revoke", JoiningHandler.revokeProvisioningToken)
        get(Paths.organisationInsights, OrganisationInsightsHandler.show)
        get(Paths.organisationInsightsCSV, OrganisationInsightsHandler.csv)
        post(Paths.groupSize, OrganisationInsightsHandler.setGroupSize)
        get(Paths.checkInTags, CheckInTagsHandler.show)
        post(Paths.checkInTags, CheckInTagsHandler.add)
        post("/admin/check-in-tags/:id/remove", CheckInTagsHandler.remove)
        get(Paths.members, AdminHandler.members)
        post("/admin/members/:id/role", AdminHandler.setRole)
        get(Paths.settings, AdminHandler.settings)
        post(Paths.settings, AdminHandler.saveSettings)
        post(Paths.topics, AdminHandler.saveTopics)
        get(Paths.paywall, SubscriptionHandler.paywall)
        get(Paths.subscription, SubscriptionHandler.show)
        post(Paths.subscriptionCheckout, SubscriptionHandler.checkout)
        get(Paths.subscriptionCancel, SubscriptionHandler.confirmCancel)
        post(Paths.subscriptionCancel, SubscriptionHandler.cancel)
        post(Paths.subscriptionResume, SubscriptionHandler.resume)
        get("/checkout/test/:id", SubscriptionHandler.showTestCheckout)
        post("/checkout/test/:id", SubscriptionHandler.payTestCheckout)
        post(Paths.paymentWebhooks, SubscriptionHandler.webhook)

        get(Paths.signUp, SignUpHandler.show)
        post(Paths.signUp, SignUpHandler.submit)
        get(Paths.logIn, LogInHandler.show)
        post(Paths.logIn, LogInHandler.submit)
        post(Paths.logOut, LogInHandler.logOut)
        get(Paths.signOnCallback, SingleSignOnHandler.callback)
        post("/login/sso/:provider", SingleSignOnHandler.start)
        get(Paths.adminSignOn, SingleSignOnSettingsHandler.show)
        post(Paths.adminSignOn, SingleSignOnSettingsHandler.save)
        post(Paths.adminSignOnRemove, SingleSignOnSettingsHandler.remove)
        get(Paths.logInLink, LogInHandler.showLink)
        post(Paths.logInLink, LogInHandler.useLink)
        get(Paths.signUpConfirm, SignUpHandler.showConfirm)
        post(Paths.signUpConfirm, SignUpHandler.confirm)
        get(Paths.passwordForgot, PasswordResetHandler.showForgot)
        post(Paths.passwordForgot, PasswordResetHandler.sendLink)
        get(Paths.passwordReset, PasswordResetHandler.showReset)
        post(Paths.passwordReset, PasswordResetHandler.reset)

        get(Paths.account, AccountHandler.show)
        get(Paths.accountProfile, AccountHandler.profile)
        get(Paths.accountSecurity, AccountHandler.security)
        get(Paths.accountAppearance, AccountHandler.appearance)
        get(Paths.accountData, AccountHandler.data)
        get(Paths.staff, AdminHandler.index)
        post(Paths.accountPassword, AccountHandler.changePassword)
        post(Paths.accountTimeZone, AccountHandler.changeTimeZone)
        post(Paths.accountEmail, AccountHandler.changeEmail)
        post(Paths.accountTheme, AccountHandler.changeTheme)
        get(Paths.accountExport, AccountHandler.export)
        post(Paths.accountDelete, AccountHandler.delete)
        get(Paths.accountSessions, SessionsHandler.show)
        post(Paths.accountSessionsSignOutOthers, SessionsHandler.signOutOthers)
        post("/account/sessions/:id/delete", SessionsHandler.signOut)
        return router
    }
}
