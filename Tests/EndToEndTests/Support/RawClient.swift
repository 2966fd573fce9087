import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A deliberately dumb HTTP client over a real TCP socket: it sends exactly the bytes it is given, so tests
/// can send what no polite client would, and it parses answers just enough to check them.
final class RawClient: @unchecked Sendable {
    struct Answer {
        let status: Int
        let head: String
        let headers: [(String, String)]
        let body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
        func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }
    }

    enum Failure: Error { case connect(Int32), closedEarly(String), timedOut }

    let fd: Int32
    private var buffer: [UInt8] = []

    init(port: Int, receiveTimeout: Double = 5) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            throw Failure.connect(code)
        }
        setReceiveTimeout(receiveTimeout)
    }

    deinit { close(fd) }

    func setReceiveTimeout(_ seconds: Double) {
        var value = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - Double(Int(seconds))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return }
            offset += sent
        }
    }

    /// Reads more bytes; false on close, error or timeout.
    @discardableResult
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer += chunk[0..<count]
        return true
    }

    /// Reads one response. `forHead`: the request was HEAD, so no body follows whatever the length says.
    func readResponse(forHead: Bool = false) throws -> Answer {
        var headEnd: Int?
        while headEnd == nil {
            headEnd = buffer.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound
            if headEnd == nil, !fill() { throw Failure.closedEarly(String(decoding: buffer, as: UTF8.self)) }
        }
        let end = headEnd!
        let head = String(decoding: buffer[0..<end], as: UTF8.self)
        buffer.removeFirst(end)
        let lines = head.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let status = Int(lines[0].split(separator: " ")[1]) ?? 0
        let headers = lines.dropFirst().map { line -> (String, String) in
            let parts = line.split(separator: ":", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
        }
        let length = headers.first { $0.0.lowercased() == "content-length" }.flatMap { Int($0.1) } ?? 0
        let bodyLength = forHead || status == 304 || status == 204 || status < 200 ? 0 : length
        while buffer.count < bodyLength {
            if !fill() { throw Failure.closedEarly(head) }
        }
        let body = Array(buffer[0..<bodyLength])
        buffer.removeFirst(bodyLength)
        return Answer(status: status, head: head, headers: headers, body: body)
    }

    /// Whether the server has closed the connection (reads EOF within the receive timeout).
    func isClosedByServer() -> Bool {
        var byte: UInt8 = 0
        while true {
            let count = recv(fd, &byte, 1, 0)
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
            // Anything the server still had to say is skipped.
        }
    }

    /// Sends each request on its own connection so that all arrive at the same instant: everything but the
    /// last byte first, then every last byte together. Returns each answer's status (0 if none came).
    /// Sends each request to its own port, all released at the same instant (see above).
    static func simultaneously(_ requests: [(text: String, port: Int)]) throws -> [RawClient.Answer?] {
        let clients = try requests.map { try RawClient(port: $0.port) }
        for (client, request) in zip(clients, requests) { client.send(Array(request.text.utf8.dropLast())) }
        Thread.sleep(forTimeInterval: 0.2)
        for (client, request) in zip(clients, requests) { client.send([request.text.utf8.last ?? 10]) }
        return clients.map { try? $0.readResponse() }
    }

    static func simultaneously(_ requests: [String], port: Int) throws -> [Int] {
        let clients = try requests.map { _ in try RawClient(port: port) }
        for (client, text) in zip(clients, requests) { client.send(Array(text.utf8.dropLast())) }
        Thread.sleep(forTimeInterval: 0.2)
        for (client, text) in zip(clients, requests) { client.send([text.utf8.last ?? 10]) }
        return clients.map { (try? $0.readResponse().status) ?? 0 }
    }

    func request(_ method: String = "GET", _ target: String, headers: [String] = [], body: String? = nil) throws -> Answer {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: localhost\r\n"
        for header in headers { text += header + "\r\n" }
        if let body { text += "Content-Length: \(body.utf8.count)\r\n" }
        text += "\r\n" + (body ?? "")
        send(text)
        return try readResponse(forHead: method == "HEAD")
    }
}
