import Domain

/// Every URL the app answers, as a value: `Route(method:path:)` reads a request's (in `Route+Parse.swift`), `path`
/// prints a link, and `kind` finds the case's row in the table (`Route+Table.swift`: method, pattern, access, CSRF,
/// placement, navigation). The one exhaustive `switch` in `Route+Dispatch.swift` answers each case, so a new route
/// does not compile until it is answered, and every link a page prints comes from a case here.
///
/// A case is named for the page a GET shows, or for what a POST does when it shares its path with a page.
enum Route: Hashable, Sendable {

    // MARK: Resets

    case home
    case emotion(String)
    case reset(String)
    case resetStart(String)
    case runStep(RunID, Int)
    case runFinish(RunID)
    case runMood(RunID)
    case rateRun(RunID)
    case runResult(RunID)

    // MARK: Help, for anyone

    case help
    case helpNow
    case helpTalk
    case helpBreathe
    case helpGround
    case helpSafe
    case teamMessageSeen(TeamMessageID)

    // MARK: The organisation's look

    case brand
    /// The organisation's web app manifest, the service worker, and the page it shows offline.
    case manifest
    case serviceWorker
    case offline
    case logo
    case adminLogo
    case saveAdminLogo

    // MARK: Which resets members see, and the organisation's own

    case adminResets
    case adminReset(String, ResetChoiceAction)
    case ownResetNew
    case ownResets
    case ownReset(OrganisationResetID)
    case updateOwnReset(OrganisationResetID)
    case ownResetAction(OrganisationResetID, OwnResetAction)
    case ownResetPreview(OrganisationResetID, Int)

    // MARK: For operators and load balancers, whatever the host

    case health
    case ready
    case metrics

    // MARK: History and reflection

    case calendar
    case calendarYear
    case calendarDay(Day)
    case calendarColours
    case checkIn
    case saveCheckIn
    case reflection
    case saveReflection
    case insights
    /// The member's own corner: the calendar, insights, the week and check-ins together.
    case you
    case digest
    case digestIntention
    case digestEmail
    case accountReport
    case accountExportCSV
    case accountCheckInsCSV
    case accountWeekStart

    // MARK: Setbacks and bouncing back

    case setbacks
    case setbackNew
    case logSetback
    case setbackTemplates
    case fillSetbackTemplate
    case setbackInsights
    case smallStep(SmallStepAction)
    case setback(SetbackID)
    case setbackEdit(SetbackID)
    case updateSetback(SetbackID)
    case setbackAction(SetbackID, SetbackAction)
    case accountSetbacksCSV

    // MARK: Practices, glimmers and worry time

    case practices
    case practice(String)
    case practiceStart(String)
    case practiceSession(PracticeSessionID)
    case practiceStep(PracticeSessionID, Int)
    case practiceDone(PracticeSessionID)
    case glimmers
    case keepGlimmer
    case glimmer(GlimmerID)
    case updateGlimmer(GlimmerID)
    case glimmerDelete(GlimmerID)
    case worries
    case writeWorry
    case saveWorryTime
    case worry(WorryID)
    case worryAction(WorryID, WorryAction)
    case actions
    case accountPracticesCSV
    case accountGlimmersCSV
    case accountWorriesCSV

    // MARK: The welcome a new account sees once

    case welcome
    case saveWelcome

    // MARK: Community

    case community
    case communityPosts
    case postDelete(PostID)
    case postReactions(PostID)
    case postReport(PostID)
    case postReports(PostID)

    // MARK: Moderation and safeguarding

    case moderation
    case moderationPost(PostID)
    case moderate(PostID, ModerationAction)
    case liftRestriction(RestrictionID)
    case audit
    case auditCSV
    case crisisContacts
    case addCrisisContact
    case crisisContact(CrisisContactID, CrisisContactAction)
    case watchedWords
    case addWatchedWord
    case watchedWordRemove(WatchedWordID)

    // MARK: Provisioning (SCIM 2.0): a bearer token, not a cookie; JSON answers, errors too

    case scimServiceProviderConfig
    case scimResourceTypes
    case scimSchemas
    case scimUsers
    case scimCreateUser
    case scimSearchUsers
    case scimSearch
    case scimUser(String)
    case scimReplaceUser(String)
    case scimPatchUser(String)
    case scimDeleteUser(String)
    case scimResourceType(String)
    case scimSchema(String)

    // MARK: Joining, members and the organisation's settings

    case joining
    case saveJoining
    case joiningInvitations
    case invitationRevoke(InvitationID)
    case provisioningTokens
    case provisioningTokenRevoke(ProvisioningTokenID)
    case organisationInsights
    case organisationInsightsCSV
    case groupSize
    case checkInTags
    case addCheckInTag
    case checkInTagRemove(CheckInTagID)
    case members
    case memberRole(AccountID)
    /// Issue 65: another admin approves a staff member's first passkey.
    case approveFirstPasskey(AccountID)
    case settings
    case saveSettings
    case topics

    // MARK: Subscriptions

    case paywall
    case subscription
    case subscriptionCheckout
    case subscriptionCancel
    case cancelSubscription
    case subscriptionResume
    case testCheckout(CheckoutID)
    case payTestCheckout(CheckoutID)
    case paymentWebhooks

    // MARK: Signing up and in

    case signUp
    case submitSignUp
    case logIn
    case submitLogIn
    case logOut
    case signOnCallback
    /// Issue 65: a staff member asks for their first passkey (POST without a token), and uses the approved link.
    case firstPasskey
    case submitFirstPasskey
    /// Issue 65: an existing account's owner confirms connecting it to the organisation's sign-in.
    case signOnConnect
    case useSignOnConnect
    case signOnStart(String)
    case adminSignOn
    case saveAdminSignOn
    case adminSignOnRemove
    case saveAdminSignOnSAML
    case samlMetadata
    case samlAssertion
    case logInLink
    case useLogInLink
    case signUpConfirm
    case confirmSignUp
    case passwordForgot
    case sendPasswordLink
    case passwordReset
    case resetPassword

    // MARK: A person's own account

    case account
    case accountProfile
    case accountSecurity
    case accountAppearance
    case accountData
    case staff
    case accountPassword
    case accountTimeZone
    case accountEmail
    case accountTheme
    case accountDiscretion
    case accountExport
    case accountDelete
    case accountSessions
    case accountSessionsSignOutOthers
    case accountSessionDelete(SessionID)

    // MARK: Passkeys and the app lock

    case passkeyOptions
    case addPasskey
    case passkeyRemove(PasskeyID)
    case accountLock
    case passkeySignInOptions
    case passkeySignIn
    case unlock
    case submitUnlock
    case unlockPasskeyOptions
    case unlockWithPasskey

    // MARK: Reminders

    case accountReminders
    case saveReminders
    case reminderOff
    case turnOffReminder
    case addReminderDevice
    case reminderDeviceRemove(PushDeviceID)
    case testReminderDevices
}
