import Foundation
import HTTPServer
import Logging
import Storage
import Web

/// The benchmark fixture: `GET /plaintext` and TechEmpower `GET /fortunes`, answered exactly as
/// ../shared/peers/hb-peer answers them, on our own server, database and template modules.
/// Run: PORT=8182 DB_PATH=/tmp/fortunes.sqlite ROOT=bench/fixture ResettBenchFixture
struct FortunesResponder: HTTPResponder {
    let database: AppDatabase
    static let plaintext: [UInt8] = Array("Hello, World!".utf8)

    func placement(for request: Request) -> ResponsePlacement {
        request.path == "/plaintext" ? .eventLoop : .workerPool
    }

    func respond(to request: Request) -> Response {
        switch request.path {
        case "/plaintext":
            return Response(status: .ok, headers: ["Content-Type": "text/plain"], body: Self.plaintext)
        case "/fortunes":
            do {
                var fortunes = try database.allFortunes()
                fortunes.append(Fortune(id: 0, message: "Additional fortune added at request time."))
                fortunes.sort { $0.message < $1.message }
                let page = FortunesPage(fortunes: fortunes.map { FortunesPage.Fortune(id: $0.id, message: $0.message) })
                return Response(status: .ok, headers: ["Content-Type": "text/html; charset=utf-8"], body: page.html)
            } catch {
                return .text("database error\n", status: .internalServerError)
            }
        default:
            return .text("not found\n", status: .notFound)
        }
    }
}

@main
enum BenchFixture {
    static func main() throws {
        let environment = ProcessInfo.processInfo.environment
        var logger = Logger(label: "resett-bench-fixture")
        logger.logLevel = .notice
        let root = environment["ROOT"] ?? "bench/fixture"
        let path = environment["DB_PATH"] ?? "/tmp/resett-fortunes.sqlite"
        try? FileManager.default.removeItem(atPath: path)
        let database = try AppDatabase.open(path: path, migrationsDirectory: root + "/Migrations")

        var configuration = ServerConfiguration()
        configuration.port = Int(environment["PORT"] ?? "") ?? 8182
        if let loops = environment["EVENT_LOOPS"].flatMap(Int.init) { configuration.eventLoopCount = loops }
        if let workers = environment["WORKERS"].flatMap(Int.init) { configuration.workerCount = workers }
        signal(SIGPIPE, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let server = try Server(configuration: configuration,
                                responder: FortunesResponder(database: database), logger: logger)
        let stop = DispatchSource.makeSignalSource(signal: SIGTERM, queue: .global())
        stop.setEventHandler { server.beginShutdown() }
        stop.resume()
        server.start()
        server.wait()
    }
}
