import Domain
import HTTPServer

/// "Need help now?": a breathing moment first, then at most four large choices (the design system's panic flow):
/// talk to someone, breathe for two minutes, a grounding reset, or "I'm safe for now" back to where the person was.
/// Every page works without script, nothing makes a person wait, and none of it costs a free reset.
enum HelpHandler {
    static func show(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        var values = try links(context)
        values.merge(try SafeguardingViews.teamMessages(context, environment)) { $1 }
        return try environment.render("help/index", title: "Need help now?", values, context: context)
    }

    static func now(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        try environment.render("help/now", title: "What would help right now?", try links(context), context: context)
    }

    static func talk(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        var values = try links(context)
        values.merge(try SafeguardingViews.contacts(context, environment)) { $1 }
        // The organisation's own words, under the buttons. The original default only repeated two of the numbers as
        // plain text, which the buttons now are, so it is not shown.
        let words = context.scope.tenant.settings.crisisSupportText
        if !words.isEmpty && words != TenantSettings().crisisSupportText { values["crisisSupportText"] = words }
        return try environment.render("help/talk", title: "Talk to someone now", values, context: context)
    }

    static func breathe(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        try environment.render("help/breathe", title: "Breathe for two minutes", try links(context), context: context)
    }

    static func ground(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        try environment.render("help/ground", title: "A grounding reset", try links(context), context: context)
    }

    /// "I'm safe for now": back to the page the person came from (a path on this site only), or home.
    static func safe(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        .redirect(to: Paths.safeReturn(try context.query()["from"]))
    }

    /// Where the person came from travels with them through the flow.
    static func links(_ context: RequestContext) throws -> [String: Any] {
        let from = Paths.safeReturn(try context.query()["from"])
        return ["nowPath": Paths.help(Paths.helpNow, from: from), "talkPath": Paths.help(Paths.helpTalk, from: from),
                "breathePath": Paths.help(Paths.helpBreathe, from: from), "groundPath": Paths.help(Paths.helpGround, from: from),
                "safePath": Paths.help(Paths.helpSafe, from: from)]
    }
}
