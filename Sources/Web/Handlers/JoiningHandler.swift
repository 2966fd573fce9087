import Domain
import Foundation
import HTTPServer
import UseCases

/// /admin/joining: who may create an account (anyone, addresses at the organisation's domains, or by invitation), and
/// invitation links: made (the link is shown once, on the page that answers the form), listed and withdrawn. For anyone
/// but admins these do not exist.
enum JoiningHandler {
    static func show(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let policy = try environment.joining.policy(member)
        return try page(context, environment, member: member, rule: policy.rule, domains: policy.domains.joined(separator: "\n"),
                        errors: FormErrors())
    }

    static func savePolicy(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let form = try context.form()
        let domainsText = String((form["domains"] ?? "").prefix(3000))
        var errors = FormErrors()
        guard let rule = SignUpPolicy.Rule(rawValue: form["rule"] ?? "") else {
            errors.add("rule", "Choose who may join.")
            return try page(context, environment, member: member, rule: nil, domains: domainsText, errors: errors, status: .unprocessableContent)
        }
        let domains = domainsText.split(whereSeparator: \.isNewline).map(String.init)
        if try errors.attempt("domains", { try environment.joining.savePolicy(member, rule: rule, domains: domains) }) == nil {
            return try page(context, environment, member: member, rule: rule, domains: domainsText, errors: errors, status: .unprocessableContent)
        }
        return .redirect(to: Route.joining.path + "?notice=joining-saved")
    }

    static func createInvitation(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let form = try context.form()
        let label = String((form["label"] ?? "").prefix(200))
        let uses = form["uses"].flatMap { WholeNumber.parse($0, in: Joining.invitationUses) }
        let days = form["days"].flatMap { WholeNumber.parse($0, in: Joining.invitationDays) }
        let policy = try environment.joining.policy(member)
        var errors = FormErrors()
        if uses == nil { errors.add("uses", "Choose how many people can use it, from 1 to 10,000.") }
        if days == nil { errors.add("days", "Choose how many days it works for, from 1 to 90.") }
        var created: String?
        if let uses, let days {
            if let token = try errors.attempt("label", { try environment.joining.createInvitation(member, label: label, uses: uses, days: days) }) {
                // Built from configuration, never from the request's Host.
                created = environment.configuration.absoluteURL(Route.signUp.path + "?invitation=" + token, for: member.tenant)
            }
        }
        let typed = ["label": label, "uses": form["uses"].map { String($0.prefix(20)) } ?? "1", "days": form["days"].map { String($0.prefix(20)) } ?? "14"]
        return try page(context, environment, member: member, rule: policy.rule, domains: policy.domains.joined(separator: "\n"),
                        errors: errors, typed: created == nil ? typed : [:], created: created,
                        status: errors.isEmpty ? .ok : .unprocessableContent)
    }

    static func createProvisioningToken(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let label = String((try context.form()["token_label"] ?? "").prefix(200))
        let policy = try environment.joining.policy(member)
        var errors = FormErrors()
        let token = try errors.attempt("token_label", { try environment.provisioning.createToken(member, label: label) })
        return try page(context, environment, member: member, rule: policy.rule, domains: policy.domains.joined(separator: "\n"),
                        errors: errors, typed: ["token_label": token == nil ? label : ""], createdToken: token,
                        status: errors.isEmpty ? .ok : .unprocessableContent)
    }

    static func revokeProvisioningToken(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: ProvisioningTokenID) throws -> Response {
        try environment.provisioning.revokeToken(member, id: id)
        return .redirect(to: Route.joining.path + "?notice=token-revoked")
    }

    static func withdraw(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: InvitationID) throws -> Response {
        try environment.joining.revokeInvitation(member, id: id)
        return .redirect(to: Route.joining.path + "?notice=invitation-withdrawn")
    }

    private static func page(_ context: RequestContext, _ environment: AppEnvironment, member: MemberScope, rule: SignUpPolicy.Rule?,
                             domains: String, errors: FormErrors, typed: [String: String] = [:], created: String? = nil,
                             createdToken: String? = nil, status: HTTPStatus = .ok) throws -> Response {
        guard member.account.role == .admin else { throw WebError.notFound }
        let now = environment.clock()
        let rules: [(SignUpPolicy.Rule, String, String)] = [
            (.open, "Anyone", "Anyone who confirms their email address can join."),
            (.domains, "People with an email address at your domains", "They confirm it by a link we email them."),
            (.invitations, "Only people with an invitation link", "Make links below and share them however suits you."),
        ]
        let invitations = try environment.joining.invitations(member).map { invitation in
            let state: String
            if invitation.revokedAt != nil { state = "Withdrawn" }
            else if invitation.uses >= invitation.maxUses { state = "Used up" }
            else if invitation.expiresAt <= now { state = "Ended" }
            else {
                let days = max(1, (invitation.expiresAt - now + 86_399) / 86_400)
                state = "Works for \(days) more \(days == 1 ? "day" : "days")"
            }
            return JoiningPage.Invitation(
                label: invitation.label, state: state,
                uses: invitation.maxUses == 1 ? (invitation.uses == 1 ? "Used" : "For one person") : "\(invitation.uses) of \(invitation.maxUses) used",
                canWithdraw: invitation.isLive(now: now), withdrawPath: Route.invitationRevoke(InvitationID(stored: invitation.id)).path)
        }
        // Provisioning (SCIM): where the identity provider connects, and its tokens.
        let tokens = try environment.provisioning.tokens(member).map { token in
            JoiningPage.Token(label: token.label,
                              used: token.lastUsedAt.map { "last used \(Day.of($0, in: member.account.timeZone).longText)" } ?? "not used yet",
                              revokePath: Route.provisioningTokenRevoke(ProvisioningTokenID(stored: token.id)).path)
        }
        let page = JoiningPage(rules: rules.map { .init(value: $0.0.rawValue, label: $0.1, hint: $0.2, checked: $0.0 == rule) }, domains: domains,
                               label: typed["label"] ?? "", uses: typed["uses"] ?? "1", days: typed["days"] ?? "14", invitations: invitations,
                               created: created, scimBase: environment.configuration.absoluteURL(Route.scimRoot, for: member.tenant),
                               tokenLabel: typed["token_label"] ?? "", tokens: tokens, createdToken: createdToken, errors: errors)
        return try environment.render(page, title: "Who may join", errors: errors, context: context, status: status)
    }
}
