#if canImport(Glibc)
import Glibc
#endif
import CLinux
import Logging
import Synchronization

/// One thread, one epoll instance, and the connections it accepted.
///
/// All loops watch the one listening socket with EPOLLEXCLUSIVE, so a new connection wakes one loop,
/// not all of them; whichever wakes accepts it and owns it from then on.
///
/// Reads, parsing, writes and timeouts all happen here without blocking; handlers that may block run on
/// the worker pool and their responses come back through `completions` and a wake-up eventfd.
final class EventLoop: @unchecked Sendable {
    private struct Completion {
        let connection: Connection
        let response: Response
        let isHead: Bool
        let keepAlive: Bool
        let version: HTTPVersion
        /// Which request of the connection this answers; a later number means it was given up on.
        let requestNumber: Int
    }

    private let shared: ServerShared
    private let epollFD: Int32
    private let wakeFD: Int32
    private var listenerFD: Int32
    private var connections: [Int32: Connection] = [:]
    private let completions = Mutex<[Completion]>([])
    private let readBuffer: UnsafeMutableRawBufferPointer
    private let events: UnsafeMutablePointer<epoll_event>
    private let eventCapacity: Int32 = 256
    private var dateText = ""
    private var dateSecond = -1
    private var lastSweep = 0.0
    private var shutdownDeadline: Double?
    /// Set while accepting is paused because file descriptors ran out.
    private var acceptsPausedUntil: Double?
    private var idle = IdleConnections()

    private static let readable = EPOLLIN.rawValue | EPOLLRDHUP.rawValue
    private static let writable = EPOLLOUT.rawValue

    init(listenerFD: Int32, shared: ServerShared) throws(ServerError) {
        self.shared = shared
        self.listenerFD = listenerFD
        epollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epollFD >= 0 else { throw .systemCall("epoll_create1", errno: errno) }
        wakeFD = eventfd(0, Int32(EFD_NONBLOCK) | Int32(EFD_CLOEXEC))
        guard wakeFD >= 0 else { throw .systemCall("eventfd", errno: errno) }
        readBuffer = .allocate(byteCount: 64 * 1024, alignment: 16)
        events = .allocate(capacity: Int(eventCapacity))
        register(listenerFD, events: EPOLLIN.rawValue | EPOLLEXCLUSIVE.rawValue)
        register(wakeFD, events: EPOLLIN.rawValue)
    }

    deinit {
        readBuffer.deallocate()
        events.deallocate()
        close(epollFD)
        close(wakeFD)
    }

    /// Wakes the loop from another thread (a finished job or a shutdown).
    func wake() {
        var one: UInt64 = 1
        _ = write(wakeFD, &one, 8)
    }

    // MARK: The loop

