import Testing
@testable import HTTPServer

@Suite("Request decoding: every rejection rule")
struct RequestDecoderRejectionTests {
    static let cases: [(name: String, request: String, error: HTTPParseError)] = [
        ("CL and TE together", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", .contentLengthWithTransferEncoding),
        ("TE and CL together", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n", .contentLengthWithTransferEncoding),
        ("conflicting CL", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n", .conflictingContentLength),
        ("conflicting CL list", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3, 4\r\n\r\n", .conflictingContentLength),
        ("negative CL", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: -1\r\n\r\n", .invalidContentLength),
        ("plus-signed CL", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: +3\r\n\r\n", .invalidContentLength),
        ("hex CL", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 0x10\r\n\r\n", .invalidContentLength),
        ("empty CL", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: \r\n\r\n", .invalidContentLength),
        ("CL with space inside", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1 2\r\n\r\n", .invalidContentLength),
        ("gzip coding", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip\r\n\r\n", .unsupportedTransferCoding),
        ("gzip then chunked", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", .unsupportedTransferCoding),
        ("identity coding", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: identity\r\n\r\n", .unsupportedTransferCoding),
        ("chunked twice", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked, chunked\r\n\r\n", .invalidTransferEncoding),
        ("chunked in two headers", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n", .invalidTransferEncoding),
        ("TE on HTTP/1.0", "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", .transferEncodingOnHTTP10),
        ("obs-fold", "GET / HTTP/1.1\r\nHost: h\r\nX-A: a\r\n  folded\r\n\r\n", .obsoleteLineFolding),
        ("obs-fold with tab", "GET / HTTP/1.1\r\nHost: h\r\nX-A: a\r\n\tfolded\r\n\r\n", .obsoleteLineFolding),
        ("space before colon", "GET / HTTP/1.1\r\nHost : h\r\n\r\n", .whitespaceBeforeColon),
        ("tab before colon", "GET / HTTP/1.1\r\nHost\t: h\r\n\r\n", .whitespaceBeforeColon),
        ("empty header name", "GET / HTTP/1.1\r\nHost: h\r\n: value\r\n\r\n", .invalidHeaderName),
        ("header without colon", "GET / HTTP/1.1\r\nHost: h\r\nNoColon\r\n\r\n", .invalidHeaderName),
        ("missing Host on 1.1", "GET / HTTP/1.1\r\nAccept: */*\r\n\r\n", .missingHost),
        ("repeated Host", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", .duplicateHost),
        ("repeated Host on 1.0", "GET / HTTP/1.0\r\nHost: a\r\nHost: a\r\n\r\n", .duplicateHost),
        ("HTTP/2.0", "GET / HTTP/2.0\r\nHost: h\r\n\r\n", .unsupportedVersion),
        ("HTTP/0.9 style", "GET / HTTP/0.9\r\nHost: h\r\n\r\n", .unsupportedVersion),
        ("HTTP/1.2", "GET / HTTP/1.2\r\nHost: h\r\n\r\n", .unsupportedVersion),
        ("lower-case version", "GET / http/1.1\r\nHost: h\r\n\r\n", .invalidVersion),
        ("long version", "GET / HTTP/1.10\r\nHost: h\r\n\r\n", .invalidVersion),
        ("no version", "GET /\r\nHost: h\r\n\r\n", .invalidRequestLine),
        ("two spaces", "GET  / HTTP/1.1\r\nHost: h\r\n\r\n", .invalidTarget),
        ("space in target", "GET /a b HTTP/1.1\r\nHost: h\r\n\r\n", .invalidVersion),
        ("bad method byte", "G(T / HTTP/1.1\r\nHost: h\r\n\r\n", .invalidMethod),
        ("empty method", " / HTTP/1.1\r\nHost: h\r\n\r\n", .invalidMethod),
        ("bare LF line ending", "GET / HTTP/1.1\nHost: h\n\n", .invalidLineEnding),
        ("bare LF in headers", "GET / HTTP/1.1\r\nHost: h\nX: y\r\n\r\n", .invalidLineEnding),
        ("bare CR", "GET / HTTP/1.1\r\nHost: h\rX: y\r\n\r\n", .invalidLineEnding),
        ("chunk size not hex", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", .invalidChunkSize),
        ("empty chunk size", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n\r\n", .invalidChunkSize),
        ("negative chunk size", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\n", .invalidChunkSize),
        ("overflowing chunk size", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n10000000000000000\r\n", .invalidChunkSize),
        ("chunk data too long", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n", .invalidChunkFraming),
        ("chunk size with bare LF", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n2\nab\r\n", .invalidChunkFraming),
        ("chunk extension with control byte", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n2;a=\u{1}\r\nab\r\n", .invalidChunkSize),
    ]

    @Test(arguments: cases)
    func rejects(_ testCase: (name: String, request: String, error: HTTPParseError)) {
        #expect(firstError(testCase.request) == testCase.error, "\(testCase.name)")
        #expect(testCase.error.status.code >= 400)
    }

    @Test func statusesFollowTheRules() {
        #expect(HTTPParseError.unsupportedTransferCoding.status.code == 501)
        #expect(HTTPParseError.unsupportedVersion.status.code == 505)
        #expect(HTTPParseError.requestLineTooLong.status.code == 414)
        #expect(HTTPParseError.headerBlockTooLarge.status.code == 431)
        #expect(HTTPParseError.tooManyHeaders.status.code == 431)
        #expect(HTTPParseError.bodyTooLarge.status.code == 413)
        #expect(HTTPParseError.contentLengthWithTransferEncoding.status.code == 400)
    }

    @Test func afterAFailureNothingMoreIsParsed() {
        var decoder = RequestDecoder(limits: HTTPLimits())
        decoder.append(Array("GET / HTTP/1.1\r\nHost : h\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n".utf8))
        #expect(decoder.next() == .failure(.whitespaceBeforeColon))
        #expect(decoder.next() == .failure(.whitespaceBeforeColon))
    }

    @Test(arguments: 0...255)
    func everyByteInAHeaderName(_ byte: Int) {
        var bytes = Array("GET / HTTP/1.1\r\nHost: h\r\nX".utf8)
        bytes.append(UInt8(byte))
        bytes += Array("Y: v\r\n\r\n".utf8)
        let events = decode(bytes)
        let accepted = !requests(events).isEmpty
        // A colon ends the name early ("X:Y: v" is the field X), so it is accepted too.
        let isToken = ASCII.isTokenByte[byte] || byte == 58
        #expect(accepted == isToken, "byte \(byte)")
    }

    @Test(arguments: 0...255)
    func everyByteInAHeaderValue(_ byte: Int) {
        var bytes = Array("GET / HTTP/1.1\r\nHost: h\r\nX: a".utf8)
        bytes.append(UInt8(byte))
        bytes += Array("b\r\n\r\n".utf8)
        let events = decode(bytes)
        let accepted = !requests(events).isEmpty
        // Allowed: HTAB, SP, visible ASCII and obs-text. CR and LF alone break the line and are refused too.
        let allowed = byte == 9 || (byte >= 32 && byte != 127)
        #expect(accepted == allowed, "byte \(byte)")
    }

    @Test(arguments: 0...255)
    func everyByteInTheTarget(_ byte: Int) {
        var bytes = Array("GET /a".utf8)
        bytes.append(UInt8(byte))
        bytes += Array(" HTTP/1.1\r\nHost: h\r\n\r\n".utf8)
        let accepted = !requests(decode(bytes)).isEmpty
        #expect(accepted == (byte > 32 && byte < 127), "byte \(byte)")
    }
}

@Suite("Request decoding: limits, one byte either side")
struct RequestDecoderLimitTests {
    static let limits = HTTPLimits(maxRequestLineBytes: 64, maxHeaderBlockBytes: 256, maxHeaderCount: 5, maxBodyBytes: 10)

    @Test func requestLineAtAndOverTheLimit() {
        let line = { (length: Int) in "GET /" + String(repeating: "a", count: length - 14) + " HTTP/1.1" }
        #expect(line(64).utf8.count == 64)
        #expect(firstError(line(64) + "\r\nHost: h\r\n\r\n", limits: Self.limits) == nil)
        #expect(firstError(line(65) + "\r\nHost: h\r\n\r\n", limits: Self.limits) == .requestLineTooLong)
        // Refused before the line has even ended.
        #expect(firstError("GET /" + String(repeating: "a", count: 80), limits: Self.limits) == .requestLineTooLong)
    }

    @Test func headerBlockAtAndOverTheLimit() {
        let head = { (padding: Int) in "GET / HTTP/1.1\r\nHost: h\r\nX: " + String(repeating: "v", count: padding) + "\r\n\r\n" }
        let base = head(0).utf8.count
        #expect(firstError(head(256 - base), limits: Self.limits) == nil)
        #expect(firstError(head(257 - base), limits: Self.limits) == .headerBlockTooLarge)
        #expect(firstError("GET / HTTP/1.1\r\nX: " + String(repeating: "v", count: 300), limits: Self.limits) == .headerBlockTooLarge)
    }

    @Test func headerCountAtAndOverTheLimit() {
        let head = { (count: Int) in "GET / HTTP/1.1\r\nHost: h\r\n" + (1..<count).map { "X\($0): v\r\n" }.joined() + "\r\n" }
        #expect(firstError(head(5), limits: Self.limits) == nil)
        #expect(firstError(head(6), limits: Self.limits) == .tooManyHeaders)
    }

    @Test func contentLengthAtAndOverTheLimit() {
        #expect(firstError("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\n\r\n0123456789", limits: Self.limits) == nil)
        #expect(firstError("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 11\r\n\r\n", limits: Self.limits) == .bodyTooLarge)
        #expect(firstError("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 99999999999999999999999\r\n\r\n", limits: Self.limits) == .bodyTooLarge)
    }

    @Test func chunkedBodyAtAndOverTheLimit() {
        let chunked = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
        #expect(firstError(chunked + "5\r\nabcde\r\n5\r\nfghij\r\n0\r\n\r\n", limits: Self.limits) == nil)
        #expect(firstError(chunked + "5\r\nabcde\r\n6\r\nfghijk\r\n0\r\n\r\n", limits: Self.limits) == .bodyTooLarge)
    }

    @Test func trailersHaveALimit() {
        let chunked = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n"
        #expect(firstError(chunked + "X: " + String(repeating: "t", count: 400) + "\r\n\r\n", limits: Self.limits) == .trailersTooLarge)
    }
}
