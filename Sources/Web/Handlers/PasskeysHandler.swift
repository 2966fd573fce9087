import Domain
import Foundation
import HTTPServer
import UseCases

/// Passkeys: the options a browser needs (JSON, for our script), adding and removing one on the security page,
/// signing in with one on the log-in page, and opening the app lock with one. Every refusal is a page that says why
/// in plain words, with the person's way forward.
enum PasskeysHandler {
    /// Where a member confirms it's them before adding a passkey, and comes back to the security page.
    static let confirmToAdd = Route.unlock.path + "?next=" + PercentEncoding.encode(Route.accountSecurity.path) + "&for=" + UnlockPurpose.passkey.rawValue

    static func registrationOptions(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        guard let session = context.session else { throw WebError.notFound }
        let options: Passkeys.Options
        switch try environment.passkeys.registrationOptions(member, session: session, site: environment.passkeySite(for: context.scope.tenant)) {
        case .success(let made): options = made
        case .failure(.staffNeedsApproval):
            var response = Response(status: .forbidden, headers: ["Content-Type": "application/json; charset=utf-8"],
                                    body: JSONValue.encode(["confirm": .string(Route.accountSecurity.path)]))
            response.headers.set("Cache-Control", "no-store")
            return response
        case .failure:
            // The page's script goes where this says: the person confirms it's them, then comes back to add it.
            var response = Response(status: .forbidden, headers: ["Content-Type": "application/json; charset=utf-8"],
                                    body: JSONValue.encode(["confirm": .string(confirmToAdd)]))
            response.headers.set("Cache-Control", "no-store")
            return response
        }
        return json([
            "challenge": .string(options.challenge),
            "rp": .object(["id": .string(options.rpID), "name": .string(options.rpName)]),
            "user": .object(["id": .string(options.userID ?? ""), "name": .string(options.userName ?? ""),
                             "displayName": .string(options.userName ?? "")]),
            "pubKeyCredParams": .array([-7, -257].map { .object(["type": .string("public-key"), "alg": .int($0)]) }),
            "timeout": .int(options.timeoutMilliseconds),
            "attestation": .string("none"),
            "authenticatorSelection": .object(["residentKey": .string("required"), "requireResidentKey": .bool(true),
                                               "userVerification": .string("required")]),
            "excludeCredentials": credentials(options.credentialIDs),
        ])
    }

    static func add(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let form = try context.form()
        let name = String((form["name"] ?? "").prefix(200))
        guard let response = PasskeyResponse(json: form["credential"] ?? "") else {
            return try AccountHandler.securityPage(context, environment, member, typedName: name,
                                                   refusal: (message(for: .unreadable), .unprocessableContent))
        }
        guard let session = context.session else { throw WebError.notFound }
        switch try environment.passkeys.register(member, session: session, site: environment.passkeySite(for: context.scope.tenant),
                                                 response: response, name: name) {
        case .success: return .redirect(to: Route.accountSecurity.path + "?notice=passkey-added")
        case .failure(.needsFreshProof): return .redirect(to: confirmToAdd)
        case .failure(.staffNeedsApproval): return .redirect(to: Route.accountSecurity.path)
        case .failure(let refusal):
            return try AccountHandler.securityPage(context, environment, member, typedName: name, refusal: (message(for: refusal), status(for: refusal)))
        }
    }

    static func remove(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: PasskeyID) throws -> Response {
        guard try environment.passkeys.remove(member, id: id) else { throw WebError.notFound }
        return .redirect(to: Route.accountSecurity.path + "?notice=passkey-removed")
    }

    // MARK: A staff member's first passkey (issue 65)

    /// The approved link mailed to a staff member: one more tap lets this session add their first passkey.
    static func firstPage(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        try EmailedLink.page(context, environment, title: "Add your passkey",
                             explanation: "An admin has approved your first passkey. Continue, then add it on the next page.",
                             action: Route.submitFirstPasskey.path, button: "Continue") { token in
            try environment.firstPasskeys.isLive(member, token: token)
        }
    }

    /// With the link's token: this session may add the passkey now. Without one: the staff member asks the other
    /// admins to approve it.
    static func first(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let form = try context.form()
        if let token = form["token"] {
            guard let session = context.session, try environment.firstPasskeys.use(member, session: session, token: String(token.prefix(64))) else {
                return try LogInHandler.linkExpired(context, environment)
            }
            return .redirect(to: Route.accountSecurity.path + "?notice=first-passkey-ready")
        }
        guard try environment.firstPasskeys.ask(member) else { throw WebError.notFound }
        return .redirect(to: Route.accountSecurity.path + "?notice=first-passkey-asked")
    }

