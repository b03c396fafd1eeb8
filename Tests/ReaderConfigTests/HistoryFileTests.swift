import Foundation
import ReaderConfig
import TestSupport
import Testing

/// The prompts' history on disk: written whole and private, read back, never through a link.
@Suite("The prompt history file")
struct HistoryFileTests {
    @Test("What is written reads back, in order, 0600 in a 0700 folder; line breaks in an entry become spaces")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        let file = HistoryFile(url: directory.url.appendingPathComponent("state/nytreader/history"))
        #expect(file.read().isEmpty, "no file yet: no history")
        file.write(["search": ["alps", "two\nlines"], "nyt_search": ["climate from:2024-01-01"]])
        #expect(file.read() == ["search": ["alps", "two lines"], "nyt_search": ["climate from:2024-01-01"]])
        let attributes = try FileManager.default.attributesOfItem(atPath: file.url.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: file.url.deletingLastPathComponent().path)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        file.write(["search": ["geneva"]])
        #expect(file.read() == ["search": ["geneva"]], "written whole, in place of the old")
    }

    @Test("A symbolic link at its path is neither read nor followed; the link is replaced, its target untouched")
    func symbolicLink() throws {
        let directory = try TemporaryDirectory()
        let target = directory.url.appendingPathComponent("elsewhere")
        try "search\tsecret\n".write(to: target, atomically: true, encoding: .utf8)
        let path = directory.url.appendingPathComponent("history")
        try FileManager.default.createSymbolicLink(at: path, withDestinationURL: target)
        let file = HistoryFile(url: path)
        #expect(file.read().isEmpty)
        file.write(["search": ["alps"]])
        #expect(try String(contentsOf: target, encoding: .utf8) == "search\tsecret\n")
        #expect(file.read() == ["search": ["alps"]])
    }
}
