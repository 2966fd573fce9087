/// Everything about how the server runs. Defaults suit a small production instance.
public struct ServerConfiguration: Sendable {
    public var host: String = "127.0.0.1"
    /// 0 asks the kernel for a free port (tests); `Server.port` tells which one it chose.
    public var port: Int = 8080
    public var limits = HTTPLimits()
    /// Event-loop threads; each owns its connections. Defaults to the number of cores.
    public var eventLoopCount: Int = max(1, System.coreCount)
    /// Threads that run handlers that may block (database, hashing). One per core: measured on the
    /// fortunes benchmark, 2 workers on 2 cores served 5.0k req/s and 8 workers 3.3k, the difference
    /// being threads contending for SQLite readers and the CPU.
    public var workerCount: Int = max(2, System.coreCount)
    /// Requests waiting for a worker beyond this are answered 503 at once instead of queueing.
    public var maxQueuedRequests: Int = 1024
    /// Threads for `ResponsePlacement.waiting`: they mostly wait (for a hashing turn, for another server), so there are
    /// more of them than cores, and none of them renders pages.
    public var waitingWorkerCount: Int = 64
    /// Requests queued for the waiting pool beyond this are answered 503 at once.
    public var maxQueuedWaiting: Int = 512
    /// A request that waited longer than this for a thread of the waiting pool is answered 503 (with Retry-After)
    /// instead of being started late.
    public var maxWaitForWaitingWorker: Double = 10
    /// Connections beyond this are answered 503 and closed at once. The server lowers it to fit the
    /// process's file-descriptor limit (see `Server`).
    public var maxConnections: Int = 16_384
    /// Connections from one client address beyond this are answered 503 and closed.
    public var maxConnectionsPerAddress: Int = 512
    /// Addresses exempt from the per-address cap (a reverse proxy carries everyone's connections).
    public var addressCapExemptions: [IPAddressRange] = []
    /// Unsent response bytes one connection may have queued before the server stops reading and parsing
    /// its pipelined requests.
    public var maxConnectionOutputBytes: Int = 256 * 1024
    /// Received, unparsed bytes one connection may have buffered before the server stops reading from it.
    /// At least one whole request (head and body) must fit.
    public var maxConnectionInputBytes: Int = 256 * 1024
    /// From the first byte of a request until its head is complete (slowloris).
    public var headTimeout: Double = 10
    /// Between reads while a body is arriving.
    public var bodyTimeout: Double = 10
    /// From the first byte of a request until its body is complete, however steadily it trickles in.
    public var requestDeadline: Double = 30
    /// How long a handler may take before the client is answered 503 and the connection closed.
    public var handlerTimeout: Double = 30
    /// How long a keep-alive connection may sit idle between requests.
    public var idleTimeout: Double = 30
    /// How long a write may make no progress before the client is given up on.
    public var writeTimeout: Double = 10
    /// After a shutdown starts, how long requests in flight get before connections are cut.
    public var shutdownGracePeriod: Double = 10
    public var listenBacklog: Int32 = 1024

    /// One `info` line per request; off keeps warnings and errors.
    public var accessLog: Bool = true

    public init() {}
}
