import Domain

// The community's other pages (CommunityHandler), one view model per template in Views/community/.

/// `community/held`: a post held because its words suggest risk; help comes first.
struct PostHeldPage: CompiledView {
    let crisisContacts: [CrisisContact]
    let breathePath: String
}

/// `community/review`: a post waiting for a moderator, as the community asks.
struct PostInReviewPage: CompiledView {}

/// `community/report`: why a post is being reported.
struct ReportPostPage: FormPage {
    let reportPath: String
    /// The post being reported, quoted (never its author).
    let postTopic: String
    let postAgo: String
    let postBody: String
    let note: String
    let reasons: [FormChoice]
    let errors: FormErrors
    /// Its anchor is the first reason.
    var reasonError: String? { errors["reason-spam"] }
    var error_note: String? { errors["note"] }
}
