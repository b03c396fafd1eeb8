import Foundation
import NewsCore
import ArticleStore
import TestSupport
import Testing

@Suite("Private files")
struct PrivateFilesTests {
    static func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require((attributes[.posixPermissions] as? NSNumber)?.intValue)
    }

    @Test("Missing directories are created 0700; the database, -wal and -shm files are 0600")
    func modes() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("data/nytreader/cache.sqlite")
        let store = try ArticleStore(path: path)
        try store.apply(ArticleFactory.snapshot(.topStories(.world), 0..<5), origin: .network)
        #expect(try Self.mode(directory.path("data")) == 0o700)
        #expect(try Self.mode(directory.path("data/nytreader")) == 0o700)
        for file in [path, path + "-wal", path + "-shm"] {
            #expect(FileManager.default.fileExists(atPath: file), "\(file)")
            #expect(try Self.mode(file) == 0o600, "\(file)")
        }
    }

    @Test("A database file others could read is made private; an existing directory is left alone")
    func existingFiles() throws {
        let directory = try TemporaryDirectory()
        chmod(directory.url.path, 0o755)
        let path = directory.path("cache.sqlite")
        do {
            let store = try ArticleStore(path: path)
            try store.apply(ArticleFactory.snapshot(.topStories(.world), 0..<2), origin: .network)
        }
        chmod(path, 0o644)
        let store = try ArticleStore(path: path)
        #expect(try store.status(of: .topStories(.world)).count == 2)
        #expect(try Self.mode(path) == 0o600)
        #expect(try Self.mode(directory.url.path) == 0o755)
    }

    @Test("A path that cannot be created is a cannot-open error naming it")
    func unwritable() throws {
        let directory = try TemporaryDirectory()
        #expect(FileManager.default.createFile(atPath: directory.path("file"), contents: Data()))
        let path = directory.path("file/cache.sqlite")
        #expect {
            try ArticleStore(path: path)
        } throws: { error in
            guard case .cannotOpen(let failedPath, _) = error as? StoreError else { return false }
            return failedPath == path
        }
    }
}
