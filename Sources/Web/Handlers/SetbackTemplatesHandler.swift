import Foundation
import Domain
import HTTPServer
import UseCases

/// GET/POST /setbacks/templates: every response template at once; filling one shows its finished text on the page.
/// Nothing typed here is kept or logged: the words go back in the answer and nowhere else.
enum SetbackTemplatesHandler {
    /// The longest a blank's value may be: a name, a role, an organisation.
    static let blankLimit = 80

    static func show(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        try page(context, environment, filling: nil, values: [:], errors: FormErrors())
    }

    static func fill(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let form = try context.form()
        guard let template = form["template"].flatMap(environment.setbackGuide.template) else {
            throw WebError.badRequest("That template isn’t one we know. Please go back and choose one from the list.")
        }
        var values: [String: String] = [:], errors = FormErrors()
        for name in template.placeholders {
            let typed = (form[field(name)] ?? "").prefix(blankLimit * 4)
            // One line of plain text: control characters (line breaks included) become spaces.
            let value = String(String.UnicodeScalarView(typed.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
                .trimmingCharacters(in: .whitespaces).precomposedStringWithCanonicalMapping
            values[name] = value
            if value.count > blankLimit { errors.add(blankID(template, name), "Please keep \(name.lowercased()) to \(blankLimit) characters or fewer.") }
        }
        return try page(context, environment, filling: template, values: values, errors: errors,
                        status: errors.isEmpty ? .ok : .unprocessableContent)
    }

    private static func page(_ context: RequestContext, _ environment: AppEnvironment, filling: SetbackGuide.Template?, values: [String: String],
                             errors: FormErrors, status: HTTPStatus = .ok) throws -> Response {
        var cards = environment.templateCards
        if let filling, let index = environment.setbackGuide.templates.firstIndex(where: { $0.id == filling.id }) {
            cards[index] = card(filling, values: values, errors: errors)
        }
        let page = SetbackTemplatesPage(cards: cards, errors: errors)
        return try environment.render(page, title: "Response templates", errors: errors, context: context, status: status)
    }

    /// Every template's card with nothing filled in, made once (`AppEnvironment.templateCards`): the same for everyone.
    static func cards(_ guide: SetbackGuide) -> [SetbackTemplatesPage.Card] {
        guide.templates.map { card($0, values: [:], errors: FormErrors(), filled: false) }
    }

    /// A template's card; filled, with what the member typed and, when it is all well, the finished text.
    private static func card(_ template: SetbackGuide.Template, values: [String: String], errors: FormErrors,
                             filled: Bool = true) -> SetbackTemplatesPage.Card {
        SetbackTemplatesPage.Card(
            id: template.id, kindLabel: template.kind.label, title: template.title, scenario: template.scenario, tone: template.tone,
            text: template.text,
            blanks: template.placeholders.map { name in
                SetbackTemplatesPage.Blank(id: blankID(template, name), name: field(name), label: name,
                                           value: filled ? values[name] ?? "" : "", hasError: filled && errors[blankID(template, name)] != nil)
            },
            finished: filled && errors.isEmpty ? template.filled(values) : nil,
            error: filled ? errors.summary.first?.message : nil)
    }

    /// `[Position]` is the field `position`.
    static func field(_ placeholder: String) -> String { SetbackGuide.Template.field(placeholder) }

    static func blankID(_ template: SetbackGuide.Template, _ placeholder: String) -> String {
        "template-\(template.id)-\(field(placeholder))"
    }
}
