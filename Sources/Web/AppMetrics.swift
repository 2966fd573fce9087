import CoreMetrics
import HTTPServer
import Prometheus
import Synchronization

/// What an operator scrapes at `GET /metrics`, in the Prometheus text format: requests by route template, method
/// and status, their latency, open connections, the worker queue, database time, password-hash refusals and mail.
/// Labels never hold a person, a tenant's name, a path (paths carry ids) or anything else a client chooses freely:
/// the method is one of three words or "other", so no request can add a series.
public final class AppMetrics: Sendable {
    let registry: PrometheusCollectorRegistry
    /// The swift-metrics factory every recorder in the app is made from (passed as a value, never global).
    public let factory: PrometheusMetricsFactory
    private let requests = Mutex<[RequestKey: (count: CoreMetrics.Counter, duration: CoreMetrics.Timer)]>([:])
    let passwordHashRefusals: CoreMetrics.Counter
    public let mailSent: CoreMetrics.Counter
    public let mailFailed: CoreMetrics.Counter
    /// Push messages a push service accepted, and those it did not (or that did not reach it).
    public let pushSent: CoreMetrics.Counter
    public let pushFailed: CoreMetrics.Counter
    private let openConnections: Prometheus.Gauge
    private let queuedRequests: Prometheus.Gauge
    private let passwordHashesInProgress: Prometheus.Gauge
    private let sources = Mutex<Sources?>(nil)

    private struct RequestKey: Hashable {
        let route: String, method: String, status: Int
    }

    /// Values read when scraped rather than on every change.
    public struct Sources: Sendable {
        public let openConnections: @Sendable () -> Int
        public let queuedRequests: @Sendable () -> Int
        public init(openConnections: @escaping @Sendable () -> Int, queuedRequests: @escaping @Sendable () -> Int) {
            self.openConnections = openConnections
            self.queuedRequests = queuedRequests
        }
    }

    public init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        // Pages should take milliseconds: buckets from 1 ms to 5 s.
        factory.defaultDurationHistogramBuckets = [.milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
                                                   .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
                                                   .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5)]
        self.factory = factory
        passwordHashRefusals = CoreMetrics.Counter(label: "resett_password_hash_refusals_total", dimensions: [], factory: factory)
        mailSent = CoreMetrics.Counter(label: "resett_mail_sent_total", dimensions: [], factory: factory)
        mailFailed = CoreMetrics.Counter(label: "resett_mail_failed_attempts_total", dimensions: [], factory: factory)
        pushSent = CoreMetrics.Counter(label: "resett_push_sent_total", dimensions: [], factory: factory)
        pushFailed = CoreMetrics.Counter(label: "resett_push_failed_total", dimensions: [], factory: factory)
        let registry = self.registry
        func gauge(_ name: String, _ unit: String, _ help: String) -> Prometheus.Gauge {
            registry.makeGauge(descriptor: MetricNameDescriptor(metricName: name, unitName: unit, helpText: help))
        }
        openConnections = gauge("resett_open", "connections", "Client connections open now.")
        queuedRequests = gauge("resett_worker_queue", "depth", "Requests waiting for a worker thread.")
        passwordHashesInProgress = gauge("resett_password_hashes", "in_progress", "Argon2 hashes running now.")
    }

    /// Where the server's live numbers come from (set once the server exists).
    public func attach(_ sources: Sources) { self.sources.withLock { $0 = sources } }

    func record(_ completed: CompletedRequest) {
        let method = ["GET", "HEAD", "POST"].contains(completed.method) ? completed.method : "other"
        let key = RequestKey(route: completed.route ?? "none", method: method, status: completed.status)
        let recorders = requests.withLock { known in
            if let found = known[key] { return found }
            let dimensions = [("route", key.route), ("method", key.method), ("status", String(key.status))]
            let made = (CoreMetrics.Counter(label: "resett_http_requests_total", dimensions: dimensions, factory: factory),
                        CoreMetrics.Timer(label: "resett_http_request_duration_seconds",
                                          dimensions: [("route", key.route), ("method", key.method)], factory: factory))
            known[key] = made
            return made
        }
        recorders.count.increment()
        recorders.duration.recordNanoseconds(Int64(completed.seconds * 1_000_000_000))
    }

    /// The exposition, with the live gauges read first.
    func exposition(passwordHashesInProgress hashes: Int) -> [UInt8] {
        if let sources = sources.withLock({ $0 }) {
            openConnections.set(Double(sources.openConnections()))
            queuedRequests.set(Double(sources.queuedRequests()))
        }
        passwordHashesInProgress.set(Double(hashes))
        return registry.emitToBuffer()
    }
}
