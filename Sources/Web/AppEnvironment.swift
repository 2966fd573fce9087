import HTTPServer
import Logging
import Storage

/// Everything the app depends on, built once by the executable (or a test) and passed in.
public struct AppEnvironment: Sendable {
    public let database: AppDatabase
    public let renderer: TemplateRenderer
    public let staticFiles: StaticFileStore
    public let logger: Logger
    let layout: LayoutContext

    /// Templates the app cannot start without.
    public static let requiredTemplates = ["layouts/base", "errors/error", "home/index"]

    public init(database: AppDatabase, renderer: TemplateRenderer, staticFiles: StaticFileStore, logger: Logger) {
        self.database = database
        self.renderer = renderer
        self.staticFiles = staticFiles
        self.logger = logger
        self.layout = LayoutContext(siteName: "Resett", staticFiles: staticFiles)
    }

    /// Loads templates, static files and the database from a project root (the folder holding
    /// `Views/`, `Public/` and `Migrations/`), failing with the name of whatever is missing or broken.
    public static func load(root: String, databasePath: String, logger: Logger) throws -> AppEnvironment {
        let renderer = try TemplateRenderer(directory: root + "/Views", required: requiredTemplates)
        let staticFiles = try StaticFileStore(directory: root + "/Public")
        let database = try AppDatabase.open(path: databasePath, migrationsDirectory: root + "/Migrations")
        return AppEnvironment(database: database, renderer: renderer, staticFiles: staticFiles, logger: logger)
    }

    func render(_ template: String, title: String?, _ values: [String: Any], status: HTTPStatus = .ok) throws -> Response {
        guard let html = renderer.render(template, layout.page(title: title, values)) else {
            throw TemplateError.missingTemplate(template)
        }
        return .html(html, status: status)
    }
}
