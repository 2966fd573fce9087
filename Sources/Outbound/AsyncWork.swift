import Dispatch
import Synchronization

/// jwt-kit's key collection is an actor, so signing and verifying are async; our web workers and the clock are plain
/// threads. A JOSE call is short (one signature), so the thread waits for its answer here rather than the callers
/// becoming async throughout.
public enum AsyncWork {
    public static func wait<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let outcome = Outcome<T>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do { outcome.set(.success(try await body())) } catch { outcome.set(.failure(error)) }
            done.signal()
        }
        done.wait()
        return try outcome.get()
    }

    final class Outcome<T: Sendable>: Sendable {
        private let result = Mutex<Result<T, any Error>?>(nil)
        func set(_ value: Result<T, any Error>) { result.withLock { $0 = value } }
        func get() throws -> T { try result.withLock { $0! }.get() }
    }
}
