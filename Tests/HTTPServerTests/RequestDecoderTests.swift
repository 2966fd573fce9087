import Testing
@testable import HTTPServer

/// Feeds bytes to the decoder and returns everything it produces until it needs more or fails.
func decode(_ text: String, limits: HTTPLimits = HTTPLimits()) -> [RequestDecoder.Event] {
    decode(Array(text.utf8), limits: limits)
}

func decode(_ bytes: [UInt8], limits: HTTPLimits = HTTPLimits()) -> [RequestDecoder.Event] {
    var decoder = RequestDecoder(limits: limits)
    decoder.append(bytes)
    var events: [RequestDecoder.Event] = []
    while true {
        let event = decoder.next()
        events.append(event)
        switch event {
        case .request, .sendContinue: continue
        case .needMoreData, .failure: return events
        }
    }
}

func firstError(_ text: String, limits: HTTPLimits = HTTPLimits()) -> HTTPParseError? {
    for case .failure(let error) in decode(text, limits: limits) { return error }
    return nil
}

func requests(_ events: [RequestDecoder.Event]) -> [Request] {
    events.compactMap { if case .request(let request) = $0 { request } else { nil } }
}

@Suite("Request decoding: what is accepted")
struct RequestDecoderAcceptanceTests {
    @Test func simpleGetWithHost() {
        let events = decode("GET /a/b?x=1 HTTP/1.1\r\nHost: example.test\r\nAccept: */*\r\n\r\n")
        let request = requests(events).first
        #expect(request?.method == "GET")
        #expect(request?.target == "/a/b?x=1")
        #expect(request?.path == "/a/b")
        #expect(request?.query == "x=1")
        #expect(request?.headers["host"] == "example.test")
        #expect(request?.version == .http1_1)
        #expect(events.last == .needMoreData)
    }

    @Test func pipelinedRequestsComeOutInOrder() {
        let events = decode("GET /1 HTTP/1.1\r\nHost: h\r\n\r\nGET /2 HTTP/1.1\r\nHost: h\r\n\r\nGET /3 HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(requests(events).map(\.target) == ["/1", "/2", "/3"])
    }

    @Test func http10NeedsNoHost() {
        #expect(requests(decode("GET / HTTP/1.0\r\n\r\n")).count == 1)
    }

    @Test func leadingEmptyLinesAreIgnored() {
        #expect(requests(decode("\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n")).count == 1)
    }

    @Test func contentLengthBodyArrivingInPieces() {
        var decoder = RequestDecoder(limits: HTTPLimits())
        decoder.append(Array("POST /f HTTP/1.1\r\nHost: h\r\nContent-Length: 11\r\n\r\nhello".utf8))
        #expect(decoder.next() == .needMoreData)
        decoder.append(Array(" world".utf8))
        guard case .request(let request) = decoder.next() else { Issue.record("no request"); return }
        #expect(request.body == Array("hello world".utf8))
    }

    @Test func identicalRepeatedContentLengthsAreOneLength() {
        let request = requests(decode("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\nhi")).first
        #expect(request?.body == Array("hi".utf8))
    }

    @Test func chunkedBodyWithExtensionsAndTrailers() {
        let text = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "5;name=value\r\nhello\r\n6\r\n world\r\n0\r\nX-Trailer: yes\r\n\r\n"
        let request = requests(decode(text)).first
        #expect(request?.body == Array("hello world".utf8))
    }

    @Test func chunkedBodyOneByteAtATime() {
        let text = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n"
        var decoder = RequestDecoder(limits: HTTPLimits())
        var body: [UInt8]?
        for byte in text.utf8 {
            decoder.append([byte])
            if case .request(let request) = decoder.next() { body = request.body }
        }
        #expect(body == Array("abcde".utf8))
    }

    @Test func expectContinueAsksForContinueBeforeTheBody() {
        var decoder = RequestDecoder(limits: HTTPLimits())
        decoder.append(Array("POST / HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n".utf8))
        #expect(decoder.next() == .sendContinue)
        #expect(decoder.next() == .needMoreData)
        decoder.append(Array("abc".utf8))
        guard case .request(let request) = decoder.next() else { Issue.record("no request"); return }
        #expect(request.body == Array("abc".utf8))
    }

    @Test func expectContinueIsSkippedWhenTheBodyIsAlreadyHere() {
        let events = decode("POST / HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\nabc")
        #expect(!events.contains(.sendContinue))
        #expect(requests(events).count == 1)
    }

    @Test func headerValuesAreTrimmedAndObsTextKept() {
        var bytes = Array("GET / HTTP/1.1\r\nHost: h\r\nX-A: \t value \t\r\nX-B: caf".utf8)
        bytes += [0xC3, 0xA9]
        bytes += Array("\r\n\r\n".utf8)
        let request = requests(decode(bytes)).first
        #expect(request?.headers["X-A"] == "value")
        #expect(request?.headers["X-B"] == "café")
    }

    @Test func keepAliveRules() {
        #expect(requests(decode("GET / HTTP/1.1\r\nHost: h\r\n\r\n")).first?.wantsKeepAlive == true)
        #expect(requests(decode("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")).first?.wantsKeepAlive == false)
        #expect(requests(decode("GET / HTTP/1.0\r\n\r\n")).first?.wantsKeepAlive == false)
        #expect(requests(decode("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n")).first?.wantsKeepAlive == true)
    }
}
