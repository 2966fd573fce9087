import Foundation
import Logging
import Synchronization

/// `--log-format json`: one JSON object a line on standard error, for log collectors. Written here because
/// swift-log ships only a text handler and none of the packages we may use offers one; it is small: a lock around
/// one write(2) per line, and an escaper for strings.
struct JSONLogHandler: LogHandler {
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    let label: String
    private static let output = Mutex<Void>(())

    init(label: String) { self.label = label }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var fields: [(String, String)] = [
            ("time", Self.timestamp()), ("level", event.level.rawValue), ("message", "\(event.message)"), ("label", label),
        ]
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        for key in merged.keys.sorted() { fields.append((key, Self.text(merged[key]!))) }
        var line = "{"
        for (index, field) in fields.enumerated() {
            if index > 0 { line += "," }
            line += Self.quoted(field.0) + ":" + (Self.isNumber(field.0, field.1) ? field.1 : Self.quoted(field.1))
        }
        line += "}\n"
        Self.output.withLock { _ in
            var bytes = Array(line.utf8)
            bytes.withUnsafeMutableBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = Foundation.write(2, buffer.baseAddress! + offset, buffer.count - offset)
                    if written <= 0 { break }
                    offset += written
                }
            }
        }
    }

    /// Status codes, sizes and milliseconds stay numbers, so a collector can sum them.
    private static func isNumber(_ key: String, _ value: String) -> Bool {
        ["status", "ms", "bytes"].contains(key) && !value.isEmpty && value.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } && value.utf8.count < 16
    }

    private static func text(_ value: Logger.Metadata.Value) -> String {
        switch value {
        case .string(let string): string
        case .stringConvertible(let convertible): convertible.description
        case .array(let values): "[" + values.map(text).joined(separator: ", ") + "]"
        case .dictionary(let values): "{" + values.keys.sorted().map { "\($0): \(text(values[$0]!))" }.joined(separator: ", ") + "}"
        }
    }

    static func quoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var parts = tm()
        var seconds = now.tv_sec
        gmtime_r(&seconds, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                      parts.tm_hour, parts.tm_min, parts.tm_sec, now.tv_nsec / 1_000_000)
    }
}
