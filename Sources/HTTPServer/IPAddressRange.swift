#if canImport(Glibc)
import Glibc
#endif

/// A block of addresses in CIDR notation (`10.0.0.0/8`, `2001:db8::/32`, or one address). IPv4 is held as
/// IPv4-mapped IPv6 so both families compare the same way.
public struct IPAddressRange: Sendable, Equatable, CustomStringConvertible {
    let network: [UInt8]
    let prefixLength: Int
    public let description: String

    /// nil for anything that is not an address with an optional, in-range prefix length.
    public init?(_ text: String) {
        guard text.utf8.count <= 64 else { return nil }
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = Self.bytes(of: String(parts[0])) else { return nil }
        let isIPv4 = !parts[0].contains(":")
        var length = 128
        if parts.count == 2 {
            let digits = parts[1]
            guard (1...3).contains(digits.utf8.count), digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
                  let value = Int(digits), value <= (isIPv4 ? 32 : 128) else { return nil }
            length = isIPv4 ? value + 96 : value
        }
        prefixLength = length
        network = Self.masked(address, length)
        description = text
    }

    public func contains(_ address: String) -> Bool {
        guard let bytes = Self.bytes(of: address) else { return false }
        return Self.masked(bytes, prefixLength) == network
    }

    /// The 16 bytes of an IPv4 or IPv6 address, nil if `text` is neither.
    public static func bytes(of text: String) -> [UInt8]? {
        guard !text.isEmpty, text.utf8.count <= 45 else { return nil }
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return [UInt8](repeating: 0, count: 10) + [0xFF, 0xFF] + withUnsafeBytes(of: v4.s_addr) { Array($0) }
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: v6) { Array($0) } }
        return nil
    }

    private static func masked(_ bytes: [UInt8], _ length: Int) -> [UInt8] {
        bytes.enumerated().map { index, byte in
            let bits = min(8, max(0, length - index * 8))
            return bits == 8 ? byte : byte & UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
        }
    }
}
