import Foundation

/// A `multipart/form-data` body (RFC 7578), for the one form that uploads a file (the organisation's logo). Written by
/// hand: the server already bounds the body (64 KB), and a library here would bring SwiftNIO with it. Limits: 20 parts,
/// 1 KB of headers a part; anything malformed is refused as a whole.
struct MultipartForm: Sendable {
    struct File: Sendable, Equatable {
        let name: String
        let filename: String
        let contentType: String
        let bytes: [UInt8]
    }

    private(set) var fields = FormData()
    private(set) var files: [File] = []

    static let partLimit = 20
    static let headerLimit = 1024

    /// The boundary named by a Content-Type such as `multipart/form-data; boundary=----x`, if it is one.
    static func boundary(contentType: String) -> String? {
        let parts = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.first?.lowercased() == "multipart/form-data" else { return nil }
        for part in parts.dropFirst() where part.lowercased().hasPrefix("boundary=") {
            var value = String(part.dropFirst("boundary=".count))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            guard (1...70).contains(value.utf8.count), value.utf8.allSatisfy({ $0 > 32 && $0 < 127 }) else { return nil }
            return value
        }
        return nil
    }

    init(body: [UInt8], boundary: String) throws(WebError) {
        let malformed = WebError.badRequest("The form could not be read.")
        let delimiter = Array(("--" + boundary).utf8)
        guard var position = Self.find(delimiter, in: body, from: 0) else { throw malformed }
        var pairs: [(String, String)] = []
        while true {
            position += delimiter.count
            // "--" after a delimiter ends the body.
            if position + 2 <= body.count, body[position] == 45, body[position + 1] == 45 { break }
            guard position + 2 <= body.count, body[position] == 13, body[position + 1] == 10 else { throw malformed }
            position += 2
            guard pairs.count + files.count < Self.partLimit,
                  let headerEnd = Self.find([13, 10, 13, 10], in: body, from: position), headerEnd - position <= Self.headerLimit,
                  let next = Self.find([13, 10] + delimiter, in: body, from: headerEnd + 4) else { throw malformed }
            let headers = String(decoding: body[position..<headerEnd], as: UTF8.self)
            let content = Array(body[(headerEnd + 4)..<next])
            var name: String?, filename: String?, type = "text/plain"
            for line in headers.split(separator: "\r\n") {
                let pieces = line.split(separator: ":", maxSplits: 1)
                guard pieces.count == 2 else { throw malformed }
                let field = pieces[0].lowercased(), value = pieces[1].trimmingCharacters(in: .whitespaces)
                if field == "content-disposition" {
                    for parameter in value.split(separator: ";").dropFirst() {
                        let pair = parameter.split(separator: "=", maxSplits: 1)
                        guard pair.count == 2 else { continue }
                        let key = pair[0].trimmingCharacters(in: .whitespaces).lowercased()
                        var text = pair[1].trimmingCharacters(in: .whitespaces)
                        if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = String(text.dropFirst().dropLast()) }
                        if key == "name" { name = text } else if key == "filename" { filename = text }
                    }
                } else if field == "content-type" {
                    type = value.lowercased()
                }
            }
            guard let name, !name.isEmpty else { throw malformed }
            if let filename {
                files.append(File(name: name, filename: filename, contentType: type, bytes: content))
            } else {
                guard let text = String(validating: content, as: UTF8.self) else { throw malformed }
                pairs.append((name, text))
            }
            position = next + 2
        }
        fields = FormData(pairs: pairs)
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        var index = start
        let first = needle[0], last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first {
                var match = true
                for offset in 1..<needle.count where haystack[index + offset] != needle[offset] { match = false; break }
                if match { return index }
            }
            index += 1
        }
        return nil
    }
}
