#if canImport(Glibc)
import Glibc
#endif
import CLinux
import Logging

// An event loop's timeouts and shutdown: idle, slow and half-sent connections closed on the sweep, and the drain
// before stopping.
extension EventLoop {
    func sweep(now: Double) {
        let pastDeadline = shutdownDeadline.map { now > $0 } ?? false
        for connection in Array(connections.values) {
            if pastDeadline {
                closeConnection(connection)
                continue
            }
            if shutdownDeadline != nil, connection.phase == .idle, !connection.hasPendingOutput {
                closeConnection(connection)
                continue
            }
            switch connection.expiry(now: now, configuration: shared.configuration) {
            case nil:
                break
            case .slowRequest:
                connection.current = ("-", shared.nextRequestID(), connection.requestStartedAt)
                finish(connection, response: shared.responder.errorResponse(for: .requestTimeout), isHead: false,
                       keepAlive: false, version: .http1_1, now: now)
            case .handlerTooSlow:
                // The worker cannot be stopped, but the client is told now; its late answer is dropped.
                connection.requestNumber += 1
                finish(connection, response: busyResponse(), isHead: false, keepAlive: false, version: .http1_1, now: now)
            case .idle, .stalledWriter, .lingerOver:
                closeConnection(connection)
            }
        }
    }

    func beginShutdown(now: Double) {
        shutdownDeadline = now + shared.configuration.shutdownGracePeriod
        if listenerFD >= 0 {
            // The listener is shared; the server closes it once every loop has let go.
            if acceptsPausedUntil == nil { epoll_ctl(epollFD, EPOLL_CTL_DEL, listenerFD, nil) }
            acceptsPausedUntil = nil
            listenerFD = -1
        }
    }

    // MARK: epoll bookkeeping
}
