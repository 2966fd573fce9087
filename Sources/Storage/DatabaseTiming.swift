import CoreMetrics
import Dispatch

/// How long reads and writes take, for the operator's metrics (`resett_database_seconds{kind}`): each a whole
/// transaction, waiting for a connection included. Made from the app's metrics factory; commands go without.
public struct DatabaseTiming: Sendable {
    let reads: CoreMetrics.Timer
    let writes: CoreMetrics.Timer

    public init(factory: any MetricsFactory) {
        reads = CoreMetrics.Timer(label: "resett_database_seconds", dimensions: [("kind", "read")], factory: factory)
        writes = CoreMetrics.Timer(label: "resett_database_seconds", dimensions: [("kind", "write")], factory: factory)
    }

    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    func record(_ timer: CoreMetrics.Timer, since start: UInt64) {
        let now = Self.now()
        timer.recordNanoseconds(Int64(now >= start ? now - start : 0))
    }
}
