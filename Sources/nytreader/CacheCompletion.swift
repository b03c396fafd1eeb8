import ArgumentParser
import ArticleStore
import FoundationEssentials
import NewsCore
import ReaderConfig

/// Shell completion from the cache: the words of the searches kept (`--query`), the archive months
/// imported (`--archive`, `archive --forget`) and the feeds they make (`--feed`). It reads the cache that
/// `--db` names on the command line being completed, else the default one, and only when the file exists: completing never creates a cache, and a cache that
/// cannot be read completes nothing.
enum CacheCompletion {
    /// `--query`'s completion: the searches kept, newest first.
    static let searches = CompletionKind.custom { words, index, prefix in
        values(words: words, prefix: completedWord(words, index, prefix)) { store in
            try store.searchFeeds().compactMap { status in
                guard case .search(let query) = status.feed else { return nil }
                return query.text
            }
        }
    }

    /// `--archive`'s completion: the months imported, oldest first.
    static let archiveMonths = CompletionKind.custom { words, index, prefix in
        values(words: words, prefix: completedWord(words, index, prefix)) { store in try monthsImported(store).map(\.description) }
    }

    /// `--feed`'s completion: the names of the feeds every cache has, then `archive:YYYY-MM` for each month
    /// imported, oldest first.
    static let feeds = CompletionKind.custom { words, index, prefix in
        let prefix = completedWord(words, index, prefix)
        return Feed.completableNames.filter { $0.hasPrefix(prefix) }
            + values(words: words, prefix: prefix) { store in try monthsImported(store).map { Feed.archive($0).name } }
    }

    /// What is typed of the word completed: the parser's prefix (up to the cursor) when it is the line's
    /// last word, which is the word the parser takes it from; the word at `index` when more follow it
    /// (`--feed wo⇥ --json`).
    static func completedWord(_ words: [String], _ index: Int, _ prefix: String) -> String {
        words.indices.contains(index) && index < words.count - 1 ? words[index] : prefix
    }

    /// The months `store` holds imported, oldest first.
    private static func monthsImported(_ store: ArticleStore) throws -> [ArchiveMonth] {
        try store.archiveMonths().map(\.month).reversed()
    }

    /// The values `read` finds in the cache that start with `prefix`, each once, in its order.
    private static func values(words: [String], prefix: String, _ read: (ArticleStore) throws -> [String]) -> [String] {
        let path = database(words: words)
        guard FileManager.default.fileExists(atPath: path), let store = try? ArticleStore(path: path, access: .readOnlyWhenReady),
            let found = try? read(store)
        else { return [] }
        var seen = Set<String>()
        return found.filter { $0.hasPrefix(prefix) && seen.insert($0).inserted }
    }

    /// The cache `words` (the command line being completed) name with `--db PATH` or `--db=PATH` (which
    /// bash hands over as `--db`, `=`, `PATH`), else the default cache. The words come as typed: quotes
    /// around the path, a backslash before a space and a leading `~/` are read as the shell reads them.
    static func database(words: [String], environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        for (index, word) in words.enumerated() {
            var path: String?
            if word == "--db", index + 1 < words.count {
                path = words[index + 1] == "=" && index + 2 < words.count ? words[index + 2] : words[index + 1]
            } else if word.hasPrefix("--db=") {
                path = String(word.dropFirst("--db=".count))
            }
            if let path { return typed(path, home: environment["HOME"]) }
        }
        return AppPaths(environment: environment).database.path
    }

    /// A path as the shell would pass it once run: quotes taken off, backslash escapes undone, `~/`
    /// made `HOME`.
    static func typed(_ word: String, home: String?) -> String {
        var path = ""
        var quote: Character?
        var escaped = false
        for character in word {
            if escaped {
                path.append(character)
                escaped = false
            } else if character == "\\" && quote != "'" {
                escaped = true
            } else if let open = quote {
                if character == open { quote = nil } else { path.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
            } else {
                path.append(character)
            }
        }
        if let home, !home.isEmpty, path == "~" || path.hasPrefix("~/") { path = home + path.dropFirst() }
        return path
    }
}
