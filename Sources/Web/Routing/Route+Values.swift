import Domain

extension Route {
    /// The route of `kind` with its path's parameters (percent-decoded, in order), or nil when one is not of its
    /// type (an id not an id, a step not a number): such a URL names nothing, so it is not found.
    init?(_ kind: Kind, _ values: [String]) {
        switch kind {
        case .home: self = .home
        case .emotion: self = .emotion(values[0])
        case .reset: self = .reset(values[0])
        case .resetStart: self = .resetStart(values[0])
        case .runStep:
            guard let run = RunID(values[0]), let step = WholeNumber.parse(values[1], in: 1...Route.maximumStep) else { return nil }
            self = .runStep(run, step)
        case .runFinish:
            guard let run = RunID(values[0]) else { return nil }
            self = .runFinish(run)
        case .runMood:
            guard let run = RunID(values[0]) else { return nil }
            self = .runMood(run)
        case .rateRun:
            guard let run = RunID(values[0]) else { return nil }
            self = .rateRun(run)
        case .runResult:
            guard let run = RunID(values[0]) else { return nil }
            self = .runResult(run)
        case .help: self = .help
        case .helpNow: self = .helpNow
        case .helpTalk: self = .helpTalk
        case .helpBreathe: self = .helpBreathe
        case .helpGround: self = .helpGround
        case .helpSafe: self = .helpSafe
        case .teamMessageSeen:
            guard let id = TeamMessageID(values[0]) else { return nil }
            self = .teamMessageSeen(id)
        case .brand: self = .brand
        case .manifest: self = .manifest
        case .serviceWorker: self = .serviceWorker
        case .offline: self = .offline
        case .logo: self = .logo
        case .adminLogo: self = .adminLogo
        case .saveAdminLogo: self = .saveAdminLogo
        case .adminResets: self = .adminResets
        case .adminReset:
            guard let action = ResetChoiceAction(rawValue: values[1]) else { return nil }
            self = .adminReset(values[0], action)
        case .ownResetNew: self = .ownResetNew
        case .ownResets: self = .ownResets
        case .ownReset:
            guard let id = OrganisationResetID(values[0]) else { return nil }
            self = .ownReset(id)
        case .updateOwnReset:
            guard let id = OrganisationResetID(values[0]) else { return nil }
            self = .updateOwnReset(id)
        case .ownResetAction:
            guard let id = OrganisationResetID(values[0]), let action = OwnResetAction(rawValue: values[1]) else { return nil }
            self = .ownResetAction(id, action)
        case .ownResetPreview:
            guard let id = OrganisationResetID(values[0]), let step = WholeNumber.parse(values[1], in: 1...Route.maximumStep) else { return nil }
            self = .ownResetPreview(id, step)
        case .health: self = .health
        case .ready: self = .ready
        case .metrics: self = .metrics
        case .calendar: self = .calendar
        case .calendarYear: self = .calendarYear
        case .calendarDay:
            guard let day = Day(values[0]) else { return nil }
            self = .calendarDay(day)
        case .calendarColours: self = .calendarColours
        case .checkIn: self = .checkIn
        case .saveCheckIn: self = .saveCheckIn
        case .reflection: self = .reflection
        case .saveReflection: self = .saveReflection
        case .insights: self = .insights
        case .you: self = .you
        case .digest: self = .digest
        case .digestIntention: self = .digestIntention
        case .digestEmail: self = .digestEmail
        case .accountReport: self = .accountReport
        case .accountExportCSV: self = .accountExportCSV
        case .accountCheckInsCSV: self = .accountCheckInsCSV
        case .accountWeekStart: self = .accountWeekStart
        case .setbacks: self = .setbacks
        case .setbackNew: self = .setbackNew
        case .logSetback: self = .logSetback
        case .setbackTemplates: self = .setbackTemplates
        case .fillSetbackTemplate: self = .fillSetbackTemplate
        case .setbackInsights: self = .setbackInsights
        case .smallStep:
            guard let action = SmallStepAction(rawValue: values[0]) else { return nil }
            self = .smallStep(action)
        case .setback:
            guard let id = SetbackID(values[0]) else { return nil }
            self = .setback(id)
        case .setbackEdit:
            guard let id = SetbackID(values[0]) else { return nil }
            self = .setbackEdit(id)
        case .updateSetback:
            guard let id = SetbackID(values[0]) else { return nil }
            self = .updateSetback(id)
        case .setbackAction:
            guard let id = SetbackID(values[0]), let action = SetbackAction(rawValue: values[1]) else { return nil }
            self = .setbackAction(id, action)
        case .accountSetbacksCSV: self = .accountSetbacksCSV
        case .practices: self = .practices
        case .practice:
            self = .practice(values[0])
        case .practiceStart:
            self = .practiceStart(values[0])
        case .practiceSession:
            guard let id = PracticeSessionID(values[0]) else { return nil }
            self = .practiceSession(id)
        case .practiceStep:
            guard let id = PracticeSessionID(values[0]), let step = WholeNumber.parse(values[1], in: 1...Route.maximumStep) else { return nil }
            self = .practiceStep(id, step)
        case .practiceDone:
            guard let id = PracticeSessionID(values[0]) else { return nil }
            self = .practiceDone(id)
        case .glimmers: self = .glimmers
        case .keepGlimmer: self = .keepGlimmer
        case .glimmer:
            guard let id = GlimmerID(values[0]) else { return nil }
            self = .glimmer(id)
        case .updateGlimmer:
            guard let id = GlimmerID(values[0]) else { return nil }
            self = .updateGlimmer(id)
        case .glimmerDelete:
            guard let id = GlimmerID(values[0]) else { return nil }
            self = .glimmerDelete(id)
        case .worries: self = .worries
        case .writeWorry: self = .writeWorry
        case .saveWorryTime: self = .saveWorryTime
        case .worry:
            guard let id = WorryID(values[0]) else { return nil }
            self = .worry(id)
        case .worryAction:
            guard let id = WorryID(values[0]), let action = WorryAction(rawValue: values[1]) else { return nil }
            self = .worryAction(id, action)
        case .actions: self = .actions
        case .welcome: self = .welcome
        case .saveWelcome: self = .saveWelcome
        case .accountPracticesCSV: self = .accountPracticesCSV
        case .accountGlimmersCSV: self = .accountGlimmersCSV
        case .accountWorriesCSV: self = .accountWorriesCSV
        case .community: self = .community
        case .communityPosts: self = .communityPosts
        case .postDelete:
            guard let id = PostID(values[0]) else { return nil }
            self = .postDelete(id)
        case .postReactions:
            guard let id = PostID(values[0]) else { return nil }
            self = .postReactions(id)
        case .postReport:
            guard let id = PostID(values[0]) else { return nil }
            self = .postReport(id)
        case .postReports:
            guard let id = PostID(values[0]) else { return nil }
            self = .postReports(id)
        case .moderation: self = .moderation
        case .moderationPost:
            guard let id = PostID(values[0]) else { return nil }
            self = .moderationPost(id)
        case .moderate:
            guard let id = PostID(values[0]), let action = ModerationAction(rawValue: values[1]) else { return nil }
            self = .moderate(id, action)
        case .liftRestriction:
            guard let id = RestrictionID(values[0]) else { return nil }
            self = .liftRestriction(id)
        case .audit: self = .audit
        case .auditCSV: self = .auditCSV
        case .crisisContacts: self = .crisisContacts
        case .addCrisisContact: self = .addCrisisContact
        case .crisisContact:
            guard let id = CrisisContactID(values[0]), let action = CrisisContactAction(rawValue: values[1]) else { return nil }
            self = .crisisContact(id, action)
        case .watchedWords: self = .watchedWords
        case .addWatchedWord: self = .addWatchedWord
        case .watchedWordRemove:
            guard let id = WatchedWordID(values[0]) else { return nil }
            self = .watchedWordRemove(id)
        case .scimServiceProviderConfig: self = .scimServiceProviderConfig
        case .scimResourceTypes: self = .scimResourceTypes
        case .scimSchemas: self = .scimSchemas
        case .scimUsers: self = .scimUsers
        case .scimCreateUser: self = .scimCreateUser
        case .scimSearchUsers: self = .scimSearchUsers
        case .scimSearch: self = .scimSearch
        case .scimUser: self = .scimUser(values[0])
        case .scimReplaceUser: self = .scimReplaceUser(values[0])
        case .scimPatchUser: self = .scimPatchUser(values[0])
        case .scimDeleteUser: self = .scimDeleteUser(values[0])
        case .scimResourceType: self = .scimResourceType(values[0])
        case .scimSchema: self = .scimSchema(values[0])
        case .joining: self = .joining
        case .saveJoining: self = .saveJoining
        case .joiningInvitations: self = .joiningInvitations
        case .invitationRevoke:
            guard let id = InvitationID(values[0]) else { return nil }
            self = .invitationRevoke(id)
        case .provisioningTokens: self = .provisioningTokens
        case .provisioningTokenRevoke:
            guard let id = ProvisioningTokenID(values[0]) else { return nil }
            self = .provisioningTokenRevoke(id)
        case .organisationInsights: self = .organisationInsights
        case .organisationInsightsCSV: self = .organisationInsightsCSV
        case .groupSize: self = .groupSize
        case .checkInTags: self = .checkInTags
        case .addCheckInTag: self = .addCheckInTag
        case .checkInTagRemove:
            guard let id = CheckInTagID(values[0]) else { return nil }
            self = .checkInTagRemove(id)
        case .members: self = .members
        case .memberRole:
            guard let id = AccountID(values[0]) else { return nil }
            self = .memberRole(id)
        case .approveFirstPasskey:
            guard let id = AccountID(values[0]) else { return nil }
            self = .approveFirstPasskey(id)
        case .settings: self = .settings
        case .saveSettings: self = .saveSettings
        case .topics: self = .topics
        case .paywall: self = .paywall
        case .subscription: self = .subscription
        case .subscriptionCheckout: self = .subscriptionCheckout
        case .subscriptionCancel: self = .subscriptionCancel
        case .cancelSubscription: self = .cancelSubscription
        case .subscriptionResume: self = .subscriptionResume
        case .testCheckout:
            guard let id = CheckoutID(values[0]) else { return nil }
            self = .testCheckout(id)
        case .payTestCheckout:
            guard let id = CheckoutID(values[0]) else { return nil }
            self = .payTestCheckout(id)
        case .paymentWebhooks: self = .paymentWebhooks
        case .signUp: self = .signUp
        case .submitSignUp: self = .submitSignUp
        case .logIn: self = .logIn
        case .submitLogIn: self = .submitLogIn
        case .logOut: self = .logOut
        case .signOnCallback: self = .signOnCallback
        case .firstPasskey: self = .firstPasskey
        case .submitFirstPasskey: self = .submitFirstPasskey
        case .signOnConnect: self = .signOnConnect
        case .useSignOnConnect: self = .useSignOnConnect
        case .signOnStart: self = .signOnStart(values[0])
        case .adminSignOn: self = .adminSignOn
        case .saveAdminSignOn: self = .saveAdminSignOn
        case .adminSignOnRemove: self = .adminSignOnRemove
        case .saveAdminSignOnSAML: self = .saveAdminSignOnSAML
        case .samlMetadata: self = .samlMetadata
        case .samlAssertion: self = .samlAssertion
        case .logInLink: self = .logInLink
        case .useLogInLink: self = .useLogInLink
        case .signUpConfirm: self = .signUpConfirm
        case .confirmSignUp: self = .confirmSignUp
        case .passwordForgot: self = .passwordForgot
        case .sendPasswordLink: self = .sendPasswordLink
        case .passwordReset: self = .passwordReset
        case .resetPassword: self = .resetPassword
        case .account: self = .account
        case .accountProfile: self = .accountProfile
        case .accountSecurity: self = .accountSecurity
        case .accountAppearance: self = .accountAppearance
        case .accountData: self = .accountData
        case .staff: self = .staff
        case .accountPassword: self = .accountPassword
        case .accountTimeZone: self = .accountTimeZone
        case .accountEmail: self = .accountEmail
        case .accountTheme: self = .accountTheme
        case .accountDiscretion: self = .accountDiscretion
        case .passkeyOptions: self = .passkeyOptions
        case .addPasskey: self = .addPasskey
        case .passkeyRemove:
            guard let id = PasskeyID(values[0]) else { return nil }
            self = .passkeyRemove(id)
        case .accountLock: self = .accountLock
        case .passkeySignInOptions: self = .passkeySignInOptions
        case .passkeySignIn: self = .passkeySignIn
        case .unlock: self = .unlock
        case .submitUnlock: self = .submitUnlock
        case .unlockPasskeyOptions: self = .unlockPasskeyOptions
        case .unlockWithPasskey: self = .unlockWithPasskey
        case .accountReminders: self = .accountReminders
        case .saveReminders: self = .saveReminders
        case .reminderOff: self = .reminderOff
        case .turnOffReminder: self = .turnOffReminder
        case .addReminderDevice: self = .addReminderDevice
        case .reminderDeviceRemove:
            guard let id = PushDeviceID(values[0]) else { return nil }
            self = .reminderDeviceRemove(id)
        case .testReminderDevices: self = .testReminderDevices
        case .accountExport: self = .accountExport
        case .accountDelete: self = .accountDelete
        case .accountSessions: self = .accountSessions
        case .accountSessionsSignOutOthers: self = .accountSessionsSignOutOthers
        case .accountSessionDelete:
            guard let id = SessionID(values[0]) else { return nil }
            self = .accountSessionDelete(id)
        }
    }
}
