import HTTPServer

extension Route {
    /// The route table: one row per case of `Route`, with everything the app decides before a handler runs. Each
    /// property is an exhaustive `switch`, so a new kind has no default to fall into.
    enum Kind: String, CaseIterable, Sendable {
        case home, emotion, reset, resetStart, runStep, runFinish, runMood, rateRun, runResult, help, helpNow,
             helpTalk, helpBreathe, helpGround, helpSafe, teamMessageSeen, brand, manifest, serviceWorker, offline, logo, adminLogo, saveAdminLogo,
             adminResets, adminReset, ownResetNew, ownResets, ownReset, updateOwnReset, ownResetAction,
             ownResetPreview, health, ready, metrics, calendar, calendarYear, calendarDay, calendarColours, checkIn,
             saveCheckIn, reflection, saveReflection, insights, you, digest, digestIntention, digestEmail, accountReport,
             accountExportCSV, accountCheckInsCSV, accountWeekStart, setbacks, setbackNew, logSetback, setbackTemplates,
             fillSetbackTemplate, setbackInsights, smallStep, setback, setbackEdit, updateSetback, setbackAction,
             accountSetbacksCSV, practices, practice, practiceStart, practiceSession, practiceStep, practiceDone, glimmers, keepGlimmer, glimmer, updateGlimmer, glimmerDelete, worries, writeWorry, saveWorryTime, worry, worryAction, actions, welcome, saveWelcome, accountPracticesCSV, accountGlimmersCSV, accountWorriesCSV,
             community, communityPosts, postDelete,
             postReactions, postReport, postReports, moderation, moderationPost, moderate, liftRestriction, audit,
             auditCSV, crisisContacts, addCrisisContact, crisisContact, watchedWords, addWatchedWord,
             watchedWordRemove, scimServiceProviderConfig, scimResourceTypes, scimSchemas, scimUsers, scimCreateUser,
             scimSearchUsers, scimSearch, scimUser, scimReplaceUser, scimPatchUser, scimDeleteUser, scimResourceType,
             scimSchema, joining, saveJoining, joiningInvitations, invitationRevoke, provisioningTokens,
             provisioningTokenRevoke, organisationInsights, organisationInsightsCSV, groupSize, checkInTags,
             addCheckInTag, checkInTagRemove, members, memberRole, approveFirstPasskey, settings, saveSettings, topics, paywall,
             subscription, subscriptionCheckout, subscriptionCancel, cancelSubscription, subscriptionResume,
             testCheckout, payTestCheckout, paymentWebhooks, signUp, submitSignUp, logIn, submitLogIn, logOut,
             signOnCallback, signOnConnect, useSignOnConnect, firstPasskey, submitFirstPasskey, signOnStart, adminSignOn, saveAdminSignOn, adminSignOnRemove, saveAdminSignOnSAML, samlMetadata, samlAssertion, logInLink, useLogInLink,
             signUpConfirm, confirmSignUp, passwordForgot, sendPasswordLink, passwordReset, resetPassword, account,
             accountProfile, accountSecurity, accountAppearance, accountData, staff, accountPassword,
             accountTimeZone, accountEmail, accountTheme, accountDiscretion, accountExport, accountDelete, accountSessions,
             accountSessionsSignOutOthers, accountSessionDelete, passkeyOptions, addPasskey, passkeyRemove, accountLock,
             passkeySignInOptions, passkeySignIn, unlock, submitUnlock, unlockPasskeyOptions, unlockWithPasskey,
             accountReminders, saveReminders, reminderOff, turnOffReminder, addReminderDevice, reminderDeviceRemove, testReminderDevices
    }
}

