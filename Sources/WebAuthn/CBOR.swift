/// The part of CBOR (RFC 8949) that WebAuthn's attestation objects, authenticator data and COSE keys use: definite
/// lengths only (CTAP2 writes canonical CBOR), integers, byte and text strings, arrays, maps and the simple values.
/// Written here because no CBOR package is in our mirror and this is small; every length is checked against the bytes
/// that remain before anything is read or allocated, and nesting is bounded, so hostile input costs nothing.
public indirect enum CBOR: Sendable, Equatable {
    case unsigned(UInt64)
    /// A negative integer, stored as CBOR does: the value is -1 - n.
    case negative(UInt64)
    case bytes([UInt8])
    case text(String)
    case array([CBOR])
    case map([(CBOR, CBOR)])
    case bool(Bool)
    case null

    public static func == (left: CBOR, right: CBOR) -> Bool {
        switch (left, right) {
        case let (.unsigned(a), .unsigned(b)), let (.negative(a), .negative(b)): a == b
        case let (.bytes(a), .bytes(b)): a == b
        case let (.text(a), .text(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.map(a), .map(b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case let (.bool(a), .bool(b)): a == b
        case (.null, .null): true
        default: false
        }
    }

    /// The value under `key` in a map, nil for anything else.
    public subscript(key: CBOR) -> CBOR? {
        guard case .map(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    public subscript(key: String) -> CBOR? { self[.text(key)] }
    public subscript(key: Int) -> CBOR? { self[CBOR.integer(key)] }

    public static func integer(_ value: Int) -> CBOR {
        value >= 0 ? .unsigned(UInt64(value)) : .negative(UInt64(-1 - value))
    }

    /// The integer, when it is one that fits an `Int`.
    public var int: Int? {
        switch self {
        case .unsigned(let n) where n <= UInt64(Int.max): Int(n)
        case .negative(let n) where n < UInt64(Int.max): -1 - Int(n)
        default: nil
        }
    }

    public var byteString: [UInt8]? { if case .bytes(let b) = self { b } else { nil } }
    public var string: String? { if case .text(let t) = self { t } else { nil } }

    public enum DecodingError: Error, Equatable {
        case truncated, unsupported, tooDeep, tooLarge, invalidText, trailingBytes
    }

    /// One whole item that must fill `bytes` exactly.
    public static func decode(_ bytes: [UInt8]) throws(DecodingError) -> CBOR {
        var reader = Reader(bytes: bytes[...])
        let value = try reader.item(depth: 0)
        guard reader.bytes.isEmpty else { throw .trailingBytes }
        return value
    }

    /// One item at the start of `bytes`, and how many bytes it took (authenticator data runs a COSE key into what follows).
    public static func decodePrefix(_ bytes: ArraySlice<UInt8>) throws(DecodingError) -> (CBOR, Int) {
        var reader = Reader(bytes: bytes)
        let value = try reader.item(depth: 0)
        return (value, bytes.count - reader.bytes.count)
    }

    struct Reader {
        var bytes: ArraySlice<UInt8>
        static let maximumDepth = 8
        /// Far more items than any WebAuthn structure has; a count above it is refused before anything is kept.
        static let maximumItems: UInt64 = 256

        mutating func take(_ count: Int) throws(DecodingError) -> ArraySlice<UInt8> {
            guard count >= 0, count <= bytes.count else { throw .truncated }
            let taken = bytes.prefix(count)
            bytes = bytes.dropFirst(count)
            return taken
        }

        mutating func argument(_ info: UInt8) throws(DecodingError) -> UInt64 {
            switch info {
            case 0..<24: return UInt64(info)
            case 24, 25, 26, 27:
                let width = 1 << Int(info - 24)
                return try take(width).reduce(0) { $0 << 8 | UInt64($1) }
            default: throw .unsupported // 28–30 reserved, 31 indefinite length
            }
        }

        mutating func item(depth: Int) throws(DecodingError) -> CBOR {
            guard depth <= Self.maximumDepth else { throw .tooDeep }
            let initial = try take(1).first!
            let major = initial >> 5
            let info = initial & 0x1f
            if major == 7 {
                switch info {
                case 20: return .bool(false)
                case 21: return .bool(true)
                case 22: return .null
                default: throw .unsupported
                }
            }
            let argument = try argument(info)
            switch major {
            case 0: return .unsigned(argument)
            case 1: return .negative(argument)
            case 2, 3:
                guard argument <= UInt64(bytes.count) else { throw .truncated }
                let content = Array(try take(Int(argument)))
                if major == 2 { return .bytes(content) }
                guard let text = String(validating: content, as: UTF8.self) else { throw .invalidText }
                return .text(text)
            case 4:
                guard argument <= Self.maximumItems, argument <= UInt64(bytes.count) else { throw .tooLarge }
                var items: [CBOR] = []
                for _ in 0..<argument { items.append(try item(depth: depth + 1)) }
                return .array(items)
            case 5:
                guard argument <= Self.maximumItems, argument * 2 <= UInt64(bytes.count) else { throw .tooLarge }
                var pairs: [(CBOR, CBOR)] = []
                for _ in 0..<argument { pairs.append((try item(depth: depth + 1), try item(depth: depth + 1))) }
                return .map(pairs)
            default: throw .unsupported // 6: tags, which no structure we read uses
            }
        }
    }
}
