import Domain
import Synchronization

/// How many calls to outside servers (an identity provider) one organisation may have waiting at once on this node. A
/// provider that hangs then holds at most this many of the waiting pool's threads; the organisation's next sign-in is
/// told to come back (503 with Retry-After) and every other organisation's is untouched. Each call has its own deadline
/// too (`OutboundHTTP`: a few seconds in all).
public final class OutboundCalls: Sendable {
    public struct Busy: Error, Equatable, Sendable {}

    let perTenant: Int
    private let running = Mutex<[TenantID: Int]>([:])

    public init(perTenant: Int = 4) { self.perTenant = max(1, perTenant) }

    func run<T>(tenant: TenantID, _ work: () throws -> T) throws -> T {
        let admitted = running.withLock { counts in
            guard counts[tenant, default: 0] < perTenant else { return false }
            counts[tenant, default: 0] += 1
            return true
        }
        guard admitted else { throw Busy() }
        defer {
            running.withLock { counts in
                counts[tenant, default: 1] -= 1
                if counts[tenant] == 0 { counts[tenant] = nil }
            }
        }
        return try work()
    }
}
