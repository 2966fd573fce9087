/// Size limits on what a client may send. Forms are small, so the body limit is small by default.
public struct HTTPLimits: Sendable {
    /// Longest request line (method, target, version) before 414.
    public var maxRequestLineBytes: Int = 8 * 1024
    /// Largest header block, request line included, before 431.
    public var maxHeaderBlockBytes: Int = 16 * 1024
    /// Most header fields before 431.
    public var maxHeaderCount: Int = 100
    /// Largest request body, however it is framed, before 413.
    public var maxBodyBytes: Int = 64 * 1024

    public init() {}

    public init(maxRequestLineBytes: Int = 8 * 1024, maxHeaderBlockBytes: Int = 16 * 1024,
                maxHeaderCount: Int = 100, maxBodyBytes: Int = 64 * 1024) {
        self.maxRequestLineBytes = maxRequestLineBytes
        self.maxHeaderBlockBytes = maxHeaderBlockBytes
        self.maxHeaderCount = maxHeaderCount
        self.maxBodyBytes = maxBodyBytes
    }
}
