/// Turns the bytes of one connection into requests, one at a time, in order.
///
/// It owns the connection's inbound buffer. The connection appends what it reads and asks for the next
/// event only when it is ready for another request, which is what keeps pipelined answers in order.
struct RequestDecoder {
    enum Event: Equatable {
        /// Not enough bytes yet.
        case needMoreData
        /// The head asked for `100 Continue` and the body has not started; answer it, then read on.
        case sendContinue
        case request(Request)
        case failure(HTTPParseError)
    }

    private enum State {
        case head
        case fixedBody(RequestHead, remaining: Int)
        case chunked(RequestHead, ChunkPhase)
        case failed(HTTPParseError)
    }

    private enum ChunkPhase {
        case size
        case data(remaining: Int)
        case dataEnd
        case trailers(bytesSeen: Int)
    }

    let limits: HTTPLimits
    private var buffer: [UInt8] = []
    private var readIndex = 0
    /// Where the search for the end of the head resumes, so a client sending one byte at a time costs O(n).
    private var scanIndex = 0
    private var state: State = .head
    private var body: [UInt8] = []
    /// Where the request line's LF was found, once it has been.
    private var requestLineEnd: Int?

    init(limits: HTTPLimits) {
        self.limits = limits
    }

    /// Bytes received but not yet consumed by a request.
    var bufferedByteCount: Int { buffer.count - readIndex }

    /// Whether a request has started arriving (used for the head and body timeouts).
    var isMidRequest: Bool {
        switch state {
        case .head: return bufferedByteCount > 0
        default: return true
        }
    }

    /// Whether the request that has started is still in its head (as opposed to its body).
    var isReadingHead: Bool {
        if case .head = state { return true }
        return false
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        buffer.append(contentsOf: bytes)
    }

    mutating func append(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
    }

    mutating func next() -> Event {
        let event = advance()
        compactIfWorthwhile()
        return event
    }

    private mutating func advance() -> Event {
        while true {
            switch state {
            case .failed(let error):
                return .failure(error)
            case .head:
                switch decodeHead() {
                case .none:
                    return .needMoreData
                case .some(.failure(let error)):
                    return fail(error)
                case .some(.success(let head)):
                    body = []
                    switch head.framing {
                    case .none, .contentLength(0):
                        return .request(makeRequest(head))
                    case .contentLength(let length):
                        state = .fixedBody(head, remaining: length)
                    case .chunked:
                        state = .chunked(head, .size)
                    }
                    if head.expectsContinue, bufferedByteCount == 0 { return .sendContinue }
                }
            case .fixedBody(let head, let remaining):
                if bufferedByteCount == 0 { return .needMoreData }
                let take = min(remaining, bufferedByteCount)
                body.append(contentsOf: buffer[readIndex..<(readIndex + take)])
                readIndex += take
                if take == remaining {
                    state = .head
                    return .request(makeRequest(head))
                }
                state = .fixedBody(head, remaining: remaining - take)
                return .needMoreData
            case .chunked(let head, let phase):
                return decodeChunk(head, phase)
            }
        }
    }

    private mutating func fail(_ error: HTTPParseError) -> Event {
        state = .failed(error)
        return .failure(error)
    }

    private func makeRequest(_ head: RequestHead) -> Request {
        Request(method: head.method, target: head.target, version: head.version, headers: head.headers, body: body)
    }

    // MARK: Head

    /// nil while the head is incomplete.
    private mutating func decodeHead() -> Result<RequestHead, HTTPParseError>? {
        // RFC 9112 §2.2: ignore empty lines before the request line.
        while bufferedByteCount >= 2, buffer[readIndex] == ASCII.cr, buffer[readIndex + 1] == ASCII.lf {
            readIndex += 2
            requestLineEnd = nil
        }
        scanIndex = max(scanIndex, readIndex)

        var headEnd: Int?
        var lineEnd = requestLineEnd
        var index = scanIndex
        let start = readIndex
        let count = buffer.count
        let failure: HTTPParseError? = buffer.withUnsafeBufferPointer { bytes in
            while index < count {
                let byte = bytes[index]
                if byte == ASCII.lf {
                    guard index > start, bytes[index - 1] == ASCII.cr else { return .invalidLineEnding }
                    if lineEnd == nil { lineEnd = index }
                    if index - start >= 3, bytes[index - 2] == ASCII.lf {
                        headEnd = index + 1
                        return nil
                    }
                } else if byte == ASCII.cr, index + 1 < count, bytes[index + 1] != ASCII.lf {
                    return .invalidLineEnding
                }
                index += 1
            }
            return nil
        }
        requestLineEnd = lineEnd
        if let failure { return .failure(failure) }

        // The request line alone may not exceed its limit, whether or not it has ended yet.
        let requestLineLength = (lineEnd.map { $0 - 1 } ?? count) - start
        if requestLineLength > limits.maxRequestLineBytes { return .failure(.requestLineTooLong) }

        guard let headEnd else {
            // Resume at the last byte: a trailing CR still needs its LF checked.
            scanIndex = max(start, count - 1)
            if count - start > limits.maxHeaderBlockBytes { return .failure(.headerBlockTooLarge) }
            return nil
        }
        if headEnd - start > limits.maxHeaderBlockBytes { return .failure(.headerBlockTooLarge) }

        let result = buffer.withUnsafeBufferPointer { bytes in
            RequestHeadParser.parse(UnsafeBufferPointer(rebasing: bytes[start..<headEnd]), limits: limits)
        }
        readIndex = headEnd
        scanIndex = headEnd
        requestLineEnd = nil
        return result
    }

