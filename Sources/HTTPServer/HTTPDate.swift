#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// IMF-fixdate (RFC 9110 §5.6.7), e.g. `Sun, 06 Nov 1994 08:49:37 GMT`.
public enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public static func format(epochSeconds: Int) -> String {
        var seconds = time_t(epochSeconds)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }

    /// Parses IMF-fixdate only; the obsolete forms are rare enough to treat as absent.
    public static func parse(_ text: String) -> Int? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[5] == "GMT",
              let day = Int32(parts[1]), let month = months.firstIndex(of: String(parts[2])),
              let year = Int32(parts[3])
        else { return nil }
        let clock = parts[4].split(separator: ":")
        guard clock.count == 3, let hour = Int32(clock[0]), let minute = Int32(clock[1]), let second = Int32(clock[2])
        else { return nil }
        var value = tm()
        value.tm_year = year - 1900
        value.tm_mon = Int32(month)
        value.tm_mday = day
        value.tm_hour = hour
        value.tm_min = minute
        value.tm_sec = second
        return Int(timegm(&value))
    }

    public static func now() -> Int {
        Int(time(nil))
    }
}
