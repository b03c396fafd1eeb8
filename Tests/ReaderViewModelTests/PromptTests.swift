import Foundation
import NewsCore
import ReaderService
import TestSupport
import Testing

@testable import ReaderViewModel

/// The prompts (`/` and `f`) share one line editor and a history kept across runs; `/` searches the feed
/// on screen first; `f` offline searches the cache; dates alone are an NYT search.
@Suite("Prompts: one line editor, history, what they search")
struct PromptTests {
    /// Ten articles of World; number 7 about glaciers, and a Climate feed with a glacier story of its own.
    static func driver(history: PromptHistory = PromptHistory(), blocker: RefreshFailure? = nil) -> ViewModelDriver {
        var driver = ViewModelDriver(count: 10, blocker: blocker, history: history)
        driver.entries[7].article.leadParagraph = "Glaciers in the Alps retreat faster than expected."
        driver.feeds[.topStories(Section(rawValue: "climate"))] = [
            ArticleEntry(article: ArticleFactory.article(50, title: "Glacier lakes burst"))
        ]
        return driver
    }

    @Test("The / field edits as the f prompt does: ←, Home, Ctrl-W, Ctrl-U")
    func oneLineEditor() {
        var driver = Self.driver()
        driver.send(.search)
        driver.type("alps glaciers")
        driver.edit(.deleteWordBackward)
        #expect(driver.state.search?.text == "alps ")
        driver.edit(.moveToStart)
        driver.type("the ")
        #expect(driver.state.search?.text == "the alps ")
        #expect(driver.state.search?.editor.split.before == "the ")
        driver.edit(.moveToEnd)
        driver.edit(.deleteToStart)
        #expect(driver.state.search?.text == "")
        #expect(driver.state.search?.showsHits == false, "the feed is back")
    }

    @Test("Alt-b and Alt-f move by words of letters and digits, Alt-d deletes the word after the cursor, as readline does")
    func wordKeys() {
        var editor = LineEditor("from:2024-01-01 rate  cuts")
        editor.apply(.moveWordBackward)
        #expect(editor.split == ("from:2024-01-01 rate  ", "cuts"))
        editor.apply(.moveWordBackward)
        #expect(editor.split == ("from:2024-01-01 ", "rate  cuts"))
        editor.apply(.moveWordBackward)
        #expect(editor.split == ("from:2024-01-", "01 rate  cuts"), "a date's parts are words")
        editor.apply(.moveToStart)
        editor.apply(.moveWordBackward)
        #expect(editor.cursor == 0, "nothing before the start")
        editor.apply(.moveWordForward)
        #expect(editor.split == ("from", ":2024-01-01 rate  cuts"))
        editor.apply(.moveWordForward)
        #expect(editor.split == ("from:2024", "-01-01 rate  cuts"))
        editor.apply(.deleteWordForward)
        #expect(editor.split == ("from:2024", "-01 rate  cuts"), "the separator and the word after it")
        editor.apply(.moveToEnd)
        editor.apply(.moveWordForward)
        editor.apply(.deleteWordForward)
        #expect(editor.text == "from:2024-01 rate  cuts", "nothing after the end")
        var words = LineEditor("élan vital")
        words.apply(.moveWordBackward)
        words.apply(.moveWordBackward)
        words.apply(.deleteWordForward)
        #expect(words.text == " vital", "letters with accents are word letters")
    }

    @Test(
        "Keys that bring parts of one character (a flag's letters, an emoji sequence, a combining accent) make one: Backspace and ← take it whole"
    )
    func partsOfOneCharacter() {
        for (typed, whole) in [("🇯🇵", "🇯🇵"), ("👨\u{200D}👩\u{200D}👧", "👨‍👩‍👧"), ("e\u{301}", "é"), ("👍🏽", "👍🏽")] {
            var editor = LineEditor()
            editor.apply(.insert("x"))
            for scalar in typed.unicodeScalars { editor.apply(.insert(Character(scalar))) }
            #expect(editor.characters == ["x", Character(whole)], "\(typed.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(editor.cursor == 2)
            editor.apply(.moveLeft)
            #expect(editor.split == ("x", whole))
            editor.apply(.moveRight)
            editor.apply(.deleteBackward)
            #expect(editor.text == "x", "one Backspace takes \(whole)")
        }
        var middle = LineEditor("ab")
        middle.apply(.moveLeft)
        middle.apply(.insert("\u{301}"))
        #expect(middle.text == "a\u{301}b")
        #expect(middle.split == ("a\u{301}", "b"))
    }

