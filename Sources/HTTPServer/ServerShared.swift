import Logging
import Synchronization

/// What every event loop of one server shares.
final class ServerShared: Sendable {
    let configuration: ServerConfiguration
    let responder: any HTTPResponder
    let workers: WorkerPool
    let logger: Logger
    let openConnections = Atomic<Int>(0)
    private let shuttingDown = Atomic<Bool>(false)

    init(configuration: ServerConfiguration, responder: any HTTPResponder, logger: Logger) {
        self.configuration = configuration
        self.responder = responder
        self.logger = logger
        self.workers = WorkerPool(threadCount: configuration.workerCount, name: "resett-worker")
    }

    var isShuttingDown: Bool { shuttingDown.load(ordering: .acquiring) }

    func beginShutdown() { shuttingDown.store(true, ordering: .releasing) }
}
