/// A complete response. The server adds `Date`, `Content-Length` and `Connection`; everything else is the handler's.
public struct Response: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    /// What is sent after the head, as it is.
    public var content: ResponseBody
    /// The body as bytes: reading it copies shared bytes (see `ResponseBody`), so the server itself sends `content`.
    public var body: [UInt8] {
        get { content.bytes }
        set { content = ResponseBody(newValue) }
    }
    /// The route that answered, as written in the route table ("/runs/:run/steps/:step"), for logs and metrics:
    /// never sent, and never the path itself (paths carry ids).
    public var route: String?

    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.init(status: status, headers: headers, content: ResponseBody(body))
    }

    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), content: ResponseBody) {
        self.status = status
        self.headers = headers
        self.content = content
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