    func run() {
        while true {
            let timeout: Int32 = shutdownDeadline == nil && acceptsPausedUntil == nil ? 1000 : 100
            let count = epoll_wait(epollFD, events, eventCapacity, timeout)
            if count < 0, errno != EINTR { break }
            let now = System.monotonicSeconds()
            refreshDate()
            for index in 0..<Int(max(count, 0)) {
                let event = events[index]
                let fd = event.data.fd
                if fd == listenerFD {
                    acceptConnections(now: now)
                } else if fd == wakeFD {
                    var value: UInt64 = 0
                    _ = read(wakeFD, &value, 8)
                    drainCompletions(now: now)
                } else if let connection = connections[fd] {
                    if event.events & (EPOLLIN.rawValue | EPOLLRDHUP.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 {
                        handleReadable(connection, now: now)
                    }
                    if event.events & EPOLLOUT.rawValue != 0, !connection.isClosed {
                        flush(connection, now: now)
                    }
                }
            }
            if let until = acceptsPausedUntil, now >= until { resumeAccepting() }
            if shared.isShuttingDown, shutdownDeadline == nil { beginShutdown(now: now) }
            if now - lastSweep >= 1 || shutdownDeadline != nil {
                lastSweep = now
                sweep(now: now)
                idle.prune()
            }
            if shutdownDeadline != nil, connections.isEmpty { break }
        }
    }

    // MARK: Accepting

    private func acceptConnections(now: Double) {
        for _ in 0..<128 {
            let fd: Int32, peer: String
            switch Socket.accept(listenerFD) {
            case .none:
                return
            case .outOfDescriptors:
                // An idle connection's descriptor is better spent on a client with a request.
                if shedOldestIdle() { continue }
                pauseAccepting(now: now)
                return
            case .accepted(let acceptedFD, let address):
                fd = acceptedFD
                peer = address
            }
            // At the cap, the oldest idle or silent connection makes way (closing it gives back the slot just taken); only
            // when every one of this loop's connections is busy is the new client refused.
            if shared.openConnections.add(1, ordering: .relaxed).newValue > shared.connectionCap, !shedOldestIdle() {
                shared.openConnections.subtract(1, ordering: .relaxed)
                refuseOverCapacity(fd)
                continue
            }
            guard shared.admit(peer) else {
                shared.openConnections.subtract(1, ordering: .relaxed)
                refuseOverCapacity(fd)
                continue
            }
            let connection = Connection(fd: fd, peer: peer, limits: shared.configuration.limits, now: now)
            connections[fd] = connection
            register(fd, events: Self.readable)
            connection.interest = Self.readable
            markIdle(connection)
        }
    }

    private func markIdle(_ connection: Connection) { idle.add(connection) }

    /// Closes this loop's longest-idle connection; false when none is idle.
    private func shedOldestIdle() -> Bool {
        guard let oldest = idle.takeOldest() else { return false }
        closeConnection(oldest)
        return true
    }

    /// With no descriptor left, the listener stays readable and accepting fails at once: waiting on it would
    /// spin. This loop stops watching it for a moment; connections closing in the meantime free descriptors.
    private func pauseAccepting(now: Double) {
        guard acceptsPausedUntil == nil, listenerFD >= 0 else { return }
        shared.noteDescriptorsExhausted()
        epoll_ctl(epollFD, EPOLL_CTL_DEL, listenerFD, nil)
        acceptsPausedUntil = now + 0.25
    }

    private func resumeAccepting() {
        acceptsPausedUntil = nil
        guard listenerFD >= 0, shutdownDeadline == nil else { return }
        register(listenerFD, events: EPOLLIN.rawValue | EPOLLEXCLUSIVE.rawValue)
    }

    /// Over the connection cap: a short 503 written best-effort, then closed, without keeping any state.
    private func refuseOverCapacity(_ fd: Int32) {
        var response = shared.responder.errorResponse(for: .serviceUnavailable)
        response.headers.set("Retry-After", "5")
        let head = ResponseEncoder.head(for: response, version: .http1_1, isHead: false, keepAlive: false, date: dateText)
        let bytes = head + response.body
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        close(fd)
    }

    // MARK: Reading and dispatching

    private func handleReadable(_ connection: Connection, now: Double) {
        // The cap is checked before reading, so what a connection holds never exceeds it.
        let allowance = connection.phase == .lingering
            ? readBuffer.count : min(readBuffer.count, connection.readAllowance(configuration: shared.configuration))
        guard allowance > 0 else {
            setInterest(connection, connection.interest & ~Self.readable)
            return
        }
        let received = recv(connection.fd, readBuffer.baseAddress, allowance, 0)
        if received == 0 {
            peerClosed(connection)
            return
        }
        if received < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return }
            closeConnection(connection)
            return
        }
        connection.lastProgressAt = now
        if connection.phase == .lingering { return }  // discard: we only wait for the client to finish
        if connection.phase == .idle {
            connection.phase = .reading
            connection.requestStartedAt = now
        }
        connection.decoder.append(UnsafeRawBufferPointer(rebasing: readBuffer[0..<received]))
        // Pipelined bytes wait for the answer in flight.
        if connection.phase == .processing {
            refreshReadInterest(connection)
            return
        }
        processRequests(connection, now: now)
    }

    /// Reads only while the connection may take more bytes (see `Connection.readAllowance`).
    private func refreshReadInterest(_ connection: Connection) {
        guard !connection.isClosed, connection.phase != .lingering else { return }
        let wanted = !connection.peerClosed && !connection.closeAfterWrite
            && connection.readAllowance(configuration: shared.configuration) > 0
        setInterest(connection, wanted ? connection.interest | Self.readable : connection.interest & ~Self.readable)
    }

    private func peerClosed(_ connection: Connection) {
        connection.peerClosed = true
        if connection.phase == .processing || connection.hasPendingOutput {
            // Answer what was asked, then close; stop polling for a read that will never come.
            connection.closeAfterWrite = true
            setInterest(connection, connection.interest & ~Self.readable)
        } else {
            closeConnection(connection)
        }
    }

    /// Parses and answers requests one at a time until one goes to a worker or more bytes are needed.
    private func processRequests(_ connection: Connection, now: Double) {
        defer { refreshReadInterest(connection) }
        while !connection.isClosed, connection.phase != .processing, connection.phase != .lingering, !connection.closeAfterWrite {
            // A client that pipelines but does not read its answers gets no more answered until it does.
            guard connection.mayProcessMore(configuration: shared.configuration) else {
                connection.waitingForOutputToDrain = true
                return
            }
            switch connection.decoder.next() {
            case .needMoreData:
                if connection.peerClosed {
                    closeAfterQueuedOutput(connection, now: now)
                    return
                }
                if !connection.decoder.isMidRequest, connection.phase != .idle {
                    connection.phase = .idle
                    markIdle(connection)
                }
                return
            case .sendContinue:
                connection.enqueue(ResponseEncoder.continueLine)
                flush(connection, now: now)
            case .failure(let error):
                connection.current = ("-", shared.nextRequestID(), now)
                let response = shared.responder.errorResponse(for: error.status)
                finish(connection, response: response, isHead: false, keepAlive: false, version: .http1_1, now: now)
                return
            case .request(var parsed):
                parsed.remoteAddress = connection.peer
                parsed.id = shared.nextRequestID()
                let request = parsed
                connection.phase = .processing
                connection.processingStartedAt = now
                connection.requestNumber += 1
                connection.current = (request.method, request.id, connection.requestStartedAt)
                let keepAlive = request.wantsKeepAlive && !shared.isShuttingDown
                let placement = shared.responder.placement(for: request)
                switch placement {
                case .eventLoop:
                    let response = shared.responder.respond(to: request)
                    finish(connection, response: response, isHead: request.isHead, keepAlive: keepAlive,
                           version: request.version, now: now)
                case .workerPool, .priority, .waiting:
                    let responder = shared.responder
                    let number = connection.requestNumber
                    let pool = switch placement {
                    case .priority: shared.priorityWorkers
                    case .waiting: shared.waitingWorkers
                    default: shared.workers
                    }
                    let latestStart = placement == .waiting ? now + shared.configuration.maxWaitForWaitingWorker : .infinity
                    let queued = pool.submit { [self] in
                        // Started too late to be worth it: the client is told to come back rather than kept waiting longer.
                        let response = System.monotonicSeconds() > latestStart ? busyResponse() : responder.respond(to: request)
                        complete(Completion(connection: connection, response: response, isHead: request.isHead,
                                            keepAlive: keepAlive, version: request.version, requestNumber: number))
                    }
                    if !queued {
                        // Every worker is busy and the queue is full: say so now rather than queue without end.
                        finish(connection, response: busyResponse(), isHead: request.isHead, keepAlive: false,
                               version: request.version, now: now)
                    }
                    return
                }
            }
        }
    }

    /// Called on a worker thread.
    private func complete(_ completion: Completion) {
        let wasEmpty = completions.withLock { queue in
            queue.append(completion)
            return queue.count == 1
        }
        if wasEmpty { wake() }
    }

    private func drainCompletions(now: Double) {
        let ready = completions.withLock { queue in
            let taken = queue
            queue.removeAll(keepingCapacity: true)
            return taken
        }
        for completion in ready where !completion.connection.isClosed && completion.requestNumber == completion.connection.requestNumber
            && completion.connection.phase == .processing {
            let connection = completion.connection
            finish(connection, response: completion.response, isHead: completion.isHead,
                   keepAlive: completion.keepAlive, version: completion.version, now: now)
            if !connection.isClosed, !connection.closeAfterWrite {
                processRequests(connection, now: now)
            }
        }
    }

    /// Queues a response, logs it and starts writing it.
    private func finish(_ connection: Connection, response: Response, isHead: Bool, keepAlive: Bool,
                        version: HTTPVersion, now: Double) {
        let keepAlive = keepAlive && !connection.closeAfterWrite && !connection.peerClosed && !shared.isShuttingDown
        var response = response
        if let current = connection.current { response.headers.set("X-Request-Id", current.requestID) }
        let head = ResponseEncoder.head(for: response, version: version, isHead: isHead, keepAlive: keepAlive, date: dateText)
        connection.enqueue(head)
        let sendsBody = !isHead && response.status.allowsBody
        if sendsBody { connection.enqueue(response.body) }
        if let current = connection.current {
            shared.responder.didRespond(CompletedRequest(method: current.method, route: response.route, status: response.status.code,
                                                         seconds: max(0, now - current.startedAt)))
            if shared.accessLog.isEnabled {
                let bytes = head.count + (sendsBody ? response.body.count : 0)
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

    private func flush(_ connection: Connection, now: Double) {
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
    private func resumeIfDrained(_ connection: Connection, now: Double) {
        guard connection.waitingForOutputToDrain, connection.mayProcessMore(configuration: shared.configuration) else { return }
        connection.waitingForOutputToDrain = false
        if connection.phase != .processing { processRequests(connection, now: now) }
    }

    private func busyResponse() -> Response {
        var response = shared.responder.errorResponse(for: .serviceUnavailable)
        response.headers.set("Retry-After", "5")
        return response
    }

    private func writeSome(_ connection: Connection) -> Int {
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
    private func closeAfterQueuedOutput(_ connection: Connection, now: Double) {
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

    // MARK: Timeouts and shutdown

    private func sweep(now: Double) {
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

    private func beginShutdown(now: Double) {
        shutdownDeadline = now + shared.configuration.shutdownGracePeriod
        if listenerFD >= 0 {
            // The listener is shared; the server closes it once every loop has let go.
            if acceptsPausedUntil == nil { epoll_ctl(epollFD, EPOLL_CTL_DEL, listenerFD, nil) }
            acceptsPausedUntil = nil
            listenerFD = -1
        }
    }

    // MARK: epoll bookkeeping

    private func register(_ fd: Int32, events: UInt32) {
        var event = epoll_event()
        event.events = events
        event.data.fd = fd
        epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, &event)
    }

    private func setInterest(_ connection: Connection, _ interest: UInt32) {
        guard interest != connection.interest, !connection.isClosed else { return }
        var event = epoll_event()
        event.events = interest
        event.data.fd = connection.fd
        epoll_ctl(epollFD, EPOLL_CTL_MOD, connection.fd, &event)
        connection.interest = interest
    }

    private func closeConnection(_ connection: Connection) {
        guard !connection.isClosed else { return }
        connection.isClosed = true
        connections[connection.fd] = nil
        epoll_ctl(epollFD, EPOLL_CTL_DEL, connection.fd, nil)
        close(connection.fd)
        connection.discardOutput()
        shared.openConnections.subtract(1, ordering: .relaxed)
        shared.release(connection.peer)
        if acceptsPausedUntil != nil { resumeAccepting() }
    }

    private func refreshDate() {
        let second = HTTPDate.now()
        if second != dateSecond {
            dateSecond = second
            dateText = HTTPDate.format(epochSeconds: second)
        }
    }
}
