/// `checkin/index`: today's five-point check-in, with an optional note and tags; changeable all day.
struct CheckInPage: FormPage {
    /// After a check-in, the offer of a reflection on the path its rating leads to.
    struct ReflectOffer {
        let reflectName: String
        let reflectSteps: String
        let reflectLabel: String
    }

    /// Whether today has a check-in already (the words say "change" rather than "save").
    let saved: Bool
    let ratings: [CheckInFace]
    let tags: [FormChoice]
    let note: String
    let noteLimit: Int
    let offer: ReflectOffer?
    /// Said when the note and tags are sealed and this server cannot open them.
    let wordsUnreadable: String?
    let errors: FormErrors

    var heading: String { saved ? "Today’s check-in" : "Check in" }
    var lead: String { saved ? "You’ve checked in today. You can change it until the day ends." : "A moment to notice how today has been." }
    var button: String { saved ? "Save changes" : "Save check-in" }
    var reflectName: String? { offer?.reflectName }
    var reflectSteps: String? { offer?.reflectSteps }
    var reflectLabel: String? { offer?.reflectLabel }
    var error_rating: String? { errors["rating"] }
    var error_note: String? { errors["note"] }
}
