import Domain

/// `setbacks/show`: one of the member's own setbacks, the recovery plan for its kind, and moving on from it. After a
/// heavy one (8 or more) the crisis contacts and a reset come first, before anything else.
struct SetbackPage: CompiledView {
    struct Action {
        let label: String
        let path: String
    }

    let heavy: Bool
    let crisisContacts: [CrisisContact]
    let kindLabel: String
    let when: String
    let hurt: Int
    let hurtWords: String
    let mood: Int
    let face: TrustedHTML
    let note: String?
    let wordsUnreadable: String?
    let planTitle: String
    let planDescription: String
    let steps: [String]
    let actions: [Action]
    /// "You moved on after 3 days.", once they have.
    let movedOn: String?
    let movedOnPath: String
    let notYetPath: String
    let editPath: String
    let deletePath: String
    let groundPath: String
}