extension Route.Kind {
    /// The method the route answers; HEAD is answered by a GET route (the server drops the body).
    var method: String {
        switch self {
        case .home, .emotion, .reset, .runStep, .runMood, .runResult, .help, .helpNow, .helpTalk, .helpBreathe,
             .helpGround, .helpSafe, .brand, .manifest, .serviceWorker, .offline, .logo, .adminLogo, .adminResets, .ownResetNew, .ownReset,
             .ownResetPreview, .health, .ready, .metrics, .calendar, .calendarYear, .calendarDay, .checkIn,
             .reflection, .insights, .you, .digest, .accountReport, .accountExportCSV, .accountCheckInsCSV, .community,
             .setbacks, .setbackNew, .setbackTemplates, .setbackInsights, .setback, .setbackEdit, .accountSetbacksCSV,
             .practices, .practice, .practiceSession, .practiceStep, .glimmers, .glimmer, .worries, .worry, .actions, .welcome, .accountPracticesCSV, .accountGlimmersCSV, .accountWorriesCSV,
             .postReport, .moderation, .moderationPost, .audit, .auditCSV, .crisisContacts, .watchedWords,
             .scimServiceProviderConfig, .scimResourceTypes, .scimSchemas, .scimUsers, .scimUser, .scimResourceType,
             .scimSchema, .joining, .organisationInsights, .organisationInsightsCSV, .checkInTags, .members,
             .settings, .paywall, .subscription, .subscriptionCancel, .testCheckout, .signUp, .logIn,
             .signOnCallback, .signOnConnect, .firstPasskey, .adminSignOn, .samlMetadata, .logInLink, .signUpConfirm, .passwordForgot, .passwordReset, .account,
             .accountProfile, .accountSecurity, .accountAppearance, .accountData, .staff, .accountExport,
             .accountSessions, .unlock, .accountReminders, .reminderOff: "GET"
        case .resetStart, .runFinish, .rateRun, .teamMessageSeen, .saveAdminLogo, .adminReset, .ownResets,
             .updateOwnReset, .ownResetAction, .calendarColours, .saveCheckIn, .saveReflection, .digestIntention,
             .digestEmail, .accountWeekStart, .logSetback, .fillSetbackTemplate, .smallStep, .updateSetback, .setbackAction,
             .practiceStart, .practiceDone, .keepGlimmer, .updateGlimmer, .glimmerDelete, .writeWorry, .saveWorryTime, .worryAction, .saveWelcome,
             .communityPosts, .postDelete, .postReactions, .postReports, .moderate,
             .liftRestriction, .addCrisisContact, .crisisContact, .addWatchedWord, .watchedWordRemove,
             .scimCreateUser, .scimSearchUsers, .scimSearch, .saveJoining, .joiningInvitations, .invitationRevoke,
             .provisioningTokens, .provisioningTokenRevoke, .groupSize, .addCheckInTag, .checkInTagRemove,
             .memberRole, .approveFirstPasskey, .submitFirstPasskey, .saveSettings, .topics, .subscriptionCheckout, .cancelSubscription, .subscriptionResume,
             .payTestCheckout, .paymentWebhooks, .submitSignUp, .submitLogIn, .logOut, .signOnStart,
             .saveAdminSignOn, .adminSignOnRemove, .saveAdminSignOnSAML, .samlAssertion, .useLogInLink, .useSignOnConnect, .confirmSignUp, .sendPasswordLink, .resetPassword,
             .accountPassword, .accountTimeZone, .accountEmail, .accountTheme, .accountDiscretion, .accountDelete,
             .accountSessionsSignOutOthers, .accountSessionDelete, .passkeyOptions, .addPasskey, .passkeyRemove, .accountLock,
             .passkeySignInOptions, .passkeySignIn, .submitUnlock, .unlockPasskeyOptions, .unlockWithPasskey, .saveReminders,
             .turnOffReminder, .addReminderDevice, .reminderDeviceRemove, .testReminderDevices: "POST"
        case .scimReplaceUser: "PUT"
        case .scimPatchUser: "PATCH"
        case .scimDeleteUser: "DELETE"
        }
    }