    // MARK: Chunked body (RFC 9112 §7.1)

    private mutating func decodeChunk(_ head: RequestHead, _ startPhase: ChunkPhase) -> Event {
        var phase = startPhase
        defer { if case .chunked = state { state = .chunked(head, phase) } }
        while true {
            switch phase {
            case .size:
                guard let lineEnd = findLineEnd(limit: 1024) else {
                    if bufferedByteCount > 1024 { return fail(.invalidChunkSize) }
                    return .needMoreData
                }
                guard case .success(let lineEndIndex) = lineEnd else {
                    if case .failure(let error) = lineEnd { return fail(error) }
                    return .needMoreData
                }
                guard let size = parseChunkSize(from: readIndex, to: lineEndIndex - 1) else {
                    return fail(.invalidChunkSize)
                }
                readIndex = lineEndIndex + 1
                if size == 0 {
                    phase = .trailers(bytesSeen: 0)
                } else {
                    if size > limits.maxBodyBytes - body.count { return fail(.bodyTooLarge) }
                    phase = .data(remaining: size)
                }
            case .data(let remaining):
                if bufferedByteCount == 0 { return .needMoreData }
                let take = min(remaining, bufferedByteCount)
                body.append(contentsOf: buffer[readIndex..<(readIndex + take)])
                readIndex += take
                phase = take == remaining ? .dataEnd : .data(remaining: remaining - take)
            case .dataEnd:
                if bufferedByteCount < 2 {
                    if bufferedByteCount == 1, buffer[readIndex] != ASCII.cr { return fail(.invalidChunkFraming) }
                    return .needMoreData
                }
                guard buffer[readIndex] == ASCII.cr, buffer[readIndex + 1] == ASCII.lf else {
                    return fail(.invalidChunkFraming)
                }
                readIndex += 2
                phase = .size
            case .trailers(let bytesSeen):
                let remainingAllowance = limits.maxHeaderBlockBytes - bytesSeen
                guard let lineEnd = findLineEnd(limit: remainingAllowance) else {
                    if bufferedByteCount > remainingAllowance { return fail(.trailersTooLarge) }
                    return .needMoreData
                }
                guard case .success(let lineEndIndex) = lineEnd else {
                    if case .failure(let error) = lineEnd { return fail(error) }
                    return .needMoreData
                }
                let lineLength = lineEndIndex + 1 - readIndex
                let isEmptyLine = lineLength == 2
                if !isEmptyLine {
                    // A trailer field is read and dropped; it must still be a well-formed field line.
                    let first = buffer[readIndex]
                    let valid = ASCII.isTokenByte[Int(first)]
                        && buffer[readIndex..<(lineEndIndex - 1)].allSatisfy { ASCII.isFieldValueByte[Int($0)] }
                    guard valid else { return fail(.invalidChunkFraming) }
                }
                readIndex = lineEndIndex + 1
                if isEmptyLine {
                    state = .head
                    return .request(makeRequest(head))
                }
                phase = .trailers(bytesSeen: bytesSeen + lineLength)
            }
        }
    }

    /// The index of the LF ending the line at `readIndex`, nil if not yet received within `limit` bytes.
    private func findLineEnd(limit: Int) -> Result<Int, HTTPParseError>? {
        let end = min(buffer.count, readIndex + limit)
        var index = readIndex
        while index < end {
            let byte = buffer[index]
            if byte == ASCII.lf {
                guard index > readIndex, buffer[index - 1] == ASCII.cr else { return .failure(.invalidChunkFraming) }
                return .success(index)
            }
            if byte == ASCII.cr, index + 1 < buffer.count, buffer[index + 1] != ASCII.lf {
                return .failure(.invalidChunkFraming)
            }
            index += 1
        }
        return nil
    }

    /// chunk-size [ chunk-ext ] up to (not including) the CR at `end`. Extensions are checked and ignored.
    private func parseChunkSize(from start: Int, to end: Int) -> Int? {
        var index = start
        var size = 0
        while index < end, let digit = ASCII.hexValue(buffer[index]) {
            guard index - start < 15 else { return nil }  // more than 15 hex digits could overflow
            size = size << 4 | Int(digit)
            index += 1
        }
        guard index > start else { return nil }
        if index == end { return size }
        // chunk-ext = *( BWS ";" BWS ext-name [ BWS "=" BWS ext-value ] )
        while index < end, buffer[index] == ASCII.space || buffer[index] == ASCII.tab { index += 1 }
        guard index < end, buffer[index] == UInt8(ascii: ";") else { return nil }
        guard buffer[index..<end].allSatisfy({ ASCII.isFieldValueByte[Int($0)] }) else { return nil }
        return size
    }

    // MARK: Buffer housekeeping

    private mutating func compactIfWorthwhile() {
        if readIndex == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 64 * 1024)
            readIndex = 0
            scanIndex = 0
        } else if readIndex >= 16 * 1024 {
            buffer.removeFirst(readIndex)
            scanIndex -= readIndex
            requestLineEnd = requestLineEnd.map { $0 - readIndex }
            readIndex = 0
        }
    }
}
