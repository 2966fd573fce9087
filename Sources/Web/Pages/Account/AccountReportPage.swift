/// `account/report`: a print-ready report for a therapist or GP, of the dates and parts the person picks.
struct AccountReportPage: FormPage {
    struct Report {
        struct CheckInRow {
            let day: String
            let rating: String
            /// Empty unless the person chose to include notes.
            let note: String
            let tags: String
        }

        struct RunRow {
            let day: String
            let name: String
            /// "4 to 7", "7 after" or "not rated".
            let mood: String
        }

        struct ReflectionItem {
            struct Answer {
                let question: String
                let answer: String
            }

            let day: String
            /// The reflection's path by name.
            let path: String
            let steps: [Answer]
            let change: String?
        }

        struct SetbackRow {
            let day: String
            let kind: String
            let hurt: String
            let movedOn: String
            /// Empty unless the person chose to include notes.
            let note: String
        }

        struct PracticeRow {
            let day: String
            let line: String
        }

        struct InsightSection {
            let title: String
            let lines: [String]
            let notEnough: String?
        }

        let range: String
        let prepared: String
        var checkIns = false
        var withNotes = false
        var checkInRows: [CheckInRow] = []
        var resets = false
        var runRows: [RunRow] = []
        var reflections = false
        var reflectionItems: [ReflectionItem] = []
        var setbacks = false
        var setbackRows: [SetbackRow] = []
        var hasSetbacks: Bool { !setbackRows.isEmpty }
        var practices = false
        var practiceRows: [PracticeRow] = []
        var hasPractices: Bool { !practiceRows.isEmpty }
        var insights = false
        var insightSections: [InsightSection] = []
        var hasCheckIns: Bool { !checkInRows.isEmpty }
        var hasRuns: Bool { !runRows.isEmpty }

        init(range: String, prepared: String) {
            self.range = range
            self.prepared = prepared
        }
    }

    /// The dates as typed.
    let from: String
    let to: String
    let today: String
    let parts: [FormChoice]
    let report: Report?
    let errors: FormErrors
    var error_from: String? { errors["from"] }
    var error_to: String? { errors["to"] }
}
