import Foundation
import Synchronization
import Testing
@testable import Storage

/// Reads on SQLite run on connections of our own (`SQLiteReadConnection`); these are the promises they keep.
@Suite("SQLite reads")
struct SQLiteReadTests {
    func database() throws -> AppDatabase {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reads-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT, score REAL);"
            .write(toFile: folder + "/0001_notes.sql", atomically: true, encoding: .utf8)
        return try AppDatabase.open(path: folder + "/test.sqlite", migrationsDirectory: folder)
    }

    @Test func aReadSeesEveryCommittedWriteAndEveryKindOfValue() throws {
        let database = try database()
        // Empty text, non-ASCII, quotes, a real, a NULL: each comes back as it went in.
        let texts = ["", "héllo 🫂", "O'Brien; DROP TABLE notes"]
        for (index, text) in texts.enumerated() {
            try database.write { try $0.execute(sql: "INSERT INTO notes (id, text, score) VALUES (?, ?, ?)",
                                                arguments: [index, text, 1.5]) }
            // The write just committed is seen by the next read, whichever idle connection it takes.
            #expect(try database.read { try $0.int(sql: "SELECT count(*) FROM notes") } == index + 1)
        }
        for (index, text) in texts.enumerated() {
            let row = try database.read { try $0.row(sql: "SELECT text, score FROM notes WHERE id = ? AND text = ?",
                                                     arguments: [index, text]) }
            #expect(row?["text"] == text)
            #expect(row?["score"] == 1.5)
        }
        try database.write { try $0.execute(sql: "INSERT INTO notes (id, text) VALUES (9, NULL)") }
        #expect(try database.read { try $0.row(sql: "SELECT text FROM notes WHERE id = 9") }?["text"] as String? == nil)
        // A parameter is bound with its length: a NUL inside is kept, not taken for the end.
        #expect(try database.read { try $0.string(sql: "SELECT hex(?)", arguments: ["a\u{0}b"]) } == "610062")
    }

    @Test func aReadCannotWriteAndAFailedStatementLeavesTheConnectionUsable() throws {
        let database = try database()
        #expect(throws: StorageError.self) {
            try database.read { try $0.execute(sql: "INSERT INTO notes (id, text) VALUES (1, 'x')") }
        }
        #expect(throws: StorageError.self) { try database.read { try $0.rows(sql: "SELECT nonsense FROM notes") } }
        // Too few arguments is an error, never a NULL bound in their place.
        #expect(throws: StorageError.self) { try database.read { try $0.rows(sql: "SELECT ? + ?", arguments: [1]) } }
        #expect(try database.read { try $0.int(sql: "SELECT count(*) FROM notes") } == 0)
        try database.close()
        #expect(throws: StorageError.self) { try database.read { try $0.int(sql: "SELECT 1") } }
    }

    @Test func manyThreadsReadAtOnceWhileOneWrites() async throws {
        let database = try database()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for id in 0..<200 { try database.write { try $0.execute(sql: "INSERT INTO notes (id) VALUES (?)", arguments: [id]) } }
            }
            for _ in 0..<8 {
                group.addTask {
                    var last = 0
                    for _ in 0..<200 {
                        let count = try database.read { try $0.int(sql: "SELECT count(*) FROM notes") } ?? -1
                        // Rows are only added, so no reader may ever see fewer than it saw before.
                        #expect(count >= last)
                        last = count
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try database.read { try $0.int(sql: "SELECT count(*) FROM notes") } == 200)
    }

    @Test func columnsAreFoundByNameTheFirstOfTwoWinning() throws {
        let database = try database()
        let names = (0..<40).map { "column_\($0)" }
        let sql = "SELECT " + names.enumerated().map { "\($0.offset) AS \($0.element)" }.joined(separator: ", ") + ", 1 AS a, 2 AS a, 3 AS b"
        let row = try #require(try database.read { try $0.row(sql: sql) })
        for (place, name) in names.enumerated() { #expect(row[name] == place) }
        #expect(row["a"] == 1 && row["b"] == 3)
        #expect(SQLColumns(["x", "y"]).place(of: "z") == nil && SQLColumns([]).place(of: "x") == nil)
        // The hash reads a name's length and its first and last eight bytes: names alike in all three still differ.
        let alike = (0..<20).map { "community_\($0 % 10)\($0 / 10)_version" } + ["id", "ab", "ba", "é", "tenant_id"]
        let columns = SQLColumns(alike)
        for (place, name) in alike.enumerated() { #expect(columns.place(of: name) == place) }
        #expect(columns.place(of: "community_00_versioN") == nil && columns.place(of: "community_0_version") == nil)
    }

    /// Another connection's write, on a thread of its own (the reads held together are bound to this one).
    private func writeElsewhere(_ database: AppDatabase, id: Int) throws {
        let done = DispatchSemaphore(value: 0)
        let failure = Mutex<(any Error)?>(nil)
        Thread {
            do { try database.write { try $0.execute(sql: "INSERT INTO notes (id) VALUES (?)", arguments: [id]) } } catch {
                failure.withLock { $0 = error }
            }
            done.signal()
        }.start()
        done.wait()
        if let error = failure.withLock({ $0 }) { throw error }
    }

    @Test func aPagesReadsSeeOneMomentAndItsOwnWrites() throws {
        let database = try database()
        let count = { try database.read { try $0.int(sql: "SELECT count(*) FROM notes") } }
        try database.readingTogether {
            #expect(try count() == 0)
            // Someone else's write, committed between two of the page's reads: the page still sees the moment it began.
            try writeElsewhere(database, id: 1)
            #expect(try count() == 0)
            // The page's own write ends that moment: what it reads next includes it (and the other write).
            try database.write { try $0.execute(sql: "INSERT INTO notes (id) VALUES (2)") }
            #expect(try count() == 2)
            try writeElsewhere(database, id: 3)
            #expect(try count() == 2)
            // A failed read ends the shared transaction too, and the next read starts a fresh one.
            #expect(throws: StorageError.self) { try database.read { try $0.rows(sql: "SELECT nonsense FROM notes") } }
            #expect(try count() == 3)
            // Nested, it is the same transaction.
            try database.readingTogether {
                try writeElsewhere(database, id: 4)
                #expect(try count() == 3)
            }
        }
        // Outside, every read is its own moment again; the connection held went back and is usable.
        #expect(try count() == 4)
        try writeElsewhere(database, id: 5)
        #expect(try count() == 5)
    }
}
