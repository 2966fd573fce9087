import Foundation

/// The key the server is given (`--data-key-file`) to wrap each tenant's data keys. It never goes in the database, so
/// a copied database file or backup opens nothing without it. The file holds 32 random bytes as 64 hex digits, made by
/// `resett keys create` and readable by its owner only.
public struct MasterKey: Sendable {
    let bytes: [UInt8]

    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case unreadable(String)
        case malformed(String)
        case exists(String)
        case cannotWrite(String)
        case exposed(String)

        public var description: String {
            switch self {
            case .unreadable(let path): "the data key file \(path) cannot be read"
            case .malformed(let path): "the data key file \(path) does not hold 64 hex digits (make one with `resett keys create`)"
            case .exists(let path): "\(path) already exists; a data key is never overwritten (its data would be lost)"
            case .cannotWrite(let path): "cannot write a data key to \(path)"
            case .exposed(let path): "the data key file \(path) can be read by other users; make it its owner's alone with: chmod 600 \(path)"
            }
        }
    }

    public init(bytes: [UInt8]) throws(Failure) {
        guard bytes.count == AESGCM.keyLength else { throw .malformed("(given bytes)") }
        self.bytes = bytes
    }

    /// Refuses a file that anyone but its owner may read or write: whoever can read it can open every organisation's words.
    public static func load(path: String) throws(Failure) -> MasterKey {
        let data: Data
        do { data = try KeyFile.read(path) } catch { throw error == .exposed ? .exposed(path) : .unreadable(path) }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard Hex.isLowercase(text.lowercased(), length: 64), let bytes = Hex.decode(text.lowercased()) else { throw .malformed(path) }
        return try MasterKey(bytes: bytes)
    }

    /// A new random key written to `path` (mode 0600); refuses a path that exists.
    public static func create(at path: String) throws(Failure) {
        do { try KeyFile.create(path, contents: Array((Hex.encode(SecureRandom.bytes(AESGCM.keyLength)) + "\n").utf8)) } catch {
            throw error == .exists ? .exists(path) : .cannotWrite(path)
        }
    }

    /// A tenant's data key sealed under this key, bound to the tenant and the key's id.
    public func wrap(_ dataKey: [UInt8], tenantID: String, keyID: String) throws(AESGCM.Failure) -> [UInt8] {
        try AESGCM.seal(dataKey, key: bytes, context: Self.context(tenantID, keyID))
    }

    public func unwrap(_ wrapped: [UInt8], tenantID: String, keyID: String) throws(AESGCM.Failure) -> [UInt8] {
        let key = try AESGCM.open(wrapped, key: bytes, context: Self.context(tenantID, keyID))
        guard key.count == AESGCM.keyLength else { throw .cannotOpen }
        return key
    }

    private static func context(_ tenantID: String, _ keyID: String) -> [UInt8] {
        Array("resett data key\u{0}\(tenantID)\u{0}\(keyID)".utf8)
    }
}

extension Hex {
    /// Lower- or upper-case hex to bytes; nil for an odd length or a character that is not a hex digit.
    public static func decode(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case 48...57: digit - 48
            case 97...102: digit - 87
            case 65...70: digit - 55
            default: nil
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }
}
