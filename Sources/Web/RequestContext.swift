import Domain
import Foundation
import HTTPServer
import UseCases

/// One request as a handler sees it: the request, its path parameters, whose request it is (the scope)
/// and the CSRF token its forms must carry.
public struct RequestContext: Sendable {
    public let request: Request
    public let parameters: [String: String]
    public let scope: Scope
    public let session: SessionRecord?
    public let csrfToken: String

    public init(request: Request, parameters: [String: String] = [:], scope: Scope, session: SessionRecord? = nil,
                csrfToken: String = "") {
        self.request = request
        self.parameters = parameters
        self.scope = scope
        self.session = session
        self.csrfToken = csrfToken
    }

    public func parameter(_ name: String) throws(WebError) -> String {
        guard let value = parameters[name] else { throw .notFound }
        return value
    }

    /// A path parameter that names a row: it must have an id's form, or the page does not exist (404).
    /// Whether the row exists, and is this person's to see, is the use case's to check next.
    public func id<Entity>(_ name: String, _ type: Entity.Type = Entity.self) throws(WebError) -> EntityID<Entity> {
        guard let text = parameters[name], let id = EntityID<Entity>(text) else { throw .notFound }
        return id
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

    /// The signed-in account, or a redirect to log in that comes back here.
    public func requireAccount() throws(WebError) -> Account {
        try member().account
    }

    /// The signed-in member's scope for staff pages: signed out, such pages do not exist (404), so nobody learns
    /// where they are.
    public func staffMember() throws(WebError) -> MemberScope {
        guard let member = scope.member else { throw .notFound }
        return member
    }

    /// The signed-in member's scope, or a redirect to log in that comes back here.
    public func member() throws(WebError) -> MemberScope {
        guard let member = scope.member else {
            throw .signInRequired(returnTo: request.method == "GET" ? String(request.target) : "/")
        }
        return member
    }
}
