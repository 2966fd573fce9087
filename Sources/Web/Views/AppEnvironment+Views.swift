import HTTPServer
import UseCases

extension AppEnvironment {
    /// Renders a compiled page inside its layout. A page with a form passes its `errors`: the title then starts
    /// "Error: ", so screen-reader users hear it first.
    func render<Page: CompiledView>(_ page: Page, title: String?, errors: FormErrors? = nil, context: RequestContext,
                                    status: HTTPStatus = .ok) throws -> Response {
        // Staff see how many posts wait for them, from every page.
        let waiting = try safeguarding.waiting(context.scope.member).flatMap { $0 > 0 ? String($0) : nil }
        let shownTitle = errors.map { $0.isEmpty } == false ? title.map { "Error: " + $0 } : title
        let layout = LayoutView(self.layout(for: context), title: shownTitle, notice: Notice.message(context), moderationWaiting: waiting)
        var body = HTMLFragment(capacity: Page.viewSize.expected)
        page.write(layout: layout, into: &body)
        Page.viewSize.saw(body.byteCount)
        return htmlResponse(body, status: status, context: context)
    }
}
