/// A PNG an organisation uploads as its logo, checked without decoding it: the signature, then every chunk's length in
/// bounds, IHDR first with a sensible size, at least one IDAT, and IEND last with nothing after it. SVG is refused, not
/// sanitised: it is a document that can carry script and links, and no sanitiser we could trust builds here.
public struct PNGImage: Sendable, Equatable {
    public let bytes: [UInt8]
    public let width: Int
    public let height: Int

    public static let byteLimit = 60_000
    public static let sideLimit = 2000

    public enum Problem: Error, Equatable, Sendable {
        case tooLarge, notPNG, badSize
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    public init(_ bytes: [UInt8]) throws(Problem) {
        guard bytes.count <= Self.byteLimit else { throw .tooLarge }
        guard bytes.count >= 8 + 25 + 12, Array(bytes[0..<8]) == Self.signature else { throw .notPNG }
        func uint32(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        var offset = 8, seenData = false, first = true, width = 0, height = 0
        while true {
            guard offset + 12 <= bytes.count else { throw .notPNG }
            let length = uint32(offset)
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard length <= bytes.count - offset - 12 else { throw .notPNG }
            if first {
                guard type == "IHDR", length == 13 else { throw .notPNG }
                (width, height) = (uint32(offset + 8), uint32(offset + 12))
                first = false
            }
            if type == "IDAT" { seenData = true }
            offset += 12 + length
            if type == "IEND" {
                guard seenData, offset == bytes.count else { throw .notPNG }
                break
            }
        }
        guard (1...Self.sideLimit).contains(width), (1...Self.sideLimit).contains(height) else { throw .badSize }
        self.bytes = bytes
        self.width = width
        self.height = height
    }
}
