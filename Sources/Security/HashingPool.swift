import Dispatch

/// At most a few password hashes at once: each takes ~19 MiB and tens of milliseconds, so a burst of
/// logins must neither exhaust memory nor take every worker. A request that cannot get a turn within
/// `wait` seconds is told to come back (503 with Retry-After) rather than queueing without end.
public final class HashingPool: Sendable {
    public enum Failure: Error, Sendable, Equatable { case busy }

    private let slots: DispatchSemaphore
    private let wait: Double

    public init(concurrentHashes: Int = 2, wait: Double = 2) {
        slots = DispatchSemaphore(value: max(1, concurrentHashes))
        self.wait = wait
    }

    public func run<T>(_ work: () throws -> T) throws -> T {
        guard slots.wait(timeout: .now() + wait) == .success else { throw Failure.busy }
        defer { slots.signal() }
        return try work()
    }
}
