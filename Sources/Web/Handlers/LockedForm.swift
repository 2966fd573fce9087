import Domain
import HTTPServer
import UseCases

/// What a locked session's form on a private page gets (issue 65, finding 6), in the one place every such POST passes
/// (`ResettApp`). The handler has run: a form the person had open before the lock closed is saved and loses nothing. But
/// no private page is drawn for whoever holds the device now (a refusal would show the whole page: every worry, this
/// month's glimmers). A save that led somewhere leads to the unlock page, and on from there; a refusal gets the unlock
/// page at once, carrying what was typed (hidden in its forms, kept nowhere else), which after the unlock is offered
/// back to save with one tap.
enum LockedForm {
    /// The most fields a form carries through the unlock; a form of ours has far fewer.
    static let maximumFields = 40
    static let actionField = "carry_action"
    static let fieldPrefix = "carry:"

    static func answer(_ response: Response, _ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) -> Response {
        if (300..<400).contains(response.status.code), let location = response.headers["Location"], location.first == "/" {
            return unlockRedirect(next: ReturnPath.safe(location))
        }
        let path = String(context.request.path)
        let next = (try? Route.parse(method: "GET", path: path[...])).map { if case .found = $0 { path } else { Route.home.path } } ?? Route.home.path
        let typed = (try? context.form().pairs.filter { $0.name != "_csrf" }) ?? []
        guard typed.count <= maximumFields,
              let page = try? AppLockHandler.page(context, environment, member, next: next, purpose: .lock,
                                                  carried: Carried(action: path, fields: typed.map { .init(name: $0.name, value: $0.value) }))
        else { return unlockRedirect(next: next) }
        return page
    }

    static func unlockRedirect(next: String) -> Response {
        Response.redirect(to: Route.unlock.path + "?next=" + PercentEncoding.encode(next))
    }

    /// A form's fields on their way through the unlock, and the private form they go back to.
    struct Carried {
        struct Field {
            let name: String
            let value: String
        }

        let action: String
        let fields: [Field]

        /// What the unlock page's form sent back, when it carries a form for one of the private pages' own routes.
        init?(_ form: FormData) {
            guard let action = form[LockedForm.actionField], case .found(let route)? = try? Route.parse(method: "POST", path: action[...]),
                  route.kind.access == .privateMember else { return nil }
            let fields = form.pairs.filter { $0.name.hasPrefix(LockedForm.fieldPrefix) }.prefix(LockedForm.maximumFields)
                .map { Field(name: String($0.name.dropFirst(LockedForm.fieldPrefix.count)), value: $0.value) }
            self.init(action: action, fields: Array(fields))
        }

        init(action: String, fields: [Field]) {
            self.action = action
            self.fields = fields
        }

        /// The fields as the unlock page's forms carry them.
        var hidden: [Field] { fields.map { Field(name: LockedForm.fieldPrefix + $0.name, value: $0.value) } }
    }

    /// After the unlock: the carried form, offered back to save with one tap (nothing is saved without it).
    static func offerBack(_ carried: Carried, next: String, _ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        var response = try environment.render(CarryOnPage(action: carried.action, fields: carried.fields, next: next), title: "Unlocked",
                                              context: context)
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}
