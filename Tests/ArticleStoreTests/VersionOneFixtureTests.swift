import Foundation
import NewsCore
import SQLite
import TestSupport
import Testing

@testable import ArticleStore

/// `Fixtures/cache-v1.sqlite` was written by the first released schema ("v1") and is never regenerated:
/// two feeds (`top:world` from the network, `top:home` bundled with a recorded failure), six articles,
/// two read and two saved. Every later schema must open it with its data intact.
enum VersionOneFixture {
    /// A writable copy of the fixture in `directory`.
    static func copy(into directory: TemporaryDirectory) throws -> String {
        let source = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/cache-v1.sqlite")
        let path = directory.path("cache.sqlite")
        try FileManager.default.copyItem(atPath: source.path, toPath: path)
        return path
    }

    static let world = Feed.topStories(.world)
    static let home = Feed.topStories(.home)
}

@Suite("Version 1 database")
struct VersionOneFixtureTests {
    @Test("A database made by the first schema opens with its feeds, articles and local state")
    func opensWithData() throws {
        let directory = try TemporaryDirectory()
        let store = try ArticleStore(path: try VersionOneFixture.copy(into: directory))

        let world = try store.status(of: VersionOneFixture.world)
        #expect(world.count == 4)
        #expect(world.origin == .network)
        #expect(world.lastRefreshedDate == Date(timeIntervalSince1970: 1_763_600_000))
        #expect(world.lastError == nil)
        let home = try store.status(of: VersionOneFixture.home)
        #expect(home.count == 3)
        #expect(home.origin == .bundled)
        #expect(home.lastError == "Offline — the NYT could not be reached")

        let worldEntries = try store.entries(in: VersionOneFixture.world, range: 0..<10)
        #expect(
            worldEntries.map(\.article.title) == [
                "Article 0", "Café owners in Paris brace for winter", "東京の新しい駅が開業", "Article 3",
            ])
        #expect(worldEntries.map(\.isRead) == [true, true, false, false])
        #expect(worldEntries[0].readDate == Date(timeIntervalSince1970: 1_763_600_100))
        #expect(worldEntries[1].savedDate == Date(timeIntervalSince1970: 1_763_600_300))
        #expect(worldEntries[1].article.kicker == "Dispatch")
        #expect(worldEntries[1].article.thumbnailURL == "https://static01.nyt.com/images/cafe.jpg")
        #expect(worldEntries[1].article.updatedDate == Date(timeIntervalSince1970: 1_763_590_000))
        #expect(worldEntries[2].article.leadParagraph == "Lead paragraph of article 2.")
        #expect(worldEntries[3].article.leadParagraph == "Lead paragraph of article 3.")
        #expect(
            try store.entries(in: VersionOneFixture.home, range: 0..<10).map(\.id.rawValue) == [
                "nyt://article/test-3", "nyt://article/test-10", "nyt://article/test-11",
            ])
        #expect(
            try store.entries(in: .saved, range: 0..<10).map(\.id.rawValue) == [
                "nyt://article/test-11", "nyt://article/test-1",
            ])
        #expect(try store.unreadCount(in: VersionOneFixture.world) == 2)
        #expect(try store.search("elec", limit: 5).isEmpty)
        #expect(try store.search("Paris", limit: 5).map(\.entry.id.rawValue) == ["nyt://article/test-1"])
    }

    @Test(
        "Migrating the version 1 database, from every schema in between, to the latest keeps its data and fills the new parts",
        arguments: Schema.identifiers)
    func migratesToLatest(from intermediate: String) throws {
        let directory = try TemporaryDirectory()
        let path = try VersionOneFixture.copy(into: directory)
        // The fixture as an earlier nytreader left it: migrated up to `intermediate`, no further.
        do {
            let earlier = try DatabaseQueue(path: path)
            try earlier.write { db in try SchemaMigration.apply(db, upTo: intermediate) }
            #expect(try earlier.read(SchemaMigration.appliedIdentifiers).count == Schema.identifiers.firstIndex(of: intermediate)! + 1)
        }
        let store = try ArticleStore(path: path)
        let (applied, integrity) = try store.writer.read { db in
            (try SchemaMigration.appliedIdentifiers(db), try String.fetchOne(db, sql: "PRAGMA integrity_check"))
        }
        #expect(applied == Set(Schema.identifiers))
        #expect(integrity == "ok")

        // Counts kept per feed are computed from the old data.
        #expect(try store.unreadCounts() == ["top:world": 2, "top:home": 3])
        #expect(try store.status(of: VersionOneFixture.world).count == 4)
        // CJK text already cached is searchable by any part; old words still are.
        #expect(try store.search("駅", limit: 5).map(\.entry.article.title) == ["東京の新しい駅が開業"])
        #expect(try store.search("cafe", limit: 5).map(\.entry.id.rawValue) == ["nyt://article/test-1"])
        // Read and saved state survive; the counts follow later changes.
        try store.setRead(ArticleID("nyt://article/test-3"), at: Date(timeIntervalSince1970: 1_763_700_000))
        #expect(try store.unreadCounts() == ["top:world": 1, "top:home": 2])
        #expect(
            try store.entries(in: .saved, range: 0..<5).map(\.savedDate) == [
                Date(timeIntervalSince1970: 1_763_600_400), Date(timeIntervalSince1970: 1_763_600_300),
            ])
        // A refresh works on the migrated database.
        let changes = try store.apply(ArticleFactory.snapshot(VersionOneFixture.world, [2, 0, 7]), origin: .network)
        // Article 2 had a Japanese title in the fixture: the refresh's text replaces it.
        #expect(changes == RefreshChanges(total: 3, inserted: 1, updated: 1, removed: 2))
        #expect(try store.search("東京", limit: 5).isEmpty)
    }
}
