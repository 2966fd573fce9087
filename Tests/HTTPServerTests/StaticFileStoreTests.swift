import Foundation
import Testing
@testable import HTTPServer

@Suite("Static files")
struct StaticFileStoreTests {
    func store() -> StaticFileStore {
        var store = StaticFileStore()
        store.add(path: "/css/app.css", body: Array("body{}".utf8), modified: 1_700_000_000)
        return store
    }

    func get(_ path: String, _ headers: HTTPHeaders = ["Host": "h"]) -> Response? {
        store().response(for: Request(method: "GET", target: path, headers: headers))
    }

    @Test func servesWithTypeValidatorsAndRevalidation() throws {
        let response = try #require(get("/css/app.css"))
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "text/css; charset=utf-8")
        #expect(response.headers["Cache-Control"] == "no-cache")
        #expect(response.headers["Last-Modified"] == "Tue, 14 Nov 2023 22:13:20 GMT")
        #expect(response.headers["ETag"]?.hasPrefix("\"") == true)
    }

    @Test func fingerprintedNameIsCachedForAYear() throws {
        let url = store().url(for: "/css/app.css")
        #expect(url.hasPrefix("/css/app.") && url.hasSuffix(".css") && url != "/css/app.css")
        let response = try #require(get(url))
        #expect(response.headers["Cache-Control"] == "public, max-age=31536000, immutable")
        #expect(response.body == Array("body{}".utf8))
    }

    @Test func notModifiedByETagAndByDate() throws {
        let etag = try #require(get("/css/app.css")?.headers["ETag"])
        #expect(get("/css/app.css", ["If-None-Match": etag])?.status == .notModified)
        #expect(get("/css/app.css", ["If-None-Match": "\"other\""])?.status == .ok)
        #expect(get("/css/app.css", ["If-Modified-Since": "Tue, 14 Nov 2023 22:13:20 GMT"])?.status == .notModified)
        #expect(get("/css/app.css", ["If-Modified-Since": "Tue, 14 Nov 2023 22:13:19 GMT"])?.status == .ok)
    }

    @Test(arguments: ["/css/../css/app.css", "/css/%2e%2e/css/app.css", "/css/app.css%00", "/css/app.css/", "/CSS/app.css", "/css//app.css"])
    func onlyExactNamesMatch(_ path: String) {
        #expect(get(path) == nil)
    }

    @Test func symbolicLinksAndHiddenFilesAreNotServed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("static-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/css", withIntermediateDirectories: true)
        try "ok".write(toFile: folder + "/css/real.css", atomically: true, encoding: .utf8)
        try "secret".write(toFile: folder + "/.env", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/passwd", withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(atPath: folder + "/etc", withDestinationPath: "/etc")
        let store = try StaticFileStore(directory: folder)
        #expect(store.paths == ["/css/real.css"])
    }

    @Test func aMissingFolderIsAnError() {
        #expect(throws: StaticFileError.self) { try StaticFileStore(directory: "/nonexistent/public") }
    }
}
