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
    struct Completion {
        let connection: Connection
        let response: Response
        let isHead: Bool
        let keepAlive: Bool
        let version: HTTPVersion
        /// Which request of the connection this answers; a later number means it was given up on.
        let requestNumber: Int
    }

    let shared: ServerShared
    let epollFD: Int32
    let wakeFD: Int32
    var listenerFD: Int32
    var connections: [Int32: Connection] = [:]
    let completions = Mutex<[Completion]>([])
    let readBuffer: UnsafeMutableRawBufferPointer
    let events: UnsafeMutablePointer<epoll_event>
    let eventCapacity: Int32 = 256
    var dateText = ""
    var dateSecond = -1
    var lastSweep = 0.0
    var shutdownDeadline: Double?
    /// Set while accepting is paused because file descriptors ran out.
    var acceptsPausedUntil: Double?
    var idle = IdleConnections()

    static let readable = EPOLLIN.rawValue | EPOLLRDHUP.rawValue
    static let writable = EPOLLOUT.rawValue

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

    func acceptConnections(now: Double) {
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

    func markIdle(_ connection: Connection) { idle.add(connection) }

    /// Closes this loop's longest-idle connection; false when none is idle.
    func shedOldestIdle() -> Bool {
        guard let oldest = idle.takeOldest() else { return false }
        closeConnection(oldest)
        return true
    }

    /// With no descriptor left, the listener stays readable and accepting fails at once: waiting on it would
    /// spin. This loop stops watching it for a moment; connections closing in the meantime free descriptors.
    func pauseAccepting(now: Double) {
        guard acceptsPausedUntil == nil, listenerFD >= 0 else { return }
        shared.noteDescriptorsExhausted()
        epoll_ctl(epollFD, EPOLL_CTL_DEL, listenerFD, nil)
        acceptsPausedUntil = now + 0.25
    }

    func resumeAccepting() {
        acceptsPausedUntil = nil
        guard listenerFD >= 0, shutdownDeadline == nil else { return }
        register(listenerFD, events: EPOLLIN.rawValue | EPOLLEXCLUSIVE.rawValue)
    }

    /// Over the connection cap: a short 503 written best-effort, then closed, without keeping any state.
    func refuseOverCapacity(_ fd: Int32) {
        var response = shared.responder.errorResponse(for: .serviceUnavailable)
        response.headers.set("Retry-After", "5")
        let head = ResponseEncoder.head(for: response, version: .http1_1, isHead: false, keepAlive: false, date: dateText)
        let bytes = head + response.body
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        close(fd)
    }

    // MARK: Reading and dispatching

    func handleReadable(_ connection: Connection, now: Double) {
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
    func refreshReadInterest(_ connection: Connection) {
        guard !connection.isClosed, connection.phase != .lingering else { return }
        let wanted = !connection.peerClosed && !connection.closeAfterWrite
            && connection.readAllowance(configuration: shared.configuration) > 0
        setInterest(connection, wanted ? connection.interest | Self.readable : connection.interest & ~Self.readable)
    }

    func peerClosed(_ connection: Connection) {
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
    func processRequests(_ connection: Connection, now: Double) {
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
    func complete(_ completion: Completion) {
        let wasEmpty = completions.withLock { queue in
            queue.append(completion)
            return queue.count == 1
        }
        if wasEmpty { wake() }
    }

    func drainCompletions(now: Double) {
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

    func register(_ fd: Int32, events: UInt32) {
        var event = epoll_event()
        event.events = events
        event.data.fd = fd
        epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, &event)
    }

    func setInterest(_ connection: Connection, _ interest: UInt32) {
        guard interest != connection.interest, !connection.isClosed else { return }
        var event = epoll_event()
        event.events = interest
        event.data.fd = connection.fd
        epoll_ctl(epollFD, EPOLL_CTL_MOD, connection.fd, &event)
        connection.interest = interest
    }

    func closeConnection(_ connection: Connection) {
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

    func refreshDate() {
        let second = HTTPDate.now()
        if second != dateSecond {
            dateSecond = second
            dateText = HTTPDate.format(epochSeconds: second)
        }
    }
}
