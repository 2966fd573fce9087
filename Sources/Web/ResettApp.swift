import Domain
import Foundation
import HTTPServer
import Logging
import Cryptography
import UseCases

/// The application as the HTTP server sees it: static files first; then the tenant from the Host, the
/// session, the CSRF check on every POST and the router; security headers on everything and every error
/// turned into a page.
public final class ResettApp: HTTPResponder {
    let environment: AppEnvironment
    private let router: Router
    private let errorPages: ErrorPages
    private let gate: Gate

    public init(environment: AppEnvironment) {
        self.environment = environment
        self.router = Routes.make(environment)
        self.errorPages = ErrorPages(layout: environment.layout(for: nil))
        self.gate = environment.gate
    }

    public func placement(for request: Request) -> ResponsePlacement {
        // Anything that may wait for a password hash or on an identity provider waits on the waiting pool, never on a
        // page worker: a morning's log-ins or a provider that hangs cannot slow anyone's pages.
        if request.method == "POST", Self.waitingPaths.contains(String(request.path)) || request.path.hasPrefix(Self.signOnPrefix) {
            return .waiting
        }
        if request.path == Paths.signOnCallback { return .waiting }
        guard request.method == "GET" || request.method == "HEAD" else { return .workerPool }
        // Files are answered from memory; never worth a hop to a worker.
        if environment.staticFiles.contains(path: request.path) { return .eventLoop }
        // The health check must answer while every worker is busy: a load balancer would otherwise take a
        // slow node for a dead one, or a dead one for a slow one.
        return request.path == Paths.health || request.path == Paths.ready ? .priority : .workerPool
    }

    /// Forms that check or set a password, and the pages that talk to an identity provider.
    static let waitingPaths: Set<String> = [Paths.logIn, Paths.signUp, Paths.passwordReset, Paths.accountPassword, Paths.accountEmail,
                                            Paths.accountDelete, Paths.adminSignOn]
    static let signOnPrefix = "/login/sso/"

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
        // The health check is for operators and load balancers, whatever the host; it must not need the
        // database to find a tenant before it can say whether the database works.
        if request.path == Paths.health, request.method == "GET" || request.method == "HEAD" {
            var response = HealthHandler.check(environment)
            response.route = Paths.health
            return response
        }
        if request.path == Paths.ready, request.method == "GET" || request.method == "HEAD" {
            var response = HealthHandler.ready(environment)
            response.route = Paths.ready
            return response
        }
        if request.path == Paths.metrics, request.method == "GET" {
            var response = MetricsHandler.scrape(request, environment)
            response.route = Paths.metrics
            return response
        }
        var context: RequestContext?
        do {
            guard let (_, scope, session) = try gate.resolve(
                host: request.headers["Host"], sessionToken: RequestCookies(headers: request.headers)[environment.configuration.sessionCookieName])
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

            switch try router.match(method: request.method, path: request.path) {
            case .found(let handler, let parameters, let pattern):
                matched = pattern
                let current = RequestContext(request: request, parameters: parameters, scope: scope, session: session,
                                             csrfToken: csrfToken)
                context = current
                // Payment webhooks come from the provider, not a browser: their signature is their proof. SCIM requests
                // come from an identity provider with a bearer token, which is theirs (a browser never sends one).
                // Only POST changes anything through a form; PUT, PATCH and DELETE exist only under /scim.
                if request.method == "POST", request.path != Paths.paymentWebhooks, !request.path.hasPrefix(Paths.scim + "/") {
                    // A fresh anonymous token cannot match anything sent: that POST came without our cookie.
                    try CSRFProtection.verify(request, form: (try? current.form()) ?? FormData(),
                                              expected: newCSRFCookie == nil ? csrfToken : "")
                }
                var response = try handler(current)
                if let newCSRFCookie, request.method == "GET" { response.setCookie(newCSRFCookie) }
                response.route = pattern
                return response
            case .methodNotAllowed(let allowed):
                if request.path.hasPrefix(Paths.scim + "/") {
                    var response = SCIMHandler.unknown(.methodNotAllowed)
                    response.headers.set("Allow", allowed.joined(separator: ", "))
                    return response
                }
                throw WebError.methodNotAllowed(allowed: allowed)
            case .notFound:
                if request.path.hasPrefix(Paths.scim + "/") { return SCIMHandler.unknown(.notFound) }
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
            return Response.redirect(to: Paths.logIn + "?next=" + PercentEncoding.encode(returnTo))
        case .methodNotAllowed(let allowed):
            var response = errorPages.response(for: error.status)
            response.headers.set("Allow", allowed.joined(separator: ", "))
            return response
        case .tooManyRequests(let seconds), .busy(let seconds):
            var response = errorPages.response(for: error.status, wait: seconds)
            response.headers.set("Retry-After", String(seconds))
            return response
        default:
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
