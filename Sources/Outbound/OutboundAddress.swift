/// Which addresses the server may connect to on an organisation admin's say-so: public unicast ones only. Loopback,
/// private, shared, link-local, multicast, reserved and documentation ranges are refused, and so is an IPv4 address
/// carried inside IPv6 (mapped, compatible, NAT64, 6to4) that would be refused on its own. The check is on the address
/// bytes the connection actually uses, after resolution, so `0x7f.1`, `2130706433`, `0177.0.0.1`, `127.1` and
/// `[::ffff:127.0.0.1]` all come to 127.0.0.1 and are refused like it.
public enum OutboundAddress {
    /// `bytes` is 4 (IPv4) or 16 (IPv6) bytes in network order. `allowsLoopback` is the operator's switch for tests.
    public static func permits(_ bytes: [UInt8], allowsLoopback: Bool = false) -> Bool {
        if allowsLoopback, isLoopback(bytes) { return true }
        switch bytes.count {
        case 4: return isPublicIPv4(bytes)
        case 16: return isPublicIPv6(bytes)
        default: return false
        }
    }

    public static func isLoopback(_ bytes: [UInt8]) -> Bool {
        switch bytes.count {
        case 4: return bytes[0] == 127
        case 16: return bytes == [UInt8](repeating: 0, count: 15) + [1]
        default: return false
        }
    }

    /// IANA's IPv4 special-purpose registry, every entry that is not globally reachable, plus multicast and class E.
    static let refusedIPv4: [(prefix: [UInt8], bits: Int)] = [
        ([0, 0, 0, 0], 8), ([10, 0, 0, 0], 8), ([100, 64, 0, 0], 10), ([127, 0, 0, 0], 8), ([169, 254, 0, 0], 16),
        ([172, 16, 0, 0], 12), ([192, 0, 0, 0], 24), ([192, 0, 2, 0], 24), ([192, 88, 99, 0], 24), ([192, 168, 0, 0], 16),
        ([198, 18, 0, 0], 15), ([198, 51, 100, 0], 24), ([203, 0, 113, 0], 24), ([224, 0, 0, 0], 4), ([240, 0, 0, 0], 4),
    ]

    /// The IPv6 registry's ranges that are not global unicast, besides those that carry an IPv4 address (checked below).
    static let refusedIPv6: [(prefix: [UInt8], bits: Int)] = [
        ([0x01, 0x00], 64),           // discard-only
        ([0x20, 0x01, 0x00, 0x00], 23), // IETF protocol assignments: Teredo, benchmarking, ORCHID and the like
        ([0x20, 0x01, 0x0d, 0xb8], 32), // documentation
        ([0x3f, 0xff], 20),           // documentation
        ([0x00, 0x64, 0xff, 0x9b, 0x00, 0x01], 48), // local-use NAT64
        ([0xfc], 7), ([0xfe, 0x80], 10), ([0xfe, 0xc0], 10), ([0xff], 8),
    ]

    static func isPublicIPv4(_ bytes: [UInt8]) -> Bool {
        !refusedIPv4.contains { matches(bytes, $0.prefix, bits: $0.bits) }
    }

    static func isPublicIPv6(_ bytes: [UInt8]) -> Bool {
        let zeros = [UInt8](repeating: 0, count: 10)
        // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, which also covers :: and ::1): the IPv4 address decides.
        if Array(bytes[0..<10]) == zeros, (bytes[10] == 0xff && bytes[11] == 0xff) || (bytes[10] == 0 && bytes[11] == 0) {
            return isPublicIPv4(Array(bytes[12..<16]))
        }
        // NAT64 (64:ff9b::/96) carries an IPv4 address in its last four bytes; 6to4 (2002::/16) in bytes 2 to 5.
        if matches(bytes, [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], bits: 96) { return isPublicIPv4(Array(bytes[12..<16])) }
        if bytes[0] == 0x20, bytes[1] == 0x02 { return isPublicIPv4(Array(bytes[2..<6])) }
        return !refusedIPv6.contains { matches(bytes, $0.prefix, bits: $0.bits) }
    }

    static func matches(_ bytes: [UInt8], _ prefix: [UInt8], bits: Int) -> Bool {
        var remaining = bits
        for (index, byte) in prefix.enumerated() where remaining > 0 {
            let mask: UInt8 = remaining >= 8 ? 0xff : ~(0xff >> UInt8(remaining))
            if bytes[index] & mask != byte & mask { return false }
            remaining -= 8
        }
        return true
    }

    /// A host name as a URL may carry it to a provider: letters, digits and hyphens in dot-separated labels of up to 63,
    /// at least two labels, 253 in all, and a last label that is not all digits (so no numeric shorthand for an address).
    /// IP literals are not host names: the caller checks those as addresses.
    public static func isHostName(_ host: String) -> Bool {
        let labels = host.lowercased().split(separator: ".", omittingEmptySubsequences: false)
        guard host.utf8.count <= 253, labels.count >= 2, let last = labels.last, !last.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        return labels.allSatisfy { label in
            (1...63).contains(label.utf8.count) && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        }
    }
}
