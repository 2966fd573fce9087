import Domain
import HTTPServer
import Cryptography
import UseCases

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

    /// `GET /brand/logo.png`: the organisation's logo. With the fingerprint the page links (`?v=`) it may be kept for
    /// good; without, it is checked each time.
    static func logo(_ context: RequestContext, _ environment: AppEnvironment) throws -> Response {
        guard let logo = try environment.branding.logo(context.scope)
        else { throw WebError.notFound }
        let etag = "\"" + logo.sha.prefix(16) + "\""
        let pinned = try context.query()["v"] == String(logo.sha.prefix(16))
        var headers: HTTPHeaders = ["Content-Type": "image/png", "ETag": etag,
                                    "Cache-Control": pinned ? "public, max-age=31536000, immutable" : "no-cache"]
        if context.request.headers["If-None-Match"] == etag {
            headers.set("Content-Type", "image/png")
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: logo.png)
    }

    /// `/admin/logo`: an admin uploads a PNG (up to 60 KB, 2000 px a side) or removes it. SVG is refused (see PNGImage).
    static func logoPage(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        try logoForm(context, environment, member: member, errors: FormErrors())
    }

    static func saveLogo(_ context: RequestContext, _ environment: AppEnvironment, _ member: MemberScope) throws -> Response {
        // Parsed once: the upload's fields and file, or the plain form of "Remove the logo".
        let multipart = try context.multipartForm()
        if try (multipart?.fields ?? context.form())["remove"] != nil {
            try environment.administration.setLogo(member, png: nil)
            return .redirect(to: Route.adminLogo.path + "?notice=logo-removed")
        }
        var errors = FormErrors()
        guard let file = multipart?.files.first(where: { $0.name == "logo" }), !file.bytes.isEmpty else {
            errors.add("logo", "Choose a PNG file to upload.")
            return try logoForm(context, environment, member: member, errors: errors, status: .unprocessableContent)
        }
        do {
            try environment.administration.setLogo(member, png: file.bytes)
        } catch let problem as PNGImage.Problem {
            switch problem {
            case .tooLarge: errors.add("logo", "Please use a PNG of 60 KB or less. Most logos fit at 400 pixels wide.")
            case .badSize: errors.add("logo", "Please use a PNG up to 2000 pixels on each side.")
            case .notPNG: errors.add("logo", file.contentType.contains("svg") || file.filename.lowercased().hasSuffix(".svg")
                                         ? "SVG files can carry scripts, so we take PNG only. Please export your logo as a PNG."
                                         : "That file isn’t a PNG we can read. Please export your logo as a PNG.")
            }
            return try logoForm(context, environment, member: member, errors: errors, status: .unprocessableContent)
        }
        return .redirect(to: Route.adminLogo.path + "?notice=logo-saved")
    }

    private static func logoForm(_ context: RequestContext, _ environment: AppEnvironment, member: MemberScope, errors: FormErrors,
                                 status: HTTPStatus = .ok) throws -> Response {
        guard member.account.role == .admin else { throw WebError.notFound }
        let page = LogoPage(logoPath: member.tenant.settings.logoSHA.map { Route.logo.path + "?v=" + $0.prefix(16) }, errors: errors)
        return try environment.render(page, title: "Logo", errors: errors, context: context, status: status)
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