    /// Another admin approves; the staff member is mailed the link.
    static func approveFirst(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope, _ id: AccountID) throws -> Response {
        guard try environment.firstPasskeys.approve(member, for: id) else { throw WebError.notFound }
        return .redirect(to: Route.members.path + "?notice=first-passkey-approved")
    }

    static func signInOptions(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let options = try environment.passkeys.signInOptions(context.scope, site: environment.passkeySite(for: context.scope.tenant),
                                                             clientAddress: context.clientAddress(trustedProxies: environment.configuration.trustedProxies))
        return json(requestOptions(options))
    }

    static func signIn(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let form = try context.form()
        let next = ReturnPath.safe(form["next"])
        guard let response = PasskeyResponse(json: form["credential"] ?? "") else {
            return try LogInHandler.refused(context, environment, next: next, message: message(for: .unreadable), status: .unprocessableContent)
        }
        switch try environment.passkeys.signIn(context.scope, site: environment.passkeySite(for: context.scope.tenant), response: response) {
        case .success(let account): return try LogInHandler.signedIn(account, goingTo: next, context, environment, proof: .passkey)
        case .failure(let refusal):
            return try LogInHandler.refused(context, environment, next: next, message: message(for: refusal), status: status(for: refusal))
        }
    }

    static func unlockOptions(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        json(requestOptions(try environment.passkeys.unlockOptions(member, site: environment.passkeySite(for: context.scope.tenant))))
    }

    static func unlock(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        let form = try context.form()
        let next = ReturnPath.safe(form["next"])
        let purpose = UnlockPurpose(form["for"]), carried = LockedForm.Carried(form)
        guard let session = context.session else { throw WebError.notFound }
        guard let response = PasskeyResponse(json: form["credential"] ?? "") else {
            return try AppLockHandler.page(context, environment, member, next: next, purpose: purpose, carried: carried,
                                           error: ("passkey", message(for: .unreadable)), status: .unprocessableContent)
        }
        switch try environment.passkeys.unlock(member, session: session, site: environment.passkeySite(for: context.scope.tenant), response: response) {
        case .success: return try carried.map { try LockedForm.offerBack($0, next: next, context, environment) } ?? .redirect(to: next)
        case .failure(let refusal):
            return try AppLockHandler.page(context, environment, member, next: next, purpose: purpose, carried: carried,
                                           error: ("passkey", message(for: refusal)), status: status(for: refusal))
        }
    }

    private static func requestOptions(_ options: Passkeys.Options) -> [String: JSONValue] {
        ["challenge": .string(options.challenge), "rpId": .string(options.rpID), "timeout": .int(options.timeoutMilliseconds),
         "userVerification": .string("required"), "allowCredentials": credentials(options.credentialIDs)]
    }

    private static func credentials(_ ids: [String]) -> JSONValue {
        .array(ids.map { .object(["type": .string("public-key"), "id": .string($0)]) })
    }

    /// The options, under `publicKey` as `navigator.credentials` takes them; never kept by any cache.
    private static func json(_ publicKey: [String: JSONValue]) -> Response {
        var response = Response(status: .ok, headers: ["Content-Type": "application/json; charset=utf-8"],
                                body: JSONValue.encode(["publicKey": .object(publicKey)]))
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    static func message(for refusal: Passkeys.Refusal) -> String {
        switch refusal {
        case .unreadable:
            "Your browser didn’t send a passkey. Passkeys need JavaScript switched on and a browser that supports them; your password works too."
        case .challengeSpent:
            "That took a little too long, or was already used. Please try again."
        case .otherSite:
            "That passkey was made for a different website, so it can’t be used here."
        case .notVerified:
            "Your device didn’t confirm it was you (with your face, fingerprint or screen lock). Please try again."
        case .unsupportedKind:
            "That kind of passkey isn’t one we can use. Please try another device or password manager."
        case .looksCopied:
            "That passkey looks as if it may have been copied, so it wasn’t accepted. Please use your password, and remove the passkey in your security settings."
        case .unknownPasskey:
            "We couldn’t recognise that passkey. It may have been removed, or made for another organisation."
        case .alreadyRegistered:
            "That passkey is already on your account."
        case .tooMany:
            "You have \(Passkey.maximumPerAccount) passkeys, the most you can keep. Please remove one you no longer use first."
        case .needsFreshProof:
            "A passkey can sign in as you, so please confirm it’s you before adding one."
        case .staffNeedsApproval:
            "Your organisation asks staff to add a passkey only after confirming with a passkey or its single sign-on. For your first, ask another admin to approve it."
        }
    }

    static func status(for refusal: Passkeys.Refusal) -> HTTPStatus {
        switch refusal {
        case .challengeSpent, .alreadyRegistered, .tooMany: .conflict
        case .needsFreshProof, .staffNeedsApproval: .forbidden
        default: .unprocessableContent
        }
    }
}