    @Test("↑ and ↓ recall what was entered before at that prompt, newest first, then the line being typed")
    func history() {
        var driver = Self.driver(
            history: PromptHistory([.search: ["alps", "geneva"], .nytSearch: ["climate from:2024-01-01"]]))
        driver.send(.search)
        driver.type("gla")
        driver.edit(.previousEntry)
        #expect(driver.state.search?.text == "geneva")
        driver.edit(.previousEntry)
        #expect(driver.state.search?.text == "alps")
        driver.edit(.previousEntry)
        #expect(driver.state.search?.text == "alps", "nothing before the oldest")
        driver.edit(.nextEntry)
        driver.edit(.nextEntry)
        #expect(driver.state.search?.text == "gla", "the line being typed comes back")
        driver.edit(.submit)
        #expect(driver.savedHistories.first?.entries(for: .search) == ["alps", "geneva", "gla"], "kept for the next run")

        driver.send(.nytSearch)
        driver.edit(.previousEntry)
        #expect(driver.state.prompt?.editor.text == "climate from:2024-01-01", "f has its own history")
        driver.edit(.cancel)
        driver.send(.search)
        driver.edit(.previousEntry)
        #expect(driver.state.search?.text == "gla", "the newest first, an entry once")
    }

    @Test("The history keeps the last 100 entries of each prompt, each once, never a blank one")
    func historyBounds() {
        var history = PromptHistory([.search: (0..<150).map { "word\($0)" } + ["  "]])
        #expect(history.entries(for: .search).count == 100)
        #expect(history.entries(for: .search).first == "word50")
        history.record("word60", for: .search)
        history.record("   ", for: .search)
        #expect(history.entries(for: .search).last == "word60")
        #expect(history.entries(for: .search).filter { $0 == "word60" }.count == 1)
        #expect(history.entries(for: .nytSearch).isEmpty)
    }

    @Test("/ searches the feed on screen first; Tab widens it to all cached and back; the hits follow")
    func scope() {
        var driver = Self.driver()
        driver.send(.search)
        #expect(driver.state.search?.scope == .topStories(.world))
        driver.type("glac")
        #expect(driver.state.search?.shownScope == .topStories(.world))
        #expect(driver.state.window.entries.map(\.article.title) == ["Article 7"], "World's own")
        driver.edit(.switchScope)
        #expect(driver.state.search?.scope == nil)
        #expect(Set(driver.state.window.entries.map(\.article.title)) == ["Article 7", "Glacier lakes burst"], "all cached")
        #expect(driver.effects.last == .search("glac", in: nil))
        driver.edit(.switchScope)
        #expect(driver.state.search?.scope == .topStories(.world))
        #expect(driver.state.count == 1)
    }

    @Test("An answer for the other scope is dropped")
    func staleScope() {
        var driver = Self.driver()
        driver.holdSearches = true
        driver.send(.search)
        driver.type("glac")
        driver.edit(.switchScope)
        driver.run(driver.viewModel.apply(.searchFinished("glac", in: .topStories(.world), [])))
        #expect(driver.state.search?.showsHits == false, "World's answer came after Tab")
    }

    @Test("f started with --offline searches the cache for the words and says so; the NYT is not asked")
    func offlineSearch() {
        var driver = Self.driver(blocker: .offlineByRequest)
        driver.send(.nytSearch)
        driver.type("glacier from:2024-01-01")
        driver.edit(.submit)
        #expect(driver.pendingRefreshes.isEmpty)
        #expect(driver.state.feed == .topStories(.world), "no empty search feed")
        #expect(driver.state.search?.scope == nil && driver.state.search?.isEditing == false)
        #expect(driver.state.search?.text == "glacier")
        #expect(Set(driver.state.window.entries.map(\.article.title)) == ["Glacier lakes burst", "Article 7"], "every feed's")
        #expect(driver.state.notice?.text == "Offline (--offline): searched the cache, not the NYT")
    }

    @Test("f with dates alone opens a search feed of those days")
    func datesAlone() {
        var driver = Self.driver()
        driver.send(.nytSearch)
        driver.type("from:2024-01-01 to:2024-01-31")
        driver.edit(.submit)
        #expect(driver.state.prompt == nil)
        #expect(driver.state.feed == .search(SearchQuery(text: "", beginDate: "20240101", endDate: "20240131")))
        #expect(driver.pendingRefreshes.count == 1)
    }
}