    /// The path as a pattern (`/runs/:run/steps/:step`): how the route is matched, and its label in the metrics and logs.
    var pattern: String {
        switch self {
        case .home: "/"
        case .emotion: "/emotions/:emotion"
        case .reset: "/resets/:id"
        case .resetStart: "/resets/:id/start"
        case .runStep: "/runs/:run/steps/:step"
        case .runFinish: "/runs/:run/finish"
        case .runMood: "/runs/:run/mood"
        case .rateRun: "/runs/:run/mood"
        case .runResult: "/runs/:run/result"
        case .help: "/help"
        case .manifest: "/manifest.webmanifest"
        case .serviceWorker: "/sw.js"
        case .offline: "/offline"
        case .helpNow: "/help/now"
        case .helpTalk: "/help/talk"
        case .helpBreathe: "/help/breathe"
        case .helpGround: "/help/ground"
        case .helpSafe: "/help/safe"
        case .teamMessageSeen: "/messages/:id/seen"
        case .brand: "/brand.css"
        case .logo: "/brand/logo.png"
        case .adminLogo: "/admin/logo"
        case .saveAdminLogo: "/admin/logo"
        case .adminResets: "/admin/resets"
        case .adminReset: "/admin/resets/:id/:action"
        case .ownResetNew: "/admin/own-resets/new"
        case .ownResets: "/admin/own-resets"
        case .ownReset: "/admin/own-resets/:id"
        case .updateOwnReset: "/admin/own-resets/:id"
        case .ownResetAction: "/admin/own-resets/:id/:action"
        case .ownResetPreview: "/admin/own-resets/:id/preview/:step"
        case .health: "/healthz"
        case .ready: "/readyz"
        case .metrics: "/metrics"
        case .calendar: "/calendar"
        case .calendarYear: "/calendar/year"
        case .calendarDay: "/calendar/:day"
        case .calendarColours: "/calendar/colours"
        case .checkIn: "/check-in"
        case .saveCheckIn: "/check-in"
        case .reflection: "/reflection"
        case .saveReflection: "/reflection"
        case .insights: "/insights"
        case .you: "/you"
        case .digest: "/insights/week"
        case .digestIntention: "/insights/week/intention"
        case .digestEmail: "/insights/week/email"
        case .accountReport: "/account/report"
        case .accountExportCSV: "/account/export.csv"
        case .accountCheckInsCSV: "/account/check-ins.csv"
        case .accountWeekStart: "/account/week-start"
        case .setbacks: "/setbacks"
        case .setbackNew: "/setbacks/new"
        case .logSetback: "/setbacks"
        case .setbackTemplates: "/setbacks/templates"
        case .fillSetbackTemplate: "/setbacks/templates"
        case .setbackInsights: "/setbacks/insights"
        case .smallStep: "/setbacks/small-step/:action"
        case .setback: "/setbacks/:id"
        case .setbackEdit: "/setbacks/:id/edit"
        case .updateSetback: "/setbacks/:id"
        case .setbackAction: "/setbacks/:id/:action"
        case .accountSetbacksCSV: "/account/setbacks.csv"
        case .practices: "/practices"
        case .practice: "/practices/:slug"
        case .practiceStart: "/practices/:slug/start"
        case .practiceSession: "/practices/sessions/:id"
        case .practiceStep: "/practices/sessions/:id/steps/:step"
        case .practiceDone: "/practices/sessions/:id/done"
        case .glimmers: "/glimmers"
        case .keepGlimmer: "/glimmers"
        case .glimmer: "/glimmers/:id"
        case .updateGlimmer: "/glimmers/:id"
        case .glimmerDelete: "/glimmers/:id/delete"
        case .worries: "/worries"
        case .writeWorry: "/worries"
        case .saveWorryTime: "/worries/time"
        case .worry: "/worries/:id"
        case .worryAction: "/worries/:id/:action"
        case .actions: "/actions"
        case .welcome: "/welcome"
        case .saveWelcome: "/welcome"
        case .accountPracticesCSV: "/account/practices.csv"
        case .accountGlimmersCSV: "/account/glimmers.csv"
        case .accountWorriesCSV: "/account/worries.csv"
        case .community: "/community"
        case .communityPosts: "/community/posts"
        case .postDelete: "/community/posts/:id/delete"
        case .postReactions: "/community/posts/:id/reactions"
        case .postReport: "/community/posts/:id/report"
        case .postReports: "/community/posts/:id/reports"
        case .moderation: "/admin/moderation"
        case .moderationPost: "/admin/moderation/posts/:id"
        case .moderate: "/admin/moderation/posts/:id/:action"
        case .liftRestriction: "/admin/moderation/restrictions/:id/lift"
        case .audit: "/admin/audit"
        case .auditCSV: "/admin/audit.csv"
        case .crisisContacts: "/admin/crisis-contacts"
        case .addCrisisContact: "/admin/crisis-contacts"
        case .crisisContact: "/admin/crisis-contacts/:id/:action"
        case .watchedWords: "/admin/watched-words"
        case .addWatchedWord: "/admin/watched-words"
        case .watchedWordRemove: "/admin/watched-words/:id/remove"
        case .scimServiceProviderConfig: "/scim/v2/ServiceProviderConfig"
        case .scimResourceTypes: "/scim/v2/ResourceTypes"
        case .scimSchemas: "/scim/v2/Schemas"
        case .scimUsers: "/scim/v2/Users"
        case .scimCreateUser: "/scim/v2/Users"
        case .scimSearchUsers: "/scim/v2/Users/.search"
        case .scimSearch: "/scim/v2/.search"
        case .scimUser: "/scim/v2/Users/:id"
        case .scimReplaceUser: "/scim/v2/Users/:id"
        case .scimPatchUser: "/scim/v2/Users/:id"
        case .scimDeleteUser: "/scim/v2/Users/:id"
        case .scimResourceType: "/scim/v2/ResourceTypes/:id"
        case .scimSchema: "/scim/v2/Schemas/:id"
        case .joining: "/admin/joining"
        case .saveJoining: "/admin/joining"
        case .joiningInvitations: "/admin/joining/invitations"
        case .invitationRevoke: "/admin/joining/invitations/:id/withdraw"
        case .provisioningTokens: "/admin/joining/scim-tokens"
        case .provisioningTokenRevoke: "/admin/joining/scim-tokens/:id/revoke"
        case .organisationInsights: "/admin/insights"
        case .organisationInsightsCSV: "/admin/insights.csv"
        case .groupSize: "/admin/insights/group-size"
        case .checkInTags: "/admin/check-in-tags"
        case .addCheckInTag: "/admin/check-in-tags"
        case .checkInTagRemove: "/admin/check-in-tags/:id/remove"
        case .members: "/admin/members"
        case .memberRole: "/admin/members/:id/role"
        case .approveFirstPasskey: "/admin/members/:id/first-passkey"
        case .firstPasskey, .submitFirstPasskey: "/account/passkeys/first"
        case .settings: "/admin/settings"
        case .saveSettings: "/admin/settings"
        case .topics: "/admin/topics"
        case .paywall: "/paywall"
        case .subscription: "/account/subscription"
        case .subscriptionCheckout: "/account/subscription/checkout"
        case .subscriptionCancel: "/account/subscription/cancel"
        case .cancelSubscription: "/account/subscription/cancel"
        case .subscriptionResume: "/account/subscription/resume"
        case .testCheckout: "/checkout/test/:id"
        case .payTestCheckout: "/checkout/test/:id"
        case .paymentWebhooks: "/webhooks/payments"
        case .signUp: "/signup"
        case .submitSignUp: "/signup"
        case .logIn: "/login"
        case .submitLogIn: "/login"
        case .logOut: "/logout"
        case .signOnCallback: "/login/sso/callback"
        case .signOnConnect, .useSignOnConnect: "/login/sso/connect"
        case .signOnStart: "/login/sso/:provider"
        case .adminSignOn: "/admin/single-sign-on"
        case .saveAdminSignOn: "/admin/single-sign-on"
        case .adminSignOnRemove: "/admin/single-sign-on/remove"
        case .saveAdminSignOnSAML: "/admin/single-sign-on/saml"
        case .samlMetadata: "/sso/saml/metadata"
        case .samlAssertion: "/sso/saml/acs"
        case .logInLink: "/login/link"
        case .useLogInLink: "/login/link"
        case .signUpConfirm: "/signup/confirm"
        case .confirmSignUp: "/signup/confirm"
        case .passwordForgot: "/password/forgot"
        case .sendPasswordLink: "/password/forgot"
        case .passwordReset: "/password/reset"
        case .resetPassword: "/password/reset"
        case .account: "/account"
        case .accountProfile: "/account/profile"
        case .accountSecurity: "/account/security"
        case .accountAppearance: "/account/appearance"
        case .accountData: "/account/data"
        case .staff: "/admin"
        case .accountPassword: "/account/password"
        case .accountTimeZone: "/account/time-zone"
        case .accountEmail: "/account/email"
        case .accountTheme: "/account/theme"
        case .accountDiscretion: "/account/discretion"
        case .accountExport: "/account/export.json"
        case .accountDelete: "/account/delete"
        case .accountSessions: "/account/sessions"
        case .accountSessionsSignOutOthers: "/account/sessions/others/delete"
        case .accountSessionDelete: "/account/sessions/:id/delete"
        case .passkeyOptions: "/account/passkeys/options"
        case .addPasskey: "/account/passkeys"
        case .passkeyRemove: "/account/passkeys/:id/remove"
        case .accountLock: "/account/lock"
        case .passkeySignInOptions: "/login/passkey/options"
        case .passkeySignIn: "/login/passkey"
        case .unlock: "/unlock"
        case .submitUnlock: "/unlock"
        case .unlockPasskeyOptions: "/unlock/passkey/options"
        case .unlockWithPasskey: "/unlock/passkey"
        case .accountReminders: "/account/reminders"
        case .saveReminders: "/account/reminders"
        case .reminderOff: "/reminders/off"
        case .turnOffReminder: "/reminders/off"
        case .addReminderDevice: "/account/reminders/devices"
        case .reminderDeviceRemove: "/account/reminders/devices/:id/remove"
        case .testReminderDevices: "/account/reminders/devices/test"
        }
    }

