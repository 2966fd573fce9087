/// The request line and header fields of one request, parsed from a complete head (everything up to and
/// including the empty line), plus how its body is framed.
struct RequestHead: Sendable {
    enum BodyFraming: Sendable, Equatable {
        case none
        case contentLength(Int)
        case chunked
    }

    var method: String
    var target: String
    var version: HTTPVersion
    var headers: HTTPHeaders
    var framing: BodyFraming
    var expectsContinue: Bool
}

/// Parses a complete request head strictly (RFC 9112 §2–§7). Anything ambiguous is refused rather than
/// guessed, because two parsers guessing differently is how request smuggling works.
enum RequestHeadParser {
    /// `head` runs from the request line through the final CRLF CRLF; line endings were already checked.
    static func parse(_ head: UnsafeBufferPointer<UInt8>, limits: HTTPLimits) -> Result<RequestHead, HTTPParseError> {
        var index = 0
        let end = head.count

        // Request line: method SP request-target SP HTTP-version CRLF
        let methodStart = index
        while index < end, ASCII.isTokenByte[Int(head[index])] { index += 1 }
        guard index > methodStart, index < end else { return .failure(.invalidMethod) }
        guard head[index] == ASCII.space else {
            return .failure(head[index] == ASCII.cr ? .invalidRequestLine : .invalidMethod)
        }
        let method = String(decoding: UnsafeBufferPointer(rebasing: head[methodStart..<index]), as: UTF8.self)
        index += 1

        let targetStart = index
        while index < end, ASCII.isTargetByte[Int(head[index])] { index += 1 }
        guard index > targetStart, index < end, head[index] == ASCII.space else {
            return .failure(index > targetStart && index < end && head[index] == ASCII.cr ? .invalidRequestLine : .invalidTarget)
        }
        let target = String(decoding: UnsafeBufferPointer(rebasing: head[targetStart..<index]), as: UTF8.self)
        index += 1

        let versionStart = index
        while index < end, head[index] != ASCII.cr { index += 1 }
        guard index + 1 < end else { return .failure(.invalidRequestLine) }
        let version: HTTPVersion
        switch parseVersion(UnsafeBufferPointer(rebasing: head[versionStart..<index])) {
        case .success(let parsed): version = parsed
        case .failure(let error): return .failure(error)
        }
        index += 2  // CRLF

        // Header fields until the empty line.
        var headers = HTTPHeaders()
        while index < end {
            if head[index] == ASCII.cr { break }  // the empty line that ends the head
            if head[index] == ASCII.space || head[index] == ASCII.tab { return .failure(.obsoleteLineFolding) }
            guard headers.count < limits.maxHeaderCount else { return .failure(.tooManyHeaders) }

            let nameStart = index
            while index < end, ASCII.isTokenByte[Int(head[index])] { index += 1 }
            guard index < end else { return .failure(.invalidHeaderName) }
            if head[index] != ASCII.colon {
                if head[index] == ASCII.space || head[index] == ASCII.tab { return .failure(.whitespaceBeforeColon) }
                return .failure(.invalidHeaderName)
            }
            guard index > nameStart else { return .failure(.invalidHeaderName) }
            let name = String(decoding: UnsafeBufferPointer(rebasing: head[nameStart..<index]), as: UTF8.self)
            index += 1

            while index < end, head[index] == ASCII.space || head[index] == ASCII.tab { index += 1 }
            let valueStart = index
            while index < end, head[index] != ASCII.cr {
                guard ASCII.isFieldValueByte[Int(head[index])] else { return .failure(.invalidHeaderValue) }
                index += 1
            }
            var valueEnd = index
            while valueEnd > valueStart, head[valueEnd - 1] == ASCII.space || head[valueEnd - 1] == ASCII.tab {
                valueEnd -= 1
            }
            let value = String(decoding: UnsafeBufferPointer(rebasing: head[valueStart..<valueEnd]), as: UTF8.self)
            headers.add(name, value)
            index += 2  // CRLF
        }

        switch framing(of: headers, version: version, limits: limits) {
        case .failure(let error):
            return .failure(error)
        case .success(let framing):
            let expectsContinue = version == .http1_1
                && framing != .none && framing != .contentLength(0)
                && headers.values("Expect").contains { $0.equalsIgnoringASCIICase("100-continue") }
            return .success(RequestHead(method: method, target: target, version: version, headers: headers,
                                        framing: framing, expectsContinue: expectsContinue))
        }
    }

    /// `HTTP/1.0` and `HTTP/1.1` are served; any other well-formed version is 505, anything else 400.
    static func parseVersion(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<HTTPVersion, HTTPParseError> {
        let prefix: [UInt8] = Array("HTTP/".utf8)
        guard bytes.count == 8, Array(bytes[0..<5]) == prefix, bytes[6] == UInt8(ascii: "."),
              (48...57).contains(bytes[5]), (48...57).contains(bytes[7])
        else { return .failure(.invalidVersion) }
        let major = Int(bytes[5] - 48), minor = Int(bytes[7] - 48)
        guard major == 1, minor <= 1 else { return .failure(.unsupportedVersion) }
        return .success(HTTPVersion(major: major, minor: minor))
    }

    /// Decides how the body is framed (RFC 9112 §6), refusing every combination two servers could read differently.
    static func framing(of headers: HTTPHeaders, version: HTTPVersion, limits: HTTPLimits)
        -> Result<RequestHead.BodyFraming, HTTPParseError>
    {
        let hosts = headers.values("Host")
        if hosts.count > 1 { return .failure(.duplicateHost) }
        if version == .http1_1, hosts.isEmpty { return .failure(.missingHost) }
        if let host = hosts.first, !HostField.isValid(host) { return .failure(.invalidHost) }

        let transferEncodings = headers.values("Transfer-Encoding")
        let contentLengths = headers.values("Content-Length")

        if !transferEncodings.isEmpty {
            if !contentLengths.isEmpty { return .failure(.contentLengthWithTransferEncoding) }
            if version == .http1_0 { return .failure(.transferEncodingOnHTTP10) }
            let codings = transferEncodings
                .flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
                .map { $0.trimmingOWS() }
            if codings.contains(where: { !$0.equalsIgnoringASCIICase("chunked") && !$0.isEmpty }) {
                return .failure(.unsupportedTransferCoding)
            }
            guard codings.count == 1, codings[0].equalsIgnoringASCIICase("chunked") else {
                return .failure(.invalidTransferEncoding)
            }
            return .success(.chunked)
        }

        guard !contentLengths.isEmpty else { return .success(.none) }
        var length: Int?
        for item in contentLengths.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
            let digits = item.trimmingOWS()
            guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
                return .failure(.invalidContentLength)
            }
            // Anything longer than 18 digits is far beyond any body limit; refuse it without overflowing.
            let value = digits.utf8.count > 18 ? Int.max : (Int(digits) ?? Int.max)
            if let length, length != value { return .failure(.conflictingContentLength) }
            length = value
        }
        guard let length else { return .failure(.invalidContentLength) }
        if length > limits.maxBodyBytes { return .failure(.bodyTooLarge) }
        return .success(.contentLength(length))
    }
}
