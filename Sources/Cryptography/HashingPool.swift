import Dispatch
import Synchronization

/// At most a few password hashes at once: each takes ~19 MiB and tens of milliseconds, so memory stays bounded. A log-in
/// that finds every slot taken waits its turn rather than failing: a team logging in at 9 am is normal, even from one
/// office's address. The wait is bounded in time (`maxWait`) and in length (`maxWaiting`), and fair: turns go round the
/// organisations that are waiting, then round the clients within each, and when the line is full a newcomer takes the
/// place of the newest waiter of whichever client has the most, so one address's flood of attempts cannot push out
/// another's log-in. Whoever is past those bounds is told `busy` (503 with Retry-After).
///
/// The threads that wait are the server's waiting pool, never the page workers (`ResponsePlacement.waiting`).
public final class HashingPool: Sendable {
    public enum Failure: Error, Sendable, Equatable { case busy }

    /// Who is asking, for fairness: the organisation and the client (its address, or its account when signed in).
    public struct Claimant: Sendable, Hashable {
        public let tenant: String
        public let client: String

        public init(tenant: String, client: String) {
            self.tenant = tenant
            self.client = String(client.prefix(64))
        }

        /// For work with no person behind it (tests, the operator's commands).
        public static let anyone = Claimant(tenant: "", client: "")
    }

    public let capacity: Int
    let maxWaiting: Int
    let maxWait: Double

    /// `refused` is only read and written under the pool's lock.
    private final class Waiter: @unchecked Sendable {
        let turn = DispatchSemaphore(value: 0)
        var refused = false
    }

    private struct State {
        var free: Int
        var waiting = 0
        /// Organisations with someone waiting, in turn order; within each, clients in turn order; each client's waiters
        /// first come, first served.
        var tenantOrder: [String] = []
        var clientOrder: [String: [String]] = [:]
        var queues: [Claimant: [Waiter]] = [:]
        var running = 0
    }

    private let state: Mutex<State>

    /// Hashes running now (for metrics).
    public var inProgress: Int { state.withLock { $0.running } }

    public init(concurrentHashes: Int = 1, maxWaiting: Int = 64, maxWait: Double = 4) {
        capacity = max(1, concurrentHashes)
        self.maxWaiting = max(0, maxWaiting)
        self.maxWait = max(0, maxWait)
        state = Mutex(State(free: capacity))
    }

    public func run<T>(for claimant: Claimant = .anyone, _ work: () throws -> T) throws -> T {
        try acquire(claimant)
        defer { release() }
        return try work()
    }

    private func acquire(_ claimant: Claimant) throws {
        let waiter = Waiter()
        var evicted: Waiter?
        let queued: Bool = try state.withLock { state in
            if state.free > 0 {
                state.free -= 1
                state.running += 1
                return false
            }
            if state.waiting >= maxWaiting {
                // Full: the client with the most waiting gives up its newest place, if it has more than this one would.
                let mine = state.queues[claimant]?.count ?? 0
                guard let (largest, line) = state.queues.max(by: { $0.value.count < $1.value.count }), line.count > mine + 1,
                      let newest = state.queues[largest]?.removeLast() else { throw Failure.busy }
                newest.refused = true
                evicted = newest
                state.waiting -= 1
                Self.forgetIfEmpty(largest, &state)
            }
            if state.clientOrder[claimant.tenant] == nil { state.tenantOrder.append(claimant.tenant) }
            if state.queues[claimant] == nil { state.clientOrder[claimant.tenant, default: []].append(claimant.client) }
            state.queues[claimant, default: []].append(waiter)
            state.waiting += 1
            return true
        }
        // The waiter whose place was taken is told now, not when this one's turn comes.
        evicted?.turn.signal()
        guard queued else { return }
        if waiter.turn.wait(timeout: .now() + maxWait) == .success {
            if state.withLock({ _ in waiter.refused }) { throw Failure.busy }
            return
        }
        // Timed out, unless the turn was given in the same instant: then it is ours, and taken.
        let stillWaiting = state.withLock { state in
            guard let index = state.queues[claimant]?.firstIndex(where: { $0 === waiter }) else { return false }
            state.queues[claimant]?.remove(at: index)
            state.waiting -= 1
            Self.forgetIfEmpty(claimant, &state)
            return true
        }
        if stillWaiting { throw Failure.busy }
        waiter.turn.wait()
    }

    /// Hands the slot straight to the next waiter in turn, or frees it.
    private func release() {
        let next: Waiter? = state.withLock { state in
            guard let tenant = state.tenantOrder.first, let client = state.clientOrder[tenant]?.first else {
                state.running -= 1
                state.free += 1
                return nil
            }
            let claimant = Claimant(tenant: tenant, client: client)
            let waiter = state.queues[claimant]!.removeFirst()
            state.waiting -= 1
            // This organisation and this client go to the back of their lines.
            state.tenantOrder.removeFirst()
            state.clientOrder[tenant]!.removeFirst()
            if state.queues[claimant]!.isEmpty {
                state.queues[claimant] = nil
            } else {
                state.clientOrder[tenant]!.append(client)
            }
            if state.clientOrder[tenant]!.isEmpty { state.clientOrder[tenant] = nil } else { state.tenantOrder.append(tenant) }
            return waiter
        }
        next?.turn.signal()
    }

    private static func forgetIfEmpty(_ claimant: Claimant, _ state: inout State) {
        guard state.queues[claimant]?.isEmpty == true else { return }
        state.queues[claimant] = nil
        state.clientOrder[claimant.tenant]?.removeAll { $0 == claimant.client }
        if state.clientOrder[claimant.tenant]?.isEmpty == true {
            state.clientOrder[claimant.tenant] = nil
            state.tenantOrder.removeAll { $0 == claimant.tenant }
        }
    }
}
