import Foundation
import SQLite
import TestSupport
import Testing

@testable import ArticleStore

/// `nytreader archive --compact` on a cache as an older version left it: its text unpacked and its free
/// pages kept inside the file.
@Suite("nytreader archive --compact", .serialized, .timeLimit(.minutes(3)))
struct ArchiveCompactTests {
    /// The cache at `path` made as a version before packing and before forgetting gave pages back left it.
    static func makeOlder(_ path: String) throws {
        let store = try ArticleStore(path: path)
        try store.writer.writeWithoutTransaction { db in
            try db.execute(sql: "UPDATE article SET " + PackedText.columns.map { "\($0) = nyttext(\($0))" }.joined(separator: ", "))
            try db.execute(sql: "PRAGMA auto_vacuum = NONE; VACUUM")
        }
    }

    @Test("An older cache is packed and given back its free pages; the months read and search as before; a second run has nothing to do")
    func compactsAnOlderCache() async throws {
        let home = try CliHome()
        let server = try ArchiveTests.server(months: [1, 2], count: 1_500)
        let imported = try await home.run([
            "archive", "2024-01..2024-02", "--api-base-url", server.baseURL.absoluteString, "--request-spacing", "0",
        ])
        try #require(imported.status == 0, "\(imported.errorOutput)")
        // The import made the sets of common words of the index it wrote into (too small for any: marked made).
        #expect(try ArticleStore(path: home.database).read { db in try ArchiveWordSets.unbuilt(in: db) }.isEmpty)
        try Self.makeOlder(home.database)
        let forgot = try await home.run(["archive", "--forget", "2024-01"])
        #expect(forgot.status == 0, "\(forgot.errorOutput)")
        let status = try await home.run(["archive", "--status"])
        #expect(status.output.contains(" of it free: nytreader archive --compact gives it back)"), "\(status.output)")
        let listed = try await home.run(["list", "--archive", "2024-02", "--json", "--limit", "2000"])
        let searched = try await home.run(["search", "archive202402", "--json", "--limit", "2000"])
        #expect(try ListedArticle.decode(searched.output).count == ArchiveMonthJSON.readableCount(1_500))
        // The archive's and the bundled snapshot's.
        let cached = try SQLite.DatabaseQueue(path: home.database).read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM article") }
        let size = try FileManager.default.attributesOfItem(atPath: home.database)[.size] as? Int ?? 0

        let compacted = try await home.run(["archive", "--compact"])
        #expect(compacted.status == 0 && compacted.errorOutput.isEmpty, "\(compacted.errorOutput)")
        let said = try #require(
            compacted.output.wholeMatch(
                of:
                    /Compacted the cache: ([0-9.]+) MB → ([0-9.]+) MB; the text of ([0-9,]+) articles packed; the words of 1 archive index listed for search.\n/
            ))
        let (before, after) = (Double(said.1) ?? 0, Double(said.2) ?? .infinity)
        #expect(Int(said.3.replacingOccurrences(of: ",", with: "")) == cached, "every article: \(compacted.output)")
        #expect(after < before * 0.7, "\(compacted.output)")
        let file = try FileManager.default.attributesOfItem(atPath: home.database)[.size] as? Int ?? 0
        #expect(file < size * 7 / 10, "the file itself: \(file) of \(size) bytes")
        #expect(abs(Double(file) / 1e6 - after) < 0.1, "the size said is the file's: \(file), \(compacted.output)")

        #expect(try await home.run(["list", "--archive", "2024-02", "--json", "--limit", "2000"]).output == listed.output)
        #expect(try await home.run(["search", "archive202402", "--json", "--limit", "2000"]).output == searched.output)
        let uri = ArchiveMonthJSON.uri(year: 2024, month: 2, index: 7)
        let shown = try await home.run(["show", uri])
        #expect(shown.status == 0 && shown.output.contains("Archive202402 story"), "\(shown.output) \(shown.errorOutput)")
        // Forgetting January left the index of 2024 without its list of words; compacting listed them.
        try ArticleStore(path: home.database).write { db in
            #expect(try ArchiveWords.unlisted(in: db).isEmpty)
            try db.execute(sql: "CREATE VIRTUAL TABLE temp.vocabulary USING fts5vocab(main, archiveFTS_2024, row)")
            let words = try String.fetchAll(db, sql: "SELECT term FROM temp.vocabulary")
            #expect(words.contains("archive202402"))
            let listed = try String.fetchAll(db, sql: "SELECT word FROM archiveWord WHERE ftsPartition = 2024 AND word != '' ORDER BY word")
            #expect(listed == words)
        }
        let statusAfter = try await home.run(["archive", "--status"])
        #expect(!statusAfter.output.contains("free"), "\(statusAfter.output)")
        #expect(statusAfter.output.contains("2024-02  1,497 articles (3 of the NYT's 1,500 left out)"), "\(statusAfter.output)")

        let again = try await home.run(["archive", "--compact"])
        #expect(
            again.status == 0 && again.output.hasPrefix("The cache (") && again.output.hasSuffix(" MB) is compact already.\n"),
            "\(again.output)")
    }

    @Test("--compact is a mode of its own")
    func oneMode() async throws {
        let home = try CliHome()
        let oneOfThem = "Give months to import, --status, --forget MONTHS, or --compact (one of them)."
        for (arguments, message) in [
            (["--compact", "--status"], oneOfThem), (["--compact", "2024-01"], oneOfThem),
            (["--compact", "--forget", "2024-01"], oneOfThem), (["--compact", "--force"], "--force goes with months to import."),
        ] {
            let result = try await home.run(["archive"] + arguments)
            #expect(result.status == 64, "\(arguments): \(result.errorOutput)")
            #expect(result.errorOutput.contains(message), "\(arguments): \(result.errorOutput)")
            #expect(!FileManager.default.fileExists(atPath: home.database), "\(arguments): nothing opened")
        }
    }
}
