import Foundation
import NewsCore
import TestSupport
import Testing

@testable import ArticleStore

/// A cache file moved, replaced or deleted under the process that has it open: nothing more is written
/// into a file nobody will open again, and the look for outside changes says so.
@Suite("The cache file moved under an open store")
struct CacheFileIdentityTests {
    @Test("Deleted, or another file moved to its path: writes and the look for outside changes throw replaced")
    func movedOrDeleted() throws {
        for replacement in ["deleted", "another file"] {
            let folder = try TemporaryDirectory()
            let path = folder.path("cache.sqlite")
            let store = try ArticleStore(path: path)
            try store.apply(ArticleFactory.snapshot(.topStories(.world), 0..<3), origin: .network)
            let article = ArticleFactory.article(1).id
            try store.setRead(article, at: Date())
            _ = try store.outsideChangeCount()
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            if replacement == "another file" {
                _ = try ArticleStore(path: path)
            }
            #expect(throws: StoreError.self, "\(replacement)") { try store.setSaved(article, at: Date()) }
            do {
                try store.setRead(article, at: nil)
                Issue.record("\(replacement): a write went through")
            } catch {
                #expect(error.code == .replaced, "\(replacement): \(error)")
            }
            do {
                _ = try store.outsideChangeCount()
                Issue.record("\(replacement): the look for outside changes went through")
            } catch {
                #expect(error.code == .replaced)
            }
            #expect(try store.status(of: .topStories(.world)).count == 3, "reading what it holds still works")
        }
    }
}
