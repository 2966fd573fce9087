import CoreMetrics
import Cryptography
import Domain
import Foundation
import HTTPServer
import Logging
import UseCases

/// The application as the HTTP server sees it: static files first; then the tenant from the Host, the
/// session, the CSRF check on every POST and the router; security headers on everything and every error
/// turned into a page.
public final class ResettApp: HTTPResponder {
    let environment: AppEnvironment
    private let errorPages: ErrorPages
    private let gate: Gate

    public init(environment: AppEnvironment) {
        self.environment = environment
        self.errorPages = ErrorPages(layout: environment.layout(for: nil))
        self.gate = environment.gate
    }

    /// Files are answered from memory on the event loop, never worth a hop to a worker; every route says where it is
    /// answered (`Route.Kind.placement`); anything else is an error page, rendered by a worker.
    public func placement(for request: Request) -> ResponsePlacement {
        if request.method == "GET" || request.method == "HEAD", environment.staticFiles.contains(path: request.path) { return .eventLoop }
        if let placement = Route.placement(method: request.method, path: request.path) { return placement }
        guard case .found(let route)? = try? Route.parse(method: request.method, path: request.path) else { return .workerPool }
        return route.kind.placement
    }

    public func respond(to request: Request) -> Response {
        var matched: String?
        var response = route(request, matched: &matched)
        // An error page answered for a route still counts under that route.
        if response.route == nil { response.route = matched }
        SecurityHeaders.apply(to: &response, https: environment.configuration.secureCookies)
        return response
    }

    public func didRespond(_ completed: CompletedRequest) {
        environment.metrics.record(completed)
    }

    public func errorResponse(for status: HTTPStatus) -> Response {
        var response = errorPages.response(for: status)
        SecurityHeaders.apply(to: &response, https: environment.configuration.secureCookies)
        return response
    }

    private func route(_ request: Request, matched: inout String?) -> Response {
        if request.method == "GET" || request.method == "HEAD", var file = environment.staticFiles.response(for: request) {
            file.route = "/static"
            return file
        }
        let match: Route.Match
        do {
            match = try Route.parse(method: request.method, path: request.path)
        } catch {
            return response(for: error, context: nil)
        }
        // The health checks and metrics are for operators and load balancers, whatever the host; they must not need
        // the database to find a tenant before they can say whether the database works.
        if case .found(let route) = match, route.kind.access == .operator {
            var response = route.answerForOperators(request, environment) ?? errorPages.response(for: .notFound)
            response.route = route.kind.pattern
            return response
        }
        // A page's reads share one transaction; not a page that waits on another server, which would hold it open.
        if request.method == "GET" || request.method == "HEAD", case .found(let route) = match, route.kind.placement != .waiting {
            return environment.database.pageReads { answer(request, match, matched: &matched) }
        }
        return answer(request, match, matched: &matched)
    }

    /// The tenant, the session, the CSRF check and the route's own answer, or the page for what went wrong.
    private func answer(_ request: Request, _ match: Route.Match, matched: inout String?) -> Response {
        var context: RequestContext?
        do {
            guard let (_, scope, session) = try gate.resolve(
                host: request.headers["Host"], sessionToken: RequestCookies.value(named: environment.configuration.sessionCookieName, in: request.headers))
            else { return errorPages.response(for: .notFound) }
            var newCSRFCookie: SetCookie?
            let csrfToken: String
            if let session {
                csrfToken = session.csrfToken
            } else if let token = CSRFProtection.anonymousToken(request, cookieName: environment.configuration.csrfCookieName) {
                csrfToken = token
            } else {
                csrfToken = SecureRandom.hex(32)
                var cookie = SetCookie(name: environment.configuration.csrfCookieName, value: csrfToken,
                                       secure: environment.configuration.secureCookies)
                cookie.sameSite = .strict
                newCSRFCookie = cookie
            }

            switch match {
            case .found(let route):
                matched = route.kind.pattern
                let current = RequestContext(request: request, route: route, scope: scope, session: session, csrfToken: csrfToken)
                context = current
                let access = route.kind.access
                if request.method == "POST", access.checksFormToken {
                    // A fresh anonymous token cannot match anything sent: that POST came without our cookie.
                    try CSRFProtection.verify(request, form: (try? current.form()) ?? FormData(),
                                              expected: newCSRFCookie == nil ? csrfToken : "")
                }
                let member = try access.admit(current)
                var response = try route.respond(current, environment, member: member)
                if access == .privateMember, session?.locked == true, request.method != "GET", request.method != "HEAD", let member {
                    response = LockedForm.answer(response, current, environment, member)
                }
                if let newCSRFCookie, request.method == "GET" { response.setCookie(newCSRFCookie) }
                response.route = route.kind.pattern
                return response
            case .methodNotAllowed(let allowed):
                if request.path.hasPrefix(Route.scimRoot + "/") {
                    var response = SCIMHandler.unknown(.methodNotAllowed)
                    response.headers.set("Allow", allowed.joined(separator: ", "))
                    return response
                }
                throw WebError.methodNotAllowed(allowed: allowed)
            case .notFound:
                if request.path.hasPrefix(Route.scimRoot + "/") { return SCIMHandler.unknown(.notFound) }
                // No route, but a person: the page that says so is theirs, with their own header.
                context = RequestContext(request: request, scope: scope, session: session, csrfToken: csrfToken)
                throw WebError.notFound
            }
        } catch let error as WebError {
            return response(for: error, context: context)
        } catch let error as UseCaseError {
            return response(for: WebError(error), context: context)
        } catch HashingPool.Failure.busy {
            environment.metrics.passwordHashRefusals.increment()
            return response(for: .busy(retryAfter: 5), context: context)
        } catch {
            // The cause goes to the log, never to the person; the path is logged without its query.
            environment.logger.error("handler failed", metadata: [
                "request_id": .string(request.id), "method": .string(request.method), "route": .string(matched ?? "-"),
                "error": .string("\(error)"),
            ])
            return errorPages.response(for: .internalServerError)
        }
    }

    private func response(for error: WebError, context: RequestContext?) -> Response {
        switch error {
        case .signInRequired(let returnTo):
            return Response.redirect(to: Route.logIn.path + "?next=" + PercentEncoding.encode(returnTo))
        case .locked(let returnTo, let staff):
            return Response.redirect(to: Route.unlock.path + "?next=" + PercentEncoding.encode(returnTo) + (staff ? "&for=staff" : ""))
        case .methodNotAllowed(let allowed):
            var response = errorPages.response(for: error.status)
            response.headers.set("Allow", allowed.joined(separator: ", "))
            return response
        case .tooManyRequests(let seconds), .busy(let seconds):
            var response = errorPages.response(for: error.status, wait: seconds)
            response.headers.set("Retry-After", String(seconds))
            return response
        default:
            // A signed-in person keeps their own header and navigation on an error page (rendered for them, never
            // kept); everyone else gets the page made once at start.
            if let context, context.scope.account != nil,
               let page = try? environment.render(errorPages.page(for: error.status, detail: error), title: ErrorPages.words(for: error.status).heading,
                                                  context: context, status: error.status) {
                return page
            }
            return errorPages.response(for: error.status, detail: error)
        }
    }
}

extension Response {
    /// 303 See Other: after a form, the browser fetches the next page with GET.
    static func redirect(to location: String) -> Response {
        var response = Response(status: .seeOther)
        response.headers.set("Location", location)
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}
