import Domain
import Foundation
import HTTPServer
import UseCases

/// One request as a handler sees it: the request, the route it named (its values typed: the handler takes them as
/// arguments from `Route.respond`), whose request it is (the scope) and the CSRF token its forms must carry.
public final class RequestContext: Sendable {
    public let request: Request
    /// Nil only for a context made for rendering outside a route (tests, the signed-out page after deleting an account).
    let route: Route?
    public let scope: Scope
    public let session: SessionRecord?
    public let csrfToken: String

    init(request: Request, route: Route? = nil, scope: Scope, session: SessionRecord? = nil, csrfToken: String = "") {
        self.request = request
        self.route = route
        self.scope = scope
        self.session = session
        self.csrfToken = csrfToken
    }

    /// The address rate limits key on: the peer's, or, when the peer is a trusted proxy, the nearest
    /// address in `X-Forwarded-For` that is not itself a trusted proxy.
    public func clientAddress(trustedProxies: [IPAddressRange]) -> String {
        ClientAddress.resolve(peer: request.remoteAddress, forwardedFor: request.headers.values("X-Forwarded-For"),
                              trustedProxies: trustedProxies)
    }

    public func query() throws(WebError) -> FormData {
        guard let query = request.query else { return FormData() }
        return try FormData(urlEncoded: query)
    }

    /// The form in the body: URL-encoded, or the text fields of a multipart form (files from `uploadedFiles`). Any
    /// other content type is refused rather than misread.
    public func form() throws(WebError) -> FormData {
        if let multipart = try multipartForm() { return multipart.fields }
        let type = request.headers["Content-Type"]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard type == "application/x-www-form-urlencoded" else {
            throw .badRequest("Forms must be sent as application/x-www-form-urlencoded.")
        }
        return try FormData(urlEncoded: request.body)
    }

    /// The body as a multipart form (its text fields and files), or nil for any other body.
    func multipartForm() throws(WebError) -> MultipartForm? {
        guard let boundary = MultipartForm.boundary(contentType: request.headers["Content-Type"] ?? "") else { return nil }
        return try MultipartForm(body: request.body, boundary: boundary)
    }

    public var cookies: RequestCookies { RequestCookies(headers: request.headers) }
}
