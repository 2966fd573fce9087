/// Bytes another value owns and keeps still while it lives (a page drawn into its own buffer): a response can send
/// them as they are, without first copying them into an Array.
public protocol SharedBytes: Sendable {
    var count: Int { get }
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result
}

/// What a response sends after its head: an Array, or bytes shared with the value that wrote them. A page is drawn into
/// a buffer of its own; copying it into an Array to send it was a fifth of a 55 KB page's time (the year calendar),
/// most of it the fresh pages of memory the copy touched.
public struct ResponseBody: Sendable {
    private enum Storage: Sendable {
        case array([UInt8])
        case shared(any SharedBytes)
    }

    private let storage: Storage
    public let count: Int

    public init(_ bytes: [UInt8]) {
        storage = .array(bytes)
        count = bytes.count
    }

    public init(sharing bytes: any SharedBytes) {
        storage = .shared(bytes)
        count = bytes.count
    }

    public var isEmpty: Bool { count == 0 }

    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        switch storage {
        case .array(let bytes): try bytes.withUnsafeBytes(body)
        case .shared(let bytes): try bytes.withUnsafeBytes(body)
        }
    }

    /// The bytes as an Array: free for one that is already, a copy for shared bytes (tests and error paths).
    public var bytes: [UInt8] {
        switch storage {
        case .array(let bytes): bytes
        case .shared(let bytes): bytes.withUnsafeBytes { Array($0) }
        }
    }
}
