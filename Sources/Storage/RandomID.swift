import Domain
import Foundation

/// Ids for rows: 128 random bits as 32 hex characters, so no id reveals another or how many exist.
enum RandomID {
    /// 256 random bits as 64 hex digits (webhook and pseudonym keys).
    static func secret() -> String { make() + make() }

    /// A new row's typed id.
    static func id<Entity>() -> EntityID<Entity> { EntityID(stored: make()) }

    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}
