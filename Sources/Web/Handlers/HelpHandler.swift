import Domain
import HTTPServer
import UseCases

/// "Need help now?": a breathing moment first, then at most four large choices (the design system's panic flow):
/// talk to someone, breathe for two minutes, a grounding reset, or "I'm safe for now" back to where the person was.
/// Every page works without script, nothing makes a person wait, and none of it costs a free reset.
enum HelpHandler {
    static func show(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let page = HelpIndexPage(from: try from(context), messages: try TeamMessages.unseen(context, environment))
        return try environment.render(page, title: "Need help now?", context: context)
    }

    static func now(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        try environment.render(HelpNowPage(from: try from(context)), title: "What would help right now?", context: context)
    }

    static func talk(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        // The organisation's own words, under the buttons. The original default only repeated two of the numbers as
        // plain text, which the buttons now are, so it is not shown.
        let words = context.scope.tenant.settings.crisisSupportText
        let page = HelpTalkPage(from: try from(context), crisisContacts: try environment.safeguarding.contacts(context.scope),
                                crisisSupportText: words.isEmpty || words == TenantSettings().crisisSupportText ? nil : words)
        return try environment.render(page, title: "Talk to someone now", context: context)
    }

    static func breathe(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        try environment.render(HelpBreathePage(from: try from(context)), title: "Breathe for two minutes", context: context)
    }

    static func ground(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        try environment.render(HelpGroundPage(from: try from(context)), title: "A grounding reset", context: context)
    }

    /// "I'm safe for now": back to the page the person came from (a path on this site only), or home.
    static func safe(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        .redirect(to: ReturnPath.safe(try context.query()["from"]))
    }

    /// Where the person came from, which travels with them through the flow (a path on this site, or home).
    static func from(_ context: RequestContext) throws -> String {
        ReturnPath.safe(try context.query()["from"])
    }
}
