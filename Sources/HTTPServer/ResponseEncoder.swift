/// Writes a response head. The body is sent as its own buffer (writev), so it is never copied.
enum ResponseEncoder {
    /// - Parameters:
    ///   - isHead: a HEAD request: same headers, including Content-Length, but no body.
    ///   - keepAlive: whether the connection stays open; when false the head says `Connection: close`.
    static func head(for response: Response, version: HTTPVersion, isHead: Bool, keepAlive: Bool, date: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256 + response.headers.count * 48)
        out.append(contentsOf: "HTTP/1.1 ".utf8)
        out.append(contentsOf: String(response.status.code).utf8)
        out.append(ASCII.space)
        out.append(contentsOf: response.status.reason.utf8)
        out.append(contentsOf: "\r\n".utf8)
        for field in response.headers {
            // Framing headers are ours to decide; a handler cannot smuggle a second length in.
            if field.name.equalsIgnoringASCIICase("Content-Length") || field.name.equalsIgnoringASCIICase("Transfer-Encoding")
                || field.name.equalsIgnoringASCIICase("Connection") || field.name.equalsIgnoringASCIICase("Date") {
                continue
            }
            appendField(&out, field.name, field.value)
        }
        out.append(contentsOf: "Date: ".utf8)
        out.append(contentsOf: date.utf8)
        out.append(contentsOf: "\r\n".utf8)
        if response.status.allowsBody {
            out.append(contentsOf: "Content-Length: ".utf8)
            out.append(contentsOf: String(response.content.count).utf8)
            out.append(contentsOf: "\r\n".utf8)
        }
        if !keepAlive {
            out.append(contentsOf: "Connection: close\r\n".utf8)
        } else if version == .http1_0 {
            out.append(contentsOf: "Connection: keep-alive\r\n".utf8)
        }
        out.append(contentsOf: "\r\n".utf8)
        return out
    }

    static let continueLine: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Drops CR, LF and NUL from handler-supplied names and values so no value can start a new header line.
    /// Almost every field is clean, so that case is a plain copy.
    private static func appendField(_ out: inout [UInt8], _ name: String, _ value: String) {
        appendClean(&out, name)
        out.append(contentsOf: ": ".utf8)
        appendClean(&out, value)
        out.append(contentsOf: "\r\n".utf8)
    }

    private static func appendClean(_ out: inout [UInt8], _ text: String) {
        // Over the string's own bytes when it has them (every native string): a plain loop over a buffer, several
        // times quicker than walking the UTF-8 view, and this runs for every header of every response.
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            var clean = true
            for byte in bytes where byte == ASCII.cr || byte == ASCII.lf || byte == 0 { clean = false; break }
            if clean {
                out.append(contentsOf: bytes)
            } else {
                out.append(contentsOf: bytes.lazy.filter { $0 != ASCII.cr && $0 != ASCII.lf && $0 != 0 })
            }
        }
        if copied == nil {
            out.append(contentsOf: text.utf8.lazy.filter { $0 != ASCII.cr && $0 != ASCII.lf && $0 != 0 })
        }
    }
}
