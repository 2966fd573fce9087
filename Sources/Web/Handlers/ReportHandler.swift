import Domain
import HTTPServer
import UseCases

/// GET /account/report: a print-ready report for a therapist or GP of the dates and parts the person picks. Notes and
/// reflections, the most personal, go in only when ticked; nothing is sent anywhere (the browser prints or saves it).
enum ReportHandler {
    enum Part: String, CaseIterable {
        case checkIns = "check-ins", notes, resets, reflections, setbacks, practices, insights

        var label: String {
            switch self {
            case .checkIns: "Daily check-ins"
            case .notes: "The notes written with check-ins and setbacks"
            case .resets: "Resets, with mood before and after"
            case .reflections: "Guided reflections, with what was written"
            case .setbacks: "Setbacks, with how much they hurt and when you moved on"
            case .practices: "Practices, with mood before and after"
            case .insights: "Patterns in these dates"
            }
        }

        static let chosenFirst: Set<Part> = [.checkIns, .resets, .insights]
    }

    /// The longest span one report covers.
    static let longestSpan = 366

    static func show(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let query = try context.query()
        let today = environment.checkIns.today(member)
        let showing = query["show"] == "1"
        let fromText = query["from"] ?? today.adding(days: -27).description
        let toText = query["to"] ?? today.description
        let parts = showing ? Set(query.values("include").prefix(Part.allCases.count).compactMap(Part.init(rawValue:))) : Part.chosenFirst
        var errors = FormErrors()
        let from = Day(fromText), to = Day(toText)
        if from == nil { errors.add("from", "Enter the first day as a date, like 2026-11-01.") }
        if to == nil { errors.add("to", "Enter the last day as a date, like 2026-11-22.") }
        if let from, let to {
            if to > today { errors.add("to", "The last day can’t be after today.") }
            if from > to { errors.add("from", "The first day needs to come before the last.") }
            if to.ordinal - from.ordinal >= longestSpan { errors.add("from", "A report covers a year at most.") }
        }
        var report: AccountReportPage.Report?
        if showing, errors.isEmpty, let from, let to {
            report = try self.report(member, environment, from: from, through: to, parts: parts, today: today)
        }
        let page = AccountReportPage(from: String(fromText.prefix(10)), to: String(toText.prefix(10)), today: today.description,
                                     parts: Part.allCases.map { FormChoice(value: $0.rawValue, label: $0.label, checked: parts.contains($0)) },
                                     report: report, errors: showing ? errors : FormErrors())
        return try environment.render(page, title: "A report to share", errors: page.errors, context: context,
                                      status: showing && !errors.isEmpty ? .badRequest : .ok)
    }

    private static func report(_ member: MemberScope, _ environment: AppEnvironment, from: Day, through to: Day, parts: Set<Part>,
                               today: Day) throws -> AccountReportPage.Report {
        typealias Report = AccountReportPage.Report
        var report = Report(range: "\(from.longText) to \(to.longText)", prepared: today.longText)
        report.withNotes = parts.contains(.notes)
        let checkIns = parts.contains(.checkIns) || parts.contains(.insights) ? try environment.checkIns.checkIns(member, from: from, through: to) : []
        let runs = parts.contains(.resets) || parts.contains(.insights)
            ? try environment.moodHistory.runs(member, from: from, through: to) : []
        if parts.contains(.checkIns) {
            report.checkIns = true
            report.checkInRows = checkIns.map { checkIn in
                Report.CheckInRow(day: checkIn.day.longText, rating: checkIn.rating.label, note: parts.contains(.notes) ? checkIn.note : "",
                                  tags: checkIn.tags.map(\.label).joined(separator: ", "))
            }
        }
        let names = try environment.resetChoices.names(member.tenant)
        if parts.contains(.resets) {
            report.resets = true
            report.runRows = runs.map { run in
                let mood = run.mood.map { after in run.moodBefore.map { "\($0) to \(after)" } ?? "\(after) after" } ?? "not rated"
                return Report.RunRow(day: Day(run.localDay)?.longText ?? run.localDay, name: names[run.resetID] ?? run.resetID, mood: mood)
            }
        }
        if parts.contains(.reflections) {
            report.reflections = true
            let today = environment.checkIns.today(member)
            report.reflectionItems = try environment.reflections.all(member).filter { $0.day >= from && $0.day <= to }.map { reflection in
                Report.ReflectionItem(day: reflection.day.longText, path: reflection.kind.name,
                                      steps: (1...reflection.kind.questionCount).map { number in
                                          let answer = reflection.answer(number)
                                          return .init(question: reflection.question(number, detector: environment.distortions, today: today),
                                                       answer: answer.isEmpty ? "(left blank)" : answer)
                                      },
                                      change: reflection.change)
            }
        }
        if parts.contains(.setbacks) {
            report.setbacks = true
            let zone = member.account.timeZone
            report.setbackRows = try environment.setbacks.between(member, from, to).map { setback in
                Report.SetbackRow(day: setback.day.longText, kind: setback.kind.label, hurt: "\(setback.hurt.value): \(setback.hurt.words)",
                                  movedOn: setback.recovery(in: zone).map { "after \($0.words)" } ?? "not yet",
                                  note: parts.contains(.notes) ? setback.note : "")
            }
        }
        if parts.contains(.practices) {
            report.practices = true
            report.practiceRows = try environment.practices.between(member, from, to).map {
                Report.PracticeRow(day: $0.day.longText, line: PracticesHandler.line($0, environment.practiceLibrary, zone: member.account.timeZone))
            }
        }
        if parts.contains(.insights) {
            report.insights = true
            report.insightSections = Insights.of(checkIns: checkIns, runs: runs, resetNames: names, today: to).sections.map {
                Report.InsightSection(title: $0.title, lines: $0.lines, notEnough: $0.notEnough)
            }
        }
        return report
    }
}
