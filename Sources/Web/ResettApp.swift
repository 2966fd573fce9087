import HTTPServer
import Logging
import Storage

/// The application as the HTTP server sees it: static files first, then the router, with security
/// headers on everything and every error turned into a page.
public final class ResettApp: HTTPResponder {
    let environment: AppEnvironment
    private let router: Router
    private let errorPages: ErrorPages

    public init(environment: AppEnvironment) {
        self.environment = environment
        self.router = Routes.make(environment)
        self.errorPages = ErrorPages(renderer: environment.renderer, layout: environment.layout)
    }

    public func placement(for request: Request) -> ResponsePlacement {
        // Files are answered from memory; never worth a hop to a worker.
        (request.method == "GET" || request.method == "HEAD") && environment.staticFiles.contains(path: request.path)
            ? .eventLoop : .workerPool
    }

    public func respond(to request: Request) -> Response {
        var response = route(request)
        SecurityHeaders.apply(to: &response)
        return response
    }

    public func errorResponse(for status: HTTPStatus) -> Response {
        var response = errorPages.response(for: status)
        SecurityHeaders.apply(to: &response)
        return response
    }

    private func route(_ request: Request) -> Response {
        if request.method == "GET" || request.method == "HEAD", let file = environment.staticFiles.response(for: request) {
            return file
        }
        do {
            switch try router.match(method: request.method, path: request.path) {
            case .found(let handler, let parameters):
                return try handler(RequestContext(request: request, parameters: parameters))
            case .methodNotAllowed(let allowed):
                throw WebError.methodNotAllowed(allowed: allowed)
            case .notFound:
                throw WebError.notFound
            }
        } catch let error as WebError {
            var response = errorPages.response(for: error.status, detail: error)
            if case .methodNotAllowed(let allowed) = error { response.headers.set("Allow", allowed.joined(separator: ", ")) }
            return response
        } catch {
            // The cause goes to the log, never to the person; the path is logged without its query.
            environment.logger.error("handler failed", metadata: [
                "method": .string(request.method), "path": .string(String(request.path)), "error": .string("\(error)"),
            ])
            return errorPages.response(for: .internalServerError)
        }
    }
}
