/// One client connection's state. Only its event loop's thread touches it; a worker that computes a
/// response hands it back through the loop's completion queue, never by touching this object.
final class Connection: @unchecked Sendable {
    enum Phase {
        /// Waiting for a request to start (keep-alive idle).
        case idle
        /// Part of a request has arrived.
        case reading
        /// A request is with a handler; nothing else is parsed until its answer is written.
        case processing
        /// The last answer is written and our side is shut; draining the client until it closes.
        case lingering
    }

    let fd: Int32
    /// The client's address.
    let peer: String
    var decoder: RequestDecoder
    var phase: Phase = .idle
    /// Chunks waiting to be written; `outboundOffset` bytes of the first are already sent.
    var outbound: [ResponseBody] = []
    var outboundOffset = 0
    /// Bytes queued in `outbound` and not yet sent.
    private(set) var outboundByteCount = 0
    /// Close once everything queued is written (Connection: close, an error, or a shutdown).
    var closeAfterWrite = false
    /// The client closed its side; answer what is in flight, then close.
    var peerClosed = false
    var isClosed = false
    /// The epoll events currently asked for.
    var interest: UInt32 = 0
    /// Set when the first byte of the current request arrived (for the head timeout and the request deadline).
    var requestStartedAt: Double
    /// Set when the request in flight went to its handler (for the handler deadline).
    var processingStartedAt: Double = 0
    /// Counts requests handed to handlers; a completion for an earlier number (one that was given up on) is dropped.
    var requestNumber = 0
    /// Parsing stopped because too much output was unsent; it resumes once the client reads.
    var waitingForOutputToDrain = false
    /// Set on every read or write that made progress.
    var lastProgressAt: Double
    /// What the access log needs of the request in flight.
    var current: (method: String, requestID: String, startedAt: Double)?
    /// Moves on each time the connection goes idle, so the loop's queue of idle connections can tell a stale entry.
    var idleMark = 0

    init(fd: Int32, peer: String, limits: HTTPLimits, now: Double) {
        self.fd = fd
        self.peer = peer
        self.decoder = RequestDecoder(limits: limits)
        self.requestStartedAt = now
        self.lastProgressAt = now
    }

    var hasPendingOutput: Bool { !outbound.isEmpty }

    func enqueue(_ bytes: [UInt8]) { enqueue(ResponseBody(bytes)) }

    func enqueue(_ bytes: ResponseBody) {
        guard !bytes.isEmpty else { return }
        outbound.append(bytes)
        outboundByteCount += bytes.count
    }

    /// Drops `count` sent bytes from the front of the queue.
    func consume(_ count: Int) {
        var remaining = count
        outboundByteCount -= count
        while remaining > 0, !outbound.isEmpty {
            let available = outbound[0].count - outboundOffset
            if remaining >= available {
                remaining -= available
                outbound.removeFirst()
                outboundOffset = 0
            } else {
                outboundOffset += remaining
                remaining = 0
            }
        }
    }

    func discardOutput() {
        outbound = []
        outboundOffset = 0
        outboundByteCount = 0
    }

    /// How many more bytes may be read now: none while an answer is in flight or unsent output is over the
    /// cap, so a client that pipelines without reading cannot make the server hold more than the caps.
    func readAllowance(configuration: ServerConfiguration) -> Int {
        guard outboundByteCount < configuration.maxConnectionOutputBytes else { return 0 }
        return max(0, configuration.maxConnectionInputBytes - decoder.bufferedByteCount)
    }

    /// Whether another pipelined request may be parsed and answered now.
    func mayProcessMore(configuration: ServerConfiguration) -> Bool {
        outboundByteCount < configuration.maxConnectionOutputBytes
    }

    /// Why a connection should be closed at `now`, if its time is up.
    func expiry(now: Double, configuration: ServerConfiguration) -> Expiry? {
        if hasPendingOutput, now - lastProgressAt > configuration.writeTimeout { return .stalledWriter }
        switch phase {
        case .processing:
            return now - processingStartedAt > configuration.handlerTimeout ? .handlerTooSlow : nil
        case .lingering:
            return now - lastProgressAt > 2 ? .lingerOver : nil
        case .idle:
            // A connection that has never sent a request gets the head timeout, not the keep-alive one: holding a slot
            // costs a silent client nothing, so it must not get longer than a slow one.
            let limit = requestNumber == 0 ? configuration.headTimeout : configuration.idleTimeout
            return now - lastProgressAt > limit ? .idle : nil
        case .reading:
            if decoder.isReadingHead {
                return now - requestStartedAt > configuration.headTimeout ? .slowRequest : nil
            }
            // A body must keep moving and must also finish in time: a byte every few seconds is no excuse.
            if now - lastProgressAt > configuration.bodyTimeout || now - requestStartedAt > configuration.requestDeadline {
                return .slowRequest
            }
            return nil
        }
    }

    enum Expiry {
        case idle
        /// Headers or body arriving too slowly: answered 408, then closed.
        case slowRequest
        /// The handler has not answered within its deadline: answered 503, then closed.
        case handlerTooSlow
        case stalledWriter
        case lingerOver
    }
}
