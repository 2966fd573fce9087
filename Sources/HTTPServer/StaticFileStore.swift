import Foundation

/// The files of a public folder, read once at start and served from memory.
///
/// Serving from a map built at start is what makes traversal impossible rather than merely checked:
/// a request can only ever name a file that was found inside the folder, and symbolic links are never
/// followed while building the map. Each file is also reachable under a fingerprinted name
/// (`app.3f9c0a1b2c3d4e5f.css`) that may be cached for a year, since its content can never change.
public struct StaticFileStore: Sendable {
    public struct File: Sendable {
        public let path: String
        public let fingerprintedPath: String
        let body: [UInt8]
        let contentType: String
        let etag: String
        let lastModified: String
        let lastModifiedEpoch: Int
    }

    private var byPath: [String: File] = [:]
    private var byFingerprint: [String: File] = [:]

    public init() {}

    /// Reads every regular file under `directory`. Hidden files and symbolic links are skipped.
    public init(directory: String) throws(StaticFileError) {
        let root = URL(fileURLWithPath: directory).standardizedFileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .missingFolder(directory)
        }
        try collect(folder: root, urlPrefix: "")
    }

    private mutating func collect(folder: String, urlPrefix: String) throws(StaticFileError) {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: folder) } catch { throw .unreadable(folder) }
        for name in names.sorted() where !name.hasPrefix(".") {
            let full = folder + "/" + name
            var info = stat()
            guard lstat(full, &info) == 0 else { continue }
            let kind = info.st_mode & S_IFMT
            if kind == S_IFDIR {
                try collect(folder: full, urlPrefix: urlPrefix + "/" + name)
            } else if kind == S_IFREG {
                guard let data = FileManager.default.contents(atPath: full) else { throw .unreadable(full) }
                add(path: urlPrefix + "/" + name, body: [UInt8](data), modified: Int(info.st_mtim.tv_sec))
            }
            // Anything else, symbolic links included, is left out on purpose.
        }
    }

    /// Adds a file under `path` (which starts with "/").
    public mutating func add(path: String, body: [UInt8], modified: Int) {
        let hash = Self.fnv1a64(body)
        let hex = String(hash, radix: 16)
        let fingerprint = String(repeating: "0", count: 16 - hex.count) + hex
        let fingerprinted: String
        if let dot = path.lastIndex(of: "."), path[dot...].firstIndex(of: "/") == nil {
            fingerprinted = path[..<dot] + "." + fingerprint + path[dot...]
        } else {
            fingerprinted = path + "." + fingerprint
        }
        let file = File(path: path, fingerprintedPath: fingerprinted, body: body,
                        contentType: MediaType.forPath(path), etag: "\"\(fingerprint)\"",
                        lastModified: HTTPDate.format(epochSeconds: modified), lastModifiedEpoch: modified)
        byPath[path] = file
        byFingerprint[fingerprinted] = file
    }

    /// The fingerprinted URL for `path`, for links in pages; the plain path if there is no such file.
    public func url(for path: String) -> String {
        byPath[path]?.fingerprintedPath ?? path
    }

    public var paths: [String] { byPath.keys.sorted() }

    /// Whether `path` (still percent-encoded, as received) names a file here.
    public func contains(path: Substring) -> Bool {
        byPath[String(path)] != nil || byFingerprint[String(path)] != nil
    }

    /// The answer for a GET or HEAD of `path`, or nil when no such file exists.
    public func response(for request: Request) -> Response? {
        let path = String(request.path)
        let file: File
        let immutable: Bool
        if let plain = byPath[path] {
            file = plain
            immutable = false
        } else if let fingerprinted = byFingerprint[path] {
            file = fingerprinted
            immutable = true
        } else {
            return nil
        }
        var headers = HTTPHeaders()
        headers.add("Content-Type", file.contentType)
        headers.add("ETag", file.etag)
        headers.add("Last-Modified", file.lastModified)
        headers.add("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache")
        if isNotModified(file, request.headers) {
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: file.body)
    }

    private func isNotModified(_ file: File, _ headers: HTTPHeaders) -> Bool {
        // RFC 9110 §13.1.3: If-None-Match, when present, decides alone.
        if let tags = headers["If-None-Match"] {
            return tags.split(separator: ",").contains { tag in
                let trimmed = tag.trimmingOWS()
                return trimmed == "*" || trimmed == file.etag || trimmed == "W/" + file.etag
            }
        }
        if let since = headers["If-Modified-Since"], let epoch = HTTPDate.parse(since) {
            return file.lastModifiedEpoch <= epoch
        }
        return false
    }

    /// FNV-1a: a fingerprint to tell versions of a file apart, not a security measure.
    static func fnv1a64(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}

public enum StaticFileError: Error, Sendable, CustomStringConvertible {
    case missingFolder(String)
    case unreadable(String)

    public var description: String {
        switch self {
        case .missingFolder(let path): "the public folder does not exist: \(path)"
        case .unreadable(let path): "cannot read \(path)"
        }
    }
}