    /// Who may use the route; `Access.admit` checks it before the handler runs.
    var access: Access {
        switch self {
        case .home, .emotion, .reset, .resetStart, .help, .helpNow, .helpTalk, .helpBreathe, .helpGround, .helpSafe,
             .brand, .manifest, .serviceWorker, .offline, .logo, .paywall, .signUp, .submitSignUp, .logIn, .submitLogIn, .logOut, .signOnCallback, .signOnConnect, .useSignOnConnect,
             .signOnStart, .samlMetadata, .logInLink, .useLogInLink, .signUpConfirm, .confirmSignUp, .passwordForgot,
             .sendPasswordLink, .passwordReset, .resetPassword, .passkeySignInOptions, .passkeySignIn, .reminderOff: .anyone
        case .turnOffReminder, .samlAssertion: .signedLink
        case .runStep, .runFinish, .runMood, .rateRun, .runResult, .teamMessageSeen, .calendarColours,
             .accountWeekStart, .community, .communityPosts, .postDelete, .postReactions, .postReport, .postReports,
             .practices, .practice, .practiceStart, .practiceSession, .practiceStep, .practiceDone, .welcome, .saveWelcome,
             .subscription, .subscriptionCheckout, .subscriptionCancel, .cancelSubscription, .subscriptionResume,
             .testCheckout, .payTestCheckout, .account, .accountProfile, .accountAppearance,
             .accountData, .accountTimeZone, .accountEmail, .accountTheme, .accountDiscretion,
             .accountDelete, .unlock, .submitUnlock, .unlockPasskeyOptions, .unlockWithPasskey, .accountReminders,
             .saveReminders, .addReminderDevice, .reminderDeviceRemove, .testReminderDevices: .member
        // The ways into the account: never from a locked session.
        case .accountSecurity, .accountPassword, .firstPasskey, .submitFirstPasskey, .accountSessions, .accountSessionsSignOutOthers, .accountSessionDelete, .passkeyOptions, .addPasskey,
             .passkeyRemove, .accountLock: .credentials
        // What a person wrote about themselves, and what it shows: behind the app lock when they have one.
        case .calendar, .calendarYear, .calendarDay, .checkIn, .saveCheckIn, .reflection, .saveReflection, .insights, .you,
             .digest, .digestIntention, .digestEmail, .accountReport, .accountExportCSV, .accountCheckInsCSV,
             .setbacks, .setbackNew, .logSetback, .setbackTemplates, .fillSetbackTemplate, .setbackInsights, .smallStep,
             .setback, .setbackEdit, .updateSetback, .setbackAction, .accountSetbacksCSV,
             .glimmers, .keepGlimmer, .glimmer, .updateGlimmer, .glimmerDelete, .worries, .writeWorry, .saveWorryTime, .worry,
             .worryAction, .actions, .accountPracticesCSV, .accountGlimmersCSV, .accountWorriesCSV, .accountExport: .privateMember
        case .adminLogo, .saveAdminLogo, .adminResets, .adminReset, .ownResetNew, .ownResets, .ownReset,
             .updateOwnReset, .ownResetAction, .ownResetPreview, .crisisContacts, .addCrisisContact, .crisisContact,
             .watchedWords, .addWatchedWord, .watchedWordRemove, .joining, .saveJoining, .joiningInvitations,
             .invitationRevoke, .provisioningTokens, .provisioningTokenRevoke, .organisationInsights,
             .organisationInsightsCSV, .groupSize, .checkInTags, .addCheckInTag, .checkInTagRemove, .members,
             .memberRole, .approveFirstPasskey, .settings, .saveSettings, .topics, .adminSignOn, .saveAdminSignOn,
             .adminSignOnRemove, .saveAdminSignOnSAML: .admin
        case .health, .ready, .metrics: .operator
        case .moderation, .moderationPost, .moderate, .liftRestriction, .audit, .auditCSV, .staff: .moderator
        case .scimServiceProviderConfig, .scimResourceTypes, .scimSchemas, .scimUsers, .scimCreateUser,
             .scimSearchUsers, .scimSearch, .scimUser, .scimReplaceUser, .scimPatchUser, .scimDeleteUser,
             .scimResourceType, .scimSchema: .provisioningToken
        case .paymentWebhooks: .paymentSignature
        }
    }

