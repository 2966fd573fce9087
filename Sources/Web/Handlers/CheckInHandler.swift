import Domain
import HTTPServer
import UseCases

/// GET/POST /check-in: today's five-point check-in, with an optional note and tags; changeable all day.
enum CheckInHandler {
    static func show(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let today = try environment.checkIns.todays(member)
        var offer: CheckInPage.ReflectOffer?
        if let today {
            // After a check-in, an optional reflection on the path its rating leads to; never required.
            let kind = ReflectionKind(rating: today.rating)
            let reflection = try environment.reflections.todays(member)
            offer = .init(reflectName: kind.name, reflectSteps: "\(kind.questionCount) questions, a few minutes",
                          reflectLabel: reflection == nil ? "Reflect on today" : reflection?.isComplete == true ? "See your reflection" : "Carry on reflecting")
        }
        return try page(context, environment, member: member, rating: today?.rating, note: today?.note ?? "", tags: Set(today?.tags ?? []),
                        saved: today != nil, errors: FormErrors(), offer: offer,
                        wordsUnreadable: today?.wordsUnreadable == true ? CheckIn.unreadableWords : nil)
    }

    static func save(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let form = try context.form()
        let rating = form["rating"].flatMap { WholeNumber.parse($0, in: 1...5) }.flatMap(CheckInRating.init(rawValue:))
        var note = form["note"] ?? ""
        // Only this tenant's tags; anything else a client sends is left out (the form offers nothing else). A tag
        // retired since the form was shown is still known, so a day keeps what the person chose.
        let list = try environment.checkIns.tagList(member)
        var tags = Set(form.values("tags").prefix(CheckInTag.standard.count + CheckInTag.tenantLimit * 2).compactMap(list.tag))
        // The Today page's faces send a rating alone (no note field at all): whatever the day already holds stays.
        // (Words this server cannot open are kept by the use case when none are sent.)
        if form["note"] == nil, let today = try environment.checkIns.todays(member), !today.wordsUnreadable {
            note = today.note
            tags = Set(today.tags)
        }
        var errors = FormErrors()
        if rating == nil { errors.add("rating", "Choose how your day was, from Horrible to Great.") }
        if note.count > CheckIn.noteLimit { errors.add("note", "Please keep it to \(CheckIn.noteLimit) characters or fewer.") }
        if let rating, errors.isEmpty {
            do {
                _ = try environment.checkIns.save(member, rating: rating, note: note, tags: Array(tags))
                return .redirect(to: Route.checkIn.path + "?notice=checked-in")
            } catch CheckIns.Problem.noteTooLong {
                errors.add("note", "Please keep it to \(CheckIn.noteLimit) characters or fewer.")
            } catch CheckIns.Problem.wordsCannotBeKept {
                errors.add("note", "This service can’t keep notes or tags safely yet, so only your rating can be saved. Please clear them and try again.")
            }
        }
        return try page(context, environment, member: member, rating: rating, note: String(note.prefix(CheckIn.noteLimit * 2)), tags: tags,
                        saved: false, errors: errors, status: .unprocessableContent)
    }

    private static func page(_ context: RequestContext, _ environment: AppEnvironment, member: MemberScope, rating: CheckInRating?, note: String,
                             tags: Set<CheckInTag>, saved: Bool, errors: FormErrors, status: HTTPStatus = .ok,
                             offer: CheckInPage.ReflectOffer? = nil, wordsUnreadable: String? = nil) throws -> Response {
        let list = try environment.checkIns.tagList(member)
        let page = CheckInPage(
            saved: saved,
            ratings: CheckInFace.all(selected: rating),
            // What the tenant offers, and any retired tag this day already carries (so saving again keeps it).
            tags: (list.offered + tags.filter(\.isRetired).sorted { $0.label < $1.label }).map {
                FormChoice(value: $0.value, label: $0.label, checked: tags.contains($0))
            },
            note: note, noteLimit: CheckIn.noteLimit, offer: offer, wordsUnreadable: wordsUnreadable, errors: errors)
        return try environment.render(page, title: "Check in", errors: errors, context: context, status: status)
    }

    /// Every check-in as a spreadsheet: date, rating (1–5 and its word), note, tags (by name, "; " between, since a
    /// tenant's tag may have spaces). Opened for its owner only.
    static func exportCSV(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        var rows = [["date", "rating", "rating_word", "note", "tags"]]
        for part in try environment.checkIns.exportParts(member) {
            rows.append([part.day, String(part.rating), part.ratingWord, part.note, part.tags.joined(separator: "; ")])
        }
        return CSV.download(rows, filename: "resett-check-ins.csv")
    }
}
