import Domain
import HTTPServer
import UseCases

/// /admin/own-resets: an organisation's admins write resets of their own (rules in `OrganisationResets`), preview
/// them in the real player, publish, unpublish, reorder and delete drafts. The list of them is on /admin/resets. For
/// anyone but the tenant's admins none of these pages exist (404), and another tenant's reset id finds nothing.
enum OrganisationResetsHandler {
    static func new(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let blank = ResetDraft.Step(title: "", lines: "")
        return try editor(context, environment, member: member, draft: ResetDraft(steps: [blank, blank, blank]), saved: nil)
    }

    static func create(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let (draft, addStep) = try typedDraft(context)
        if addStep { return try editor(context, environment, member: member, draft: withBlankStep(draft), saved: nil) }
        do {
            let id = try environment.organisationResets.add(member, draft)
            return .redirect(to: Route.ownReset(id).path + "?notice=reset-written")
        } catch let problems as ResetDraftProblems {
            return try editor(context, environment, member: member, draft: draft, saved: nil, problems: problems.items)
        }
    }

    static func edit(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: OrganisationResetID) throws -> Response {
        let saved = try environment.organisationResets.reset(member, id: id)
        return try editor(context, environment, member: member, draft: withBlankStep(ResetDraft(saved.reset)), saved: saved)
    }

    static func update(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: OrganisationResetID) throws -> Response {
        let saved = try environment.organisationResets.reset(member, id: id)
        let (draft, addStep) = try typedDraft(context)
        if addStep { return try editor(context, environment, member: member, draft: withBlankStep(draft), saved: saved) }
        do {
            try environment.organisationResets.update(member, id: saved.id, draft)
        } catch let problems as ResetDraftProblems {
            return try editor(context, environment, member: member, draft: draft, saved: saved, problems: problems.items)
        }
        return .redirect(to: Route.ownReset(saved.id).path + "?notice=reset-saved")
    }

    /// Publish, unpublish, move up or down, delete a draft, or leave the preview.
    static func act(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: OrganisationResetID, _ action: OwnResetAction) throws -> Response {
        let resets = environment.organisationResets
        switch action {
        case .publish:
            try resets.setPublished(member, id: id, published: true)
            return .redirect(to: Route.ownReset(id).path + "?notice=reset-published")
        case .unpublish:
            try resets.setPublished(member, id: id, published: false)
            return .redirect(to: Route.ownReset(id).path + "?notice=reset-unpublished")
        case .up, .down:
            try resets.move(member, id: id, earlier: action == .up)
            return .redirect(to: Route.adminResets.path + "?notice=resets-ordered#own-resets")
        case .delete:
            try resets.delete(member, id: id)
            return .redirect(to: Route.adminResets.path + "?notice=reset-deleted")
        case .previewDone:
            _ = try resets.reset(member, id: id)
            return .redirect(to: Route.ownReset(id).path)
        }
    }

    /// The reset in the player exactly as members will see it, drafts too; nothing is recorded and nothing counts
    /// towards a day's free resets.
    static func preview(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: OrganisationResetID, _ step: Int) throws -> Response {
        let saved = try environment.organisationResets.reset(member, id: id)
        guard (1...saved.reset.steps.count).contains(step) else { throw WebError.notFound }
        let note = saved.isPublished ? "Preview of a published reset: nothing is recorded."
            : "Preview: members can’t see this reset until you publish it. Nothing is recorded."
        return try RunHandler.stepPage(context, environment, reset: saved.reset, number: step,
                                       finishPath: Route.ownResetAction(saved.id, .previewDone).path,
                                       preview: (note, Route.ownReset(saved.id).path)) {
            Route.ownResetPreview(saved.id, $0).path
        }
    }

    /// The form as typed, each field bounded (well past its limit, so the check can say how long it is and the page
    /// can give it back), and whether "Add another step" was pressed.
    private static func typedDraft(_ context: RequestContext) throws -> (ResetDraft, addStep: Bool) {
        let form = try context.form()
        func field(_ name: String, _ limit: Int) -> String { String((form[name] ?? "").prefix(limit * 2 + 20)) }
        var steps: [ResetDraft.Step] = []
        for number in 1...ResetDraft.stepLimit {
            guard let title = form["step_\(number)_title"], let lines = form["step_\(number)_lines"] else { continue }
            steps.append(ResetDraft.Step(title: String(title.prefix(ResetDraft.titleLimit * 2 + 20)),
                                         lines: String(lines.prefix((ResetDraft.lineLimit + 1) * ResetDraft.linesPerStepLimit * 2))))
        }
        let draft = ResetDraft(emotion: field("emotion", 40), name: field("name", ResetDraft.nameLimit),
                               description: field("description", ResetDraft.descriptionLimit),
                               scienceBenefit: field("science", ResetDraft.scienceLimit), duration: field("duration", 6),
                               safetyNote: field("safety", ResetDraft.safetyLimit), steps: steps)
        return (draft, form["intent"] == "add-step")
    }

    private static func withBlankStep(_ draft: ResetDraft) -> ResetDraft {
        var draft = draft
        if draft.steps.count < ResetDraft.stepLimit { draft.steps.append(ResetDraft.Step(title: "", lines: "")) }
        return draft
    }

    private static func editor(_ context: RequestContext, _ environment: AppEnvironment, member: MemberScope, draft: ResetDraft,
                               saved: OrganisationReset?, problems: ResetDraft.Problems = []) throws -> Response {
        var errors = FormErrors()
        for problem in problems { errors.add(problem.field, problem.message) }
        let messages = Dictionary(problems.map { ($0.field, $0.message) }, uniquingKeysWith: { first, _ in first })
        let title = saved.map { "Edit “\($0.reset.name)”" } ?? "Write a reset"
        let page = ResetEditorPage(
            heading: title,
            emotions: environment.library.emotions.map { .init(id: $0.id, label: $0.label, selected: $0.id == draft.emotion) },
            name: draft.name, description: draft.description, science: draft.scienceBenefit, duration: draft.duration, safety: draft.safetyNote,
            steps: draft.steps.enumerated().map { index, step in
                .init(number: index + 1, title: step.title, lines: step.lines, titleError: messages["step-\(index + 1)-title"],
                      linesError: messages["step-\(index + 1)-lines"])
            },
            formPath: saved.map { Route.ownReset($0.id).path } ?? Route.ownResets.path,
            saved: saved.map { saved in
                .init(savedName: saved.reset.name,
                      status: saved.isPublished ? "Published: your members can see it."
                          : saved.wasEverPublished ? "Unpublished: members no longer see it." : "Draft: only admins can see it.",
                      isPublished: saved.isPublished, previewPath: Route.ownResetPreview(saved.id, 1).path,
                      publishPath: Route.ownResetAction(saved.id, saved.isPublished ? .unpublish : .publish).path,
                      deletePath: saved.wasEverPublished ? nil : Route.ownResetAction(saved.id, .delete).path)
            },
            errors: errors)
        return try environment.render(page, title: title, errors: errors, context: context, status: problems.isEmpty ? .ok : .unprocessableContent)
    }
}
