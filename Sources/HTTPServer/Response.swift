/// A complete response. The server adds `Date`, `Content-Length` and `Connection`; everything else is the handler's.
public struct Response: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// The route that answered, as written in the route table ("/runs/:run/steps/:step"), for logs and metrics:
    /// never sent, and never the path itself (paths carry ids).
    public var route: String?

    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public init(status: HTTPStatus = .ok, contentType: String, body: String) {
        self.init(status: status, headers: ["Content-Type": contentType], body: Array(body.utf8))
    }

    public static func text(_ text: String, status: HTTPStatus = .ok) -> Response {
        Response(status: status, contentType: "text/plain; charset=utf-8", body: text)
    }

    public static func html(_ html: String, status: HTTPStatus = .ok) -> Response {
        Response(status: status, contentType: "text/html; charset=utf-8", body: html)
    }
}
