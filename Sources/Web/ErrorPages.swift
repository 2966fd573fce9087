import Domain
import HTTPServer

/// Error pages rendered from `Views/errors/error.mustache`, in calm words, never with a stack trace.
struct ErrorPages: Sendable {
    private let pages: [Int: Response]
    private let layout: LayoutContext

    static let statuses: [HTTPStatus] = [
        .badRequest, .forbidden, .notFound, .methodNotAllowed, .conflict, .unprocessableContent, .requestTimeout, .contentTooLarge, .uriTooLong,
        .tooManyRequests, .requestHeaderFieldsTooLarge, .internalServerError, .notImplemented,
        .serviceUnavailable, .httpVersionNotSupported,
    ]

    init(layout: LayoutContext) {
        self.layout = layout
        var pages: [Int: Response] = [:]
        for status in Self.statuses {
            pages[status.code] = Self.render(status, detail: nil, layout: layout)
        }
        self.pages = pages
    }

    /// A 429 or 503 that says how long to wait, in words ("about 5 minutes"), matching its Retry-After.
    func response(for status: HTTPStatus, wait seconds: Int) -> Response {
        let wait = seconds <= 60 ? "a minute" : seconds < 3_600 ? "about \(DurationWords.of(seconds: (seconds + 59) / 60 * 60))"
            : "about \((seconds + 3_599) / 3_600) hour\(seconds > 3_600 ? "s" : "")"
        let detail = seconds <= 60 && status == .serviceUnavailable ? nil : "Please wait \(wait), then try again. Nothing you’ve saved is lost."
        return Self.render(status, detail: detail, layout: layout)
    }

    func response(for status: HTTPStatus, detail: WebError? = nil) -> Response {
        guard let words = Self.detail(detail) else { return pages[status.code] ?? Self.render(status, detail: nil, layout: layout) }
        return Self.render(status, detail: words, layout: layout)
    }

    /// The page's view model, for rendering inside a signed-in person's own layout.
    func page(for status: HTTPStatus, detail: WebError?) -> ErrorPage {
        let (heading, message) = Self.words(for: status)
        return ErrorPage(status: status.code, heading: heading, message: message, detail: Self.detail(detail))
    }

    /// What an error says beyond its status, when it says anything.
    private static func detail(_ error: WebError?) -> String? {
        switch error {
        case .badRequest(let message), .conflict(let message): message
        case .csrfFailed: "This form had expired. Please reload the page and try again; nothing was changed."
        default: nil
        }
    }

    private static func render(_ status: HTTPStatus, detail: String?, layout: LayoutContext) -> Response {
        let (heading, message) = words(for: status)
        var body = HTMLFragment(capacity: 4096)
        ErrorPage(status: status.code, heading: heading, message: message, detail: detail)
            .write(layout: LayoutView(layout, title: heading, notice: nil, moderationWaiting: nil), into: &body)
        var response = Response.html(body.text, status: status)
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    static func words(for status: HTTPStatus) -> (heading: String, message: String) {
        switch status.code {
        case 400: ("That request didn’t make sense to us", "Something in it wasn’t in a form we can read. Please go back and try again.")
        case 403: ("That didn’t go through", "Please reload the page and try again.")
        case 404: ("We couldn’t find that page", "It may have moved, or the link may be mistyped.")
        case 405: ("That can’t be done here", "This page doesn’t accept that kind of request.")
        case 409: ("That’s already done", "Nothing more is needed here.")
        case 422: ("That didn’t look quite right", "Please go back and check what was entered.")
        case 408: ("That took a little too long", "The connection was quiet for a while, so we closed it. Please try again.")
        case 413: ("That was more than we can take", "What was sent is larger than this page accepts.")
        case 414: ("That address is too long", "Please check the link and try again.")
        case 429: ("Let’s pause for a moment", "There have been a lot of requests in a short time. Please try again shortly.")
        case 431: ("That request carried too much", "Its headers were larger than we accept.")
        case 501: ("That isn’t supported", "The request used a feature we don’t support.")
        case 503: ("We’re busy just now", "Please try again in a moment.")
        case 505: ("That HTTP version isn’t supported", "Please use HTTP/1.1.")
        default: ("Something went wrong on our side", "It isn’t anything you did. Please try again in a moment.")
        }
    }
}
