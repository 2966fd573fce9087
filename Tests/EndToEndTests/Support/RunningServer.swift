import Foundation
import HTTPServer
import Logging

/// A real server on a free port for the length of a test.
final class RunningServer {
    let server: Server
    var port: Int { server.port }

    init(responder: any HTTPResponder = TestResponder(), configure: (inout ServerConfiguration) -> Void = { _ in },
         logger: Logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })) throws {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configure(&configuration)
        server = try Server(configuration: configuration, responder: responder, logger: logger)
        server.start()
    }

    func client(receiveTimeout: Double = 5) throws -> RawClient {
        try RawClient(port: port, receiveTimeout: receiveTimeout)
    }

    deinit { server.shutdown() }
}
