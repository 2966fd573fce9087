#if canImport(Glibc)
import Glibc
#endif
import CLinux
import Logging

// The writing half of an event loop: a response queued, written as far as the socket takes it (one `sendmsg`), the
// reading resumed once it drains, and the connection closed after its last bytes when it must be.
extension EventLoop {
    /// Queues a response, logs it and starts writing it.
    func finish(_ connection: Connection, response: Response, isHead: Bool, keepAlive: Bool,
                        version: HTTPVersion, now: Double) {
        let keepAlive = keepAlive && !connection.closeAfterWrite && !connection.peerClosed && !shared.isShuttingDown
        var response = response
        if let current = connection.current { response.headers.set("X-Request-Id", current.requestID) }
        let head = ResponseEncoder.head(for: response, version: version, isHead: isHead, keepAlive: keepAlive, date: dateText)
        connection.enqueue(head)
        let sendsBody = !isHead && response.status.allowsBody
        if sendsBody { connection.enqueue(response.content) }
        if let current = connection.current {
            shared.responder.didRespond(CompletedRequest(method: current.method, route: response.route, status: response.status.code,
                                                         seconds: max(0, now - current.startedAt)))
            if shared.accessLog.isEnabled {
                let bytes = head.count + (sendsBody ? response.content.count : 0)
                shared.accessLog.record(AccessLog.Line(requestID: current.requestID, method: current.method, route: response.route ?? "-",
                                                       status: response.status.code, bytes: bytes,
                                                       milliseconds: Int((now - current.startedAt) * 1000)))
            }
        }
        connection.current = nil
        connection.phase = .idle
        connection.requestStartedAt = now
        if !keepAlive { connection.closeAfterWrite = true }
        flush(connection, now: now)
        if !connection.isClosed, !connection.closeAfterWrite, connection.decoder.isMidRequest {
            connection.phase = .reading
        } else if !connection.isClosed, !connection.closeAfterWrite {
            markIdle(connection)
        }
    }

    // MARK: Writing

    func flush(_ connection: Connection, now: Double) {
        while !connection.outbound.isEmpty {
            let written = writeSome(connection)
            if written < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    setInterest(connection, connection.interest | Self.writable)
                    return
                }
                if errno == EINTR { continue }
                closeConnection(connection)
                return
            }
            connection.lastProgressAt = now
            connection.consume(written)
            resumeIfDrained(connection, now: now)
        }
        if connection.interest & Self.writable != 0 {
            setInterest(connection, connection.interest & ~Self.writable)
        }
        if connection.closeAfterWrite { closeAfterQueuedOutput(connection, now: now) }
    }

    /// Once a paused connection's unsent output falls under the cap, its pipelined requests are answered again.
    func resumeIfDrained(_ connection: Connection, now: Double) {
        guard connection.waitingForOutputToDrain, connection.mayProcessMore(configuration: shared.configuration) else { return }
        connection.waitingForOutputToDrain = false
        if connection.phase != .processing { processRequests(connection, now: now) }
    }

    func busyResponse() -> Response {
        var response = shared.responder.errorResponse(for: .serviceUnavailable)
        response.headers.set("Retry-After", "5")
        return response
    }

    func writeSome(_ connection: Connection) -> Int {
        let first = connection.outbound[0]
        let offset = connection.outboundOffset
        if connection.outbound.count == 1 {
            return first.withUnsafeBytes { bytes in
                send(connection.fd, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
        }
        let second = connection.outbound[1]
        return first.withUnsafeBytes { a in
            second.withUnsafeBytes { b in
                var vectors = [
                    iovec(iov_base: UnsafeMutableRawPointer(mutating: a.baseAddress! + offset), iov_len: a.count - offset),
                    iovec(iov_base: UnsafeMutableRawPointer(mutating: b.baseAddress!), iov_len: b.count),
                ]
                var message = msghdr()
                return vectors.withUnsafeMutableBufferPointer { pointer in
                    message.msg_iov = pointer.baseAddress
                    message.msg_iovlen = 2
                    return sendmsg(connection.fd, &message, Int32(MSG_NOSIGNAL))
                }
            }
        }
    }

    /// Shuts our side once the answer is out, then lingers briefly so the client reads it before the close;
    /// closing with unread bytes would send a reset that can destroy the answer in flight.
    func closeAfterQueuedOutput(_ connection: Connection, now: Double) {
        guard !connection.isClosed else { return }
        if connection.hasPendingOutput {
            connection.closeAfterWrite = true
            return
        }
        if connection.peerClosed {
            closeConnection(connection)
            return
        }
        shutdown(connection.fd, Int32(SHUT_WR))
        connection.phase = .lingering
        connection.lastProgressAt = now
        setInterest(connection, Self.readable)
    }
}
