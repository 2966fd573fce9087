import Foundation
import HTTPServer
import Logging
import Storage
import Web

/// The project's root folder (Views/, Public/, Migrations/), found from this file's place in Tests/.
let projectRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

func temporaryDatabasePath() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("resett-e2e-\(UUID().uuidString)/resett.sqlite").path
}

/// The real app on a real server with a fresh SQLite file.
final class RunningApp {
    let environment: AppEnvironment
    let running: RunningServer
    let logs = LogCapture()
    var port: Int { running.port }

    init(publicFolder: String? = nil) throws {
        let logger = logs.logger()
        var environment = try AppEnvironment.load(root: projectRoot, databasePath: temporaryDatabasePath(), logger: logger)
        if let publicFolder {
            environment = AppEnvironment(database: environment.database, renderer: environment.renderer,
                                         staticFiles: try StaticFileStore(directory: publicFolder), logger: logger)
        }
        self.environment = environment
        running = try RunningServer(responder: ResettApp(environment: environment), logger: logger)
    }

    func client() throws -> RawClient { try running.client() }
}
