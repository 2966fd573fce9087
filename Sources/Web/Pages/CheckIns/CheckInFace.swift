import Domain

/// One of the day's five ratings as a face (`partials/check-in-faces`): the mood rating's faces and colours, spread
/// over the five (Horrible wears the mood scale's 2, Great its 10), with the rating's word under it.
struct CheckInFace {
    let value: Int
    let label: String
    /// The mood scale's point whose face and colour it wears.
    let mood: Int
    let face: TrustedHTML
    let checked: Bool

    /// Horrible to Great, left to right, as the mood scale runs.
    static func all(selected: CheckInRating? = nil) -> [CheckInFace] {
        CheckInRating.allCases.map { rating in
            CheckInFace(value: rating.rawValue, label: rating.label, mood: rating.rawValue * 2,
                        face: TrustedHTML(markup: MoodView.face(rating.rawValue * 2)), checked: rating == selected)
        }
    }
}