    /// Where the server answers it. Anything that may wait for a password hash or on an identity provider waits on
    /// the waiting pool, never on a page worker, so a morning's log-ins or a provider that hangs cannot slow anyone's
    /// pages; the health checks must answer while every worker is busy, or a load balancer would take a slow node for
    /// a dead one. (Static files never reach the table: they are answered on the event loop.)
    var placement: ResponsePlacement {
        switch self {
        case .home, .emotion, .reset, .resetStart, .runStep, .runFinish, .runMood, .rateRun, .runResult, .help,
             .helpNow, .helpTalk, .helpBreathe, .helpGround, .helpSafe, .teamMessageSeen, .brand, .manifest, .serviceWorker, .offline, .logo, .adminLogo,
             .saveAdminLogo, .adminResets, .adminReset, .ownResetNew, .ownResets, .ownReset, .updateOwnReset,
             .ownResetAction, .ownResetPreview, .metrics, .calendar, .calendarYear, .calendarDay, .calendarColours,
             .checkIn, .saveCheckIn, .reflection, .saveReflection, .insights, .you, .digest, .digestIntention,
             .digestEmail, .accountReport, .accountExportCSV, .accountCheckInsCSV, .accountWeekStart, .setbacks,
             .setbackNew, .logSetback, .setbackTemplates, .fillSetbackTemplate, .setbackInsights, .smallStep, .setback,
             .setbackEdit, .updateSetback, .setbackAction, .accountSetbacksCSV,
             .practices, .practice, .practiceStart, .practiceSession, .practiceStep, .practiceDone, .glimmers, .keepGlimmer, .glimmer, .updateGlimmer, .glimmerDelete, .worries, .writeWorry, .saveWorryTime, .worry, .worryAction, .actions, .welcome, .saveWelcome, .accountPracticesCSV, .accountGlimmersCSV, .accountWorriesCSV, .community,
             .communityPosts, .postDelete, .postReactions, .postReport, .postReports, .moderation, .moderationPost,
             .moderate, .liftRestriction, .audit, .auditCSV, .crisisContacts, .addCrisisContact, .crisisContact,
             .watchedWords, .addWatchedWord, .watchedWordRemove, .scimServiceProviderConfig, .scimResourceTypes,
             .scimSchemas, .scimUsers, .scimCreateUser, .scimSearchUsers, .scimSearch, .scimUser, .scimReplaceUser,
             .scimPatchUser, .scimDeleteUser, .scimResourceType, .scimSchema, .joining, .saveJoining,
             .joiningInvitations, .invitationRevoke, .provisioningTokens, .provisioningTokenRevoke,
             .organisationInsights, .organisationInsightsCSV, .groupSize, .checkInTags, .addCheckInTag,
             .checkInTagRemove, .members, .memberRole, .approveFirstPasskey, .firstPasskey, .submitFirstPasskey, .settings, .saveSettings, .topics, .paywall, .subscription,
             .subscriptionCheckout, .subscriptionCancel, .cancelSubscription, .subscriptionResume, .testCheckout,
             .payTestCheckout, .paymentWebhooks, .signUp, .logIn, .logOut, .adminSignOn, .adminSignOnRemove, .samlMetadata, .samlAssertion,
             .logInLink, .useLogInLink, .signOnConnect, .signUpConfirm, .confirmSignUp, .passwordForgot, .sendPasswordLink,
             .passwordReset, .account, .accountProfile, .accountSecurity, .accountAppearance, .accountData, .staff,
             .accountTimeZone, .accountTheme, .accountDiscretion, .accountExport, .accountSessions, .accountSessionsSignOutOthers,
             .accountSessionDelete, .passkeyOptions, .addPasskey, .passkeyRemove, .accountLock, .passkeySignInOptions,
             .passkeySignIn, .unlock, .unlockPasskeyOptions, .unlockWithPasskey, .accountReminders, .saveReminders, .reminderOff,
             .turnOffReminder, .addReminderDevice, .reminderDeviceRemove, .testReminderDevices: .workerPool
        case .health, .ready: .priority
        case .submitSignUp, .submitLogIn, .signOnCallback, .useSignOnConnect, .signOnStart, .saveAdminSignOn, .saveAdminSignOnSAML, .resetPassword,
             .accountPassword, .accountEmail, .accountDelete, .submitUnlock: .waiting
        }
    }

