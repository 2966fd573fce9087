import HTTPServer

/// What every page's layout needs: the site name, asset URLs and the page title.
public struct LayoutContext: Sendable {
    public let siteName: String
    let stylesheet: String

    public init(siteName: String, staticFiles: StaticFileStore) {
        self.siteName = siteName
        self.stylesheet = staticFiles.url(for: "/css/app.css")
    }

    /// The layout's values merged with a page's own (the page's win). Titles read "Page – Site".
    func page(title: String?, _ values: [String: Any]) -> [String: Any] {
        var context: [String: Any] = [
            "siteName": siteName,
            "pageTitle": title.map { "\($0) – \(siteName)" } ?? siteName,
            "stylesheet": stylesheet,
            "paths": Paths.forTemplates,
        ]
        context.merge(values) { _, page in page }
        return context
    }
}
