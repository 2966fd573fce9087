import Foundation
import HTTPServer

/// A small app for testing the server alone:
/// `/hello`, `/echo` (the body back), `/sleep?ms=N` (blocks a worker), `/big?bytes=N`, `/inline` (on the loop).
struct TestResponder: HTTPResponder {
    func placement(for request: Request) -> ResponsePlacement {
        request.path == "/inline" ? .eventLoop : .workerPool
    }

    func respond(to request: Request) -> Response {
        let query = String(request.query ?? "")
        let number = Int(query.split(separator: "=").last ?? "") ?? 0
        switch request.path {
        case "/hello", "/inline":
            return .text("hello")
        case "/echo":
            return Response(status: .ok, headers: ["Content-Type": "application/octet-stream"], body: request.body)
        case "/sleep":
            usleep(UInt32(number * 1000))
            return .text("slept \(number)")
        case "/big":
            return Response(status: .ok, headers: ["Content-Type": "application/octet-stream"],
                            body: [UInt8](repeating: 65, count: number))
        default:
            return .text("not found", status: .notFound)
        }
    }
}