    /// The part of the navigation the page belongs to, for its current-page mark.
    var section: LayoutContext.Section? {
        switch self {
        case .home, .emotion, .reset, .resetStart, .runStep, .runFinish, .runMood, .rateRun, .runResult,
             .practices, .practice, .practiceStart, .practiceSession, .practiceStep, .practiceDone: .today
        case .help, .helpNow, .helpTalk, .helpBreathe, .helpGround, .helpSafe, .teamMessageSeen, .brand, .manifest, .serviceWorker,
             .offline, .logo,
             .health, .ready, .metrics, .scimServiceProviderConfig, .scimResourceTypes, .scimSchemas,
             .scimUsers, .scimCreateUser, .scimSearchUsers, .scimSearch, .scimUser, .scimReplaceUser, .scimPatchUser,
             .scimDeleteUser, .scimResourceType, .scimSchema, .paymentWebhooks, .signUp, .submitSignUp, .logIn,
             .submitLogIn, .logOut, .signOnCallback, .signOnConnect, .useSignOnConnect, .signOnStart, .samlMetadata, .samlAssertion, .logInLink, .useLogInLink, .signUpConfirm,
             .confirmSignUp, .passwordForgot, .sendPasswordLink, .passwordReset, .resetPassword, .passkeySignInOptions,
             .passkeySignIn, .unlock, .submitUnlock, .unlockPasskeyOptions, .unlockWithPasskey, .reminderOff, .turnOffReminder: nil
        case .adminLogo, .saveAdminLogo, .adminResets, .adminReset, .ownResetNew, .ownResets, .ownReset,
             .updateOwnReset, .ownResetAction, .ownResetPreview, .moderation, .moderationPost, .moderate,
             .liftRestriction, .audit, .auditCSV, .crisisContacts, .addCrisisContact, .crisisContact, .watchedWords,
             .addWatchedWord, .watchedWordRemove, .joining, .saveJoining, .joiningInvitations, .invitationRevoke,
             .provisioningTokens, .provisioningTokenRevoke, .organisationInsights, .organisationInsightsCSV,
             .groupSize, .checkInTags, .addCheckInTag, .checkInTagRemove, .members, .memberRole, .approveFirstPasskey, .settings,
             .saveSettings, .topics, .adminSignOn, .saveAdminSignOn, .adminSignOnRemove, .saveAdminSignOnSAML, .staff: .staff
        case .calendar, .calendarYear, .calendarDay, .calendarColours, .checkIn, .saveCheckIn, .reflection, .saveReflection,
             .insights, .you, .digest, .digestIntention, .digestEmail, .setbacks, .setbackNew, .logSetback, .setbackTemplates,
             .fillSetbackTemplate, .setbackInsights, .smallStep, .setback, .setbackEdit, .updateSetback, .setbackAction,
             .glimmers, .keepGlimmer, .glimmer, .updateGlimmer, .glimmerDelete, .worries, .writeWorry, .saveWorryTime, .worry, .worryAction, .actions: .you
        case .accountReport, .accountExportCSV, .accountCheckInsCSV, .accountSetbacksCSV, .accountWeekStart, .paywall, .subscription,
             .welcome, .saveWelcome, .accountPracticesCSV, .accountGlimmersCSV, .accountWorriesCSV,
             .subscriptionCheckout, .subscriptionCancel, .cancelSubscription, .subscriptionResume, .testCheckout,
             .payTestCheckout, .account, .accountProfile, .accountSecurity, .firstPasskey, .submitFirstPasskey, .accountAppearance, .accountData,
             .accountPassword, .accountTimeZone, .accountEmail, .accountTheme, .accountDiscretion, .accountExport, .accountDelete,
             .accountSessions, .accountSessionsSignOutOthers, .accountSessionDelete, .passkeyOptions, .addPasskey, .passkeyRemove,
             .accountLock, .accountReminders, .saveReminders, .addReminderDevice, .reminderDeviceRemove, .testReminderDevices: .account
        case .community, .communityPosts, .postDelete, .postReactions, .postReport, .postReports: .community
        }
    }
}
