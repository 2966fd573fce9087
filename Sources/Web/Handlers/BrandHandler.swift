import Domain
import HTTPServer
import Security

/// `GET /brand.css`: the tenant's accent colour as custom properties, with a text colour on it that is
/// sure to pass contrast. A stylesheet rather than inline style, because the CSP allows no inline style.
enum BrandHandler {
    static func stylesheet(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        let css = css(for: context.scope.tenant.settings.accentColour)
        let etag = "\"" + String(Digest.sha256Hex(css).prefix(16)) + "\""
        var headers: HTTPHeaders = ["Content-Type": "text/css; charset=utf-8", "ETag": etag, "Cache-Control": "no-cache"]
        if context.request.headers["If-None-Match"] == etag {
            headers.set("Content-Type", "text/css; charset=utf-8")
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: Array(css.utf8))
    }

    /// The same accent in both themes; its text colour is whichever of black and white reads better.
    static func css(for accentHex: String) -> String {
        guard let accent = Colour(hex: accentHex) else { return "/* no valid accent colour: the defaults stay */\n" }
        let text = accent.readableText
        return """
            /* This organisation's accent colour. */
            :root, :root[data-theme] { --accent: \(accent.hex); --on-accent: \(text.hex); }
            @media (prefers-color-scheme: dark) { :root:not([data-theme="light"]) { --accent: \(accent.hex); --on-accent: \(text.hex); } }

            """
    }
}
