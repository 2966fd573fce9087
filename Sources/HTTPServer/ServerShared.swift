import Logging
import Synchronization

/// What every event loop of one server shares.
final class ServerShared: Sendable {
    let configuration: ServerConfiguration
    let responder: any HTTPResponder
    let workers: WorkerPool
    let priorityWorkers: WorkerPool
    let waitingWorkers: WorkerPool
    let logger: Logger
    let accessLog: AccessLog
    let openConnections = Atomic<Int>(0)
    /// The cap actually used: the configured one, lowered to fit the file-descriptor limit.
    let connectionCap: Int
    private let connectionsPerAddress = Mutex<[String: Int]>([:])
    private let shuttingDown = Atomic<Bool>(false)
    private let descriptorsExhaustedLogged = Atomic<Bool>(false)

    init(configuration: ServerConfiguration, responder: any HTTPResponder, logger: Logger, connectionCap: Int) {
        self.configuration = configuration
        self.responder = responder
        self.logger = logger
        self.connectionCap = connectionCap
        self.accessLog = AccessLog(logger: logger, enabled: configuration.accessLog)
        self.workers = WorkerPool(threadCount: configuration.workerCount, maxQueued: configuration.maxQueuedRequests,
                                  name: "resett-worker")
        self.priorityWorkers = WorkerPool(threadCount: 1, maxQueued: 64, name: "resett-priority")
        // Grown as log-ins and identity providers need it, not held by an idle server.
        self.waitingWorkers = WorkerPool(threadCount: max(1, configuration.waitingWorkerCount), initialThreads: 2,
                                         maxQueued: configuration.maxQueuedWaiting, name: "resett-waiting", niceness: 10)
    }

    var isShuttingDown: Bool { shuttingDown.load(ordering: .acquiring) }

    /// Request ids: this process's random prefix and a count, so ids never repeat across nodes or restarts
    /// and making one costs an atomic add.
    private let requestIDPrefix = String(UInt32.random(in: .min ... .max), radix: 16)
    private let requestCount = Atomic<Int>(0)

    func nextRequestID() -> String {
        let number = requestCount.wrappingAdd(1, ordering: .relaxed).newValue
        return requestIDPrefix + "-" + String(number, radix: 16)
    }

    func beginShutdown() { shuttingDown.store(true, ordering: .releasing) }

    /// Counts a new connection from `address`; false (and nothing counted) when that address is at its cap.
    func admit(_ address: String) -> Bool {
        if configuration.addressCapExemptions.contains(where: { $0.contains(address) }) { return true }
        return connectionsPerAddress.withLock { counts in
            let open = counts[address, default: 0]
            guard open < configuration.maxConnectionsPerAddress else { return false }
            counts[address] = open + 1
            return true
        }
    }

    func release(_ address: String) {
        if configuration.addressCapExemptions.contains(where: { $0.contains(address) }) { return }
        connectionsPerAddress.withLock { counts in
            let open = counts[address, default: 1] - 1
            counts[address] = open > 0 ? open : nil
        }
    }

    /// Said once per process: repeating it for every refused accept would flood the log.
    func noteDescriptorsExhausted() {
        if !descriptorsExhaustedLogged.exchange(true, ordering: .relaxed) {
            logger.error("out of file descriptors: pausing accepts briefly; raise the limit (ulimit -n) or lower --max-connections",
                         metadata: ["cap": .stringConvertible(connectionCap)])
        }
    }
}
