import Dispatch
import Synchronization

/// At most a few password hashes at once: each takes ~19 MiB and tens of milliseconds, so a burst of
/// logins must neither exhaust memory nor take every worker. A request that finds every slot taken is told
/// at once to come back (503 with Retry-After): waiting would hold a worker that pages need.
public final class HashingPool: Sendable {
    public enum Failure: Error, Sendable, Equatable { case busy }

    private let slots: DispatchSemaphore
    private let running = Atomic<Int>(0)
    public let capacity: Int

    /// Hashes running now (for metrics).
    public var inProgress: Int { running.load(ordering: .relaxed) }

    public init(concurrentHashes: Int = 1) {
        capacity = max(1, concurrentHashes)
        slots = DispatchSemaphore(value: capacity)
    }

    public func run<T>(_ work: () throws -> T) throws -> T {
        guard slots.wait(timeout: .now()) == .success else { throw Failure.busy }
        running.add(1, ordering: .relaxed)
        defer {
            running.subtract(1, ordering: .relaxed)
            slots.signal()
        }
        return try work()
    }
}
