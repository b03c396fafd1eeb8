import Foundation
import SQLite
import Testing

/// Shell completion of values the cache holds, from a cache named on the line being completed.
@Suite("Completion from the cache --db names")
struct CompletionTests {
    @Test(
        "A --db path is read as the shell will pass it: quoted, with escaped spaces, from ~, and as --db=PATH in bash's three words"
    )
    func databaseAsTyped() async throws {
        let home = try CliHome()
        let cache = home.directory.path("my dir/c.sqlite")
        try FileManager.default.createDirectory(atPath: home.directory.path("my dir"), withIntermediateDirectories: true)
        let created = try await home.run(["list"], database: cache)
        #expect(created.status == 0, "\(created.errorOutput)")
        // A month imported, as far as the completion reads it: its row of archiveMonth.
        try DatabaseQueue(path: cache).write { db in
            try db.execute(
                sql: "INSERT INTO archiveMonth (month, articleCount, hits, byteCount, completedAt) VALUES ('2024-03', 0, 0, 0, 1763600000)")
        }
        let forms: [[String]] = [
            ["--db", "'~/my dir/c.sqlite'"], ["--db", "~/my\\ dir/c.sqlite"], ["--db", "\"\(cache)\""],
            ["--db", "=", "~/my\\ dir/c.sqlite"], ["--db=~/my\\ dir/c.sqlite"],
        ]
        for form in forms {
            let words = ["nytreader", "list"] + form + ["--feed", ""]
            let completed = try await home.run(["---completion", "list", "--", "--feed", String(words.count - 1), "0"] + words)
            #expect(
                completed.output.split(separator: "\n").contains("archive:2024-03"), "\(form): \(completed.output) \(completed.errorOutput)"
            )
        }
        #expect(!FileManager.default.fileExists(atPath: home.database), "completion creates no cache")
    }
}
