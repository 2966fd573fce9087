@testable import Web
import Domain

/// One value of every kind of route, for the tests generated from the table: a new kind does not compile until it has one.
extension Route {
    /// `id` for the kinds that take a row's id (32 hex characters); other values are fixed, a text one with a space
    /// and a slash in it, which must stay inside its segment.
    static func sample(_ kind: Kind, id: String = "0123456789abcdef0123456789abcdef") -> Route {
        switch kind {
        case .home: .home
        case .emotion: .emotion("a b/c")
        case .reset: .reset("a b/c")
        case .resetStart: .resetStart("a b/c")
        case .runStep: .runStep(RunID(stored: id), 2)
        case .runFinish: .runFinish(RunID(stored: id))
        case .runMood: .runMood(RunID(stored: id))
        case .rateRun: .rateRun(RunID(stored: id))
        case .runResult: .runResult(RunID(stored: id))
        case .help: .help
        case .helpNow: .helpNow
        case .helpTalk: .helpTalk
        case .helpBreathe: .helpBreathe
        case .helpGround: .helpGround
        case .helpSafe: .helpSafe
        case .teamMessageSeen: .teamMessageSeen(TeamMessageID(stored: id))
        case .brand: .brand
        case .manifest: .manifest
        case .serviceWorker: .serviceWorker
        case .offline: .offline
        case .logo: .logo
        case .adminLogo: .adminLogo
        case .saveAdminLogo: .saveAdminLogo
        case .adminResets: .adminResets
        case .adminReset: .adminReset("a b/c", .hide)
        case .ownResetNew: .ownResetNew
        case .ownResets: .ownResets
        case .ownReset: .ownReset(OrganisationResetID(stored: id))
        case .updateOwnReset: .updateOwnReset(OrganisationResetID(stored: id))
        case .ownResetAction: .ownResetAction(OrganisationResetID(stored: id), .publish)
        case .ownResetPreview: .ownResetPreview(OrganisationResetID(stored: id), 2)
        case .health: .health
        case .ready: .ready
        case .metrics: .metrics
        case .calendar: .calendar
        case .calendarYear: .calendarYear
        case .calendarDay: .calendarDay(Day(year: 2026, month: 11, day: 25)!)
        case .calendarColours: .calendarColours
        case .checkIn: .checkIn
        case .saveCheckIn: .saveCheckIn
        case .reflection: .reflection
        case .saveReflection: .saveReflection
        case .insights: .insights
        case .you: .you
        case .digest: .digest
        case .digestIntention: .digestIntention
        case .digestEmail: .digestEmail
        case .accountReport: .accountReport
        case .accountExportCSV: .accountExportCSV
        case .accountCheckInsCSV: .accountCheckInsCSV
        case .accountWeekStart: .accountWeekStart
        case .setbacks: .setbacks
        case .setbackNew: .setbackNew
        case .logSetback: .logSetback
        case .setbackTemplates: .setbackTemplates
        case .fillSetbackTemplate: .fillSetbackTemplate
        case .setbackInsights: .setbackInsights
        case .smallStep: .smallStep(.swap)
        case .setback: .setback(SetbackID(stored: id))
        case .setbackEdit: .setbackEdit(SetbackID(stored: id))
        case .updateSetback: .updateSetback(SetbackID(stored: id))
        case .setbackAction: .setbackAction(SetbackID(stored: id), .movedOn)
        case .accountSetbacksCSV: .accountSetbacksCSV
        case .practices: .practices
        case .practice: .practice("humming")
        case .practiceStart: .practiceStart("humming")
        case .practiceSession: .practiceSession(PracticeSessionID(stored: id))
        case .practiceStep: .practiceStep(PracticeSessionID(stored: id), 1)
        case .practiceDone: .practiceDone(PracticeSessionID(stored: id))
        case .glimmers: .glimmers
        case .keepGlimmer: .keepGlimmer
        case .glimmer: .glimmer(GlimmerID(stored: id))
        case .updateGlimmer: .updateGlimmer(GlimmerID(stored: id))
        case .glimmerDelete: .glimmerDelete(GlimmerID(stored: id))
        case .worries: .worries
        case .writeWorry: .writeWorry
        case .saveWorryTime: .saveWorryTime
        case .worry: .worry(WorryID(stored: id))
        case .worryAction: .worryAction(WorryID(stored: id), .cannot)
        case .actions: .actions
        case .welcome: .welcome
        case .saveWelcome: .saveWelcome
        case .accountPracticesCSV: .accountPracticesCSV
        case .accountGlimmersCSV: .accountGlimmersCSV
        case .accountWorriesCSV: .accountWorriesCSV
        case .community: .community
        case .communityPosts: .communityPosts
        case .postDelete: .postDelete(PostID(stored: id))
        case .postReactions: .postReactions(PostID(stored: id))
        case .postReport: .postReport(PostID(stored: id))
        case .postReports: .postReports(PostID(stored: id))
        case .moderation: .moderation
        case .moderationPost: .moderationPost(PostID(stored: id))
        case .moderate: .moderate(PostID(stored: id), .approve)
        case .liftRestriction: .liftRestriction(RestrictionID(stored: id))
        case .audit: .audit
        case .auditCSV: .auditCSV
        case .crisisContacts: .crisisContacts
        case .addCrisisContact: .addCrisisContact
        case .crisisContact: .crisisContact(CrisisContactID(stored: id), .save)
        case .watchedWords: .watchedWords
        case .addWatchedWord: .addWatchedWord
        case .watchedWordRemove: .watchedWordRemove(WatchedWordID(stored: id))
        case .scimServiceProviderConfig: .scimServiceProviderConfig
        case .scimResourceTypes: .scimResourceTypes
        case .scimSchemas: .scimSchemas
        case .scimUsers: .scimUsers
        case .scimCreateUser: .scimCreateUser
        case .scimSearchUsers: .scimSearchUsers
        case .scimSearch: .scimSearch
        case .scimUser: .scimUser("a b/c")
        case .scimReplaceUser: .scimReplaceUser("a b/c")
        case .scimPatchUser: .scimPatchUser("a b/c")
        case .scimDeleteUser: .scimDeleteUser("a b/c")
        case .scimResourceType: .scimResourceType("a b/c")
        case .scimSchema: .scimSchema("a b/c")
        case .joining: .joining
        case .saveJoining: .saveJoining
        case .joiningInvitations: .joiningInvitations
        case .invitationRevoke: .invitationRevoke(InvitationID(stored: id))
        case .provisioningTokens: .provisioningTokens
        case .provisioningTokenRevoke: .provisioningTokenRevoke(ProvisioningTokenID(stored: id))
        case .organisationInsights: .organisationInsights
        case .organisationInsightsCSV: .organisationInsightsCSV
        case .groupSize: .groupSize
        case .checkInTags: .checkInTags
        case .addCheckInTag: .addCheckInTag
        case .checkInTagRemove: .checkInTagRemove(CheckInTagID(stored: id))
        case .members: .members
        case .memberRole: .memberRole(AccountID(stored: id))
        case .approveFirstPasskey: .approveFirstPasskey(AccountID(stored: id))
        case .settings: .settings
        case .saveSettings: .saveSettings
        case .topics: .topics
        case .paywall: .paywall
        case .subscription: .subscription
        case .subscriptionCheckout: .subscriptionCheckout
        case .subscriptionCancel: .subscriptionCancel
        case .cancelSubscription: .cancelSubscription
        case .subscriptionResume: .subscriptionResume
        case .testCheckout: .testCheckout(CheckoutID(stored: id))
        case .payTestCheckout: .payTestCheckout(CheckoutID(stored: id))
        case .paymentWebhooks: .paymentWebhooks
        case .signUp: .signUp
        case .submitSignUp: .submitSignUp
        case .logIn: .logIn
        case .submitLogIn: .submitLogIn
        case .logOut: .logOut
        case .signOnCallback: .signOnCallback
        case .firstPasskey: .firstPasskey
        case .submitFirstPasskey: .submitFirstPasskey
        case .signOnConnect: .signOnConnect
        case .useSignOnConnect: .useSignOnConnect
        case .signOnStart: .signOnStart("a b/c")
        case .adminSignOn: .adminSignOn
        case .saveAdminSignOn: .saveAdminSignOn
        case .adminSignOnRemove: .adminSignOnRemove
        case .saveAdminSignOnSAML: .saveAdminSignOnSAML
        case .samlMetadata: .samlMetadata
        case .samlAssertion: .samlAssertion
        case .logInLink: .logInLink
        case .useLogInLink: .useLogInLink
        case .signUpConfirm: .signUpConfirm
        case .confirmSignUp: .confirmSignUp
        case .passwordForgot: .passwordForgot
        case .sendPasswordLink: .sendPasswordLink
        case .passwordReset: .passwordReset
        case .resetPassword: .resetPassword
        case .account: .account
        case .accountProfile: .accountProfile
        case .accountSecurity: .accountSecurity
        case .accountAppearance: .accountAppearance
        case .accountData: .accountData
        case .staff: .staff
        case .accountPassword: .accountPassword
        case .accountTimeZone: .accountTimeZone
        case .accountEmail: .accountEmail
        case .accountTheme: .accountTheme
        case .accountDiscretion: .accountDiscretion
        case .passkeyOptions: .passkeyOptions
        case .addPasskey: .addPasskey
        case .passkeyRemove: .passkeyRemove(PasskeyID(stored: id))
        case .accountLock: .accountLock
        case .passkeySignInOptions: .passkeySignInOptions
        case .passkeySignIn: .passkeySignIn
        case .unlock: .unlock
        case .submitUnlock: .submitUnlock
        case .unlockPasskeyOptions: .unlockPasskeyOptions
        case .unlockWithPasskey: .unlockWithPasskey
        case .accountReminders: .accountReminders
        case .saveReminders: .saveReminders
        case .reminderOff: .reminderOff
        case .turnOffReminder: .turnOffReminder
        case .addReminderDevice: .addReminderDevice
        case .reminderDeviceRemove: .reminderDeviceRemove(PushDeviceID(stored: id))
        case .testReminderDevices: .testReminderDevices
        case .accountExport: .accountExport
        case .accountDelete: .accountDelete
        case .accountSessions: .accountSessions
        case .accountSessionsSignOutOthers: .accountSessionsSignOutOthers
        case .accountSessionDelete: .accountSessionDelete(SessionID(stored: id))
        }
    }
}
