/// Every way a request can be refused before it reaches a handler. The connection is closed after the answer,
/// because after any of these we can no longer be sure where the next request would begin.
public enum HTTPParseError: Error, Sendable, Equatable {
    case invalidRequestLine
    case invalidMethod
    case invalidTarget
    case invalidVersion
    case unsupportedVersion
    case requestLineTooLong
    case invalidLineEnding
    case headerBlockTooLarge
    case tooManyHeaders
    case invalidHeaderName
    case invalidHeaderValue
    case whitespaceBeforeColon
    case obsoleteLineFolding
    case missingHost
    case duplicateHost
    case invalidHost
    case contentLengthWithTransferEncoding
    case invalidContentLength
    case conflictingContentLength
    case unsupportedTransferCoding
    case invalidTransferEncoding
    case transferEncodingOnHTTP10
    case bodyTooLarge
    case invalidChunkSize
    case invalidChunkFraming
    case trailersTooLarge

    public var status: HTTPStatus {
        switch self {
        case .requestLineTooLong: .uriTooLong
        case .headerBlockTooLarge, .tooManyHeaders, .trailersTooLarge: .requestHeaderFieldsTooLarge
        case .unsupportedVersion: .httpVersionNotSupported
        case .unsupportedTransferCoding: .notImplemented
        case .bodyTooLarge: .contentTooLarge
        default: .badRequest
        }
    }
}
