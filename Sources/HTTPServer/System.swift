#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Facts about the machine and the clock the server runs on.
public enum System {
    public static var coreCount: Int {
        Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }

    /// Seconds on a clock that never jumps, for timeouts and durations.
    static func monotonicSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }
}
