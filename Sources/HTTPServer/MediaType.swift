/// Content types for the files we serve, by extension.
enum MediaType {
    private static let byExtension: [String: String] = [
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json",
        "webmanifest": "application/manifest+json",
        "html": "text/html; charset=utf-8",
        "txt": "text/plain; charset=utf-8",
        "svg": "image/svg+xml",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "ico": "image/x-icon",
        "woff2": "font/woff2",
        "woff": "font/woff",
        "map": "application/json",
    ]

    static func forPath(_ path: String) -> String {
        guard let dot = path.lastIndex(of: ".") else { return "application/octet-stream" }
        return byExtension[path[path.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }
}
