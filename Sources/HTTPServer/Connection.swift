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
    var outbound: [[UInt8]] = []
    var outboundOffset = 0
    /// Close once everything queued is written (Connection: close, an error, or a shutdown).
    var closeAfterWrite = false
    /// The client closed its side; answer what is in flight, then close.
    var peerClosed = false
    var isClosed = false
    /// The epoll events currently asked for.
    var interest: UInt32 = 0
    /// Set when the first byte of the current request arrived (for the head timeout).
    var requestStartedAt: Double
    /// Set on every read or write that made progress.
    var lastProgressAt: Double
    /// What the access log needs of the request in flight.
    var current: (method: String, path: Substring, startedAt: Double)?

    init(fd: Int32, peer: String, limits: HTTPLimits, now: Double) {
        self.fd = fd
        self.peer = peer
        self.decoder = RequestDecoder(limits: limits)
        self.requestStartedAt = now
        self.lastProgressAt = now
    }

    var hasPendingOutput: Bool { !outbound.isEmpty }

    func enqueue(_ bytes: [UInt8]) {
        if !bytes.isEmpty { outbound.append(bytes) }
    }

    /// Why a connection should be closed at `now`, if its time is up.
    func expiry(now: Double, configuration: ServerConfiguration) -> Expiry? {
        if hasPendingOutput, now - lastProgressAt > configuration.writeTimeout { return .stalledWriter }
        switch phase {
        case .processing:
            return nil
        case .lingering:
            return now - lastProgressAt > 2 ? .lingerOver : nil
        case .idle:
            return now - lastProgressAt > configuration.idleTimeout ? .idle : nil
        case .reading:
            if decoder.isReadingHead {
                return now - requestStartedAt > configuration.headTimeout ? .slowRequest : nil
            }
            return now - lastProgressAt > configuration.bodyTimeout ? .slowRequest : nil
        }
    }

    enum Expiry {
        case idle
        /// Headers or body arriving too slowly: answered 408, then closed.
        case slowRequest
        case stalledWriter
        case lingerOver
    }
}
