import CCrypto

/// Bytes from the system's secure random source, through libcrypto's RAND_bytes.
public enum SecureRandom {
    public static func bytes(_ count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let ok = bytes.withUnsafeMutableBytes { RAND_bytes($0.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(count)) }
        // RAND_bytes fails only when the system has no entropy source at all; going on would be unsafe.
        precondition(ok == 1, "the system's secure random source failed")
        return bytes
    }

    /// `byteCount` random bytes as lower-case hex: for tokens and ids.
    public static func hex(_ byteCount: Int) -> String {
        Hex.encode(bytes(byteCount))
    }
}

public enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    public static func encode(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    @inline(__always) public static func isLowercaseDigit(_ byte: UInt8) -> Bool {
        (byte >= 48 && byte <= 57) || (byte >= 97 && byte <= 102)
    }

    /// Whether `text` is exactly `length` lower-case hex characters (our tokens and ids).
    public static func isLowercase(_ text: String, length: Int) -> Bool {
        text.utf8.count == length && text.utf8.allSatisfy(isLowercaseDigit)
    }
}
