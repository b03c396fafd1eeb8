import Foundation
import NewsCore
import ReaderService
import TestSupport
import Testing

@testable import ReaderViewModel

/// What the reader tells a person to press comes from the keys in force; the config file's warnings are
/// shown; forgetting or importing a lot asks first; the list's width and zoom change with their keys.
@Suite("Hints, config warnings, confirmations and the list's width")
struct KeyHintTests {
    /// The keys after `[keys]` rebinds saved (V), sections (P), forget (X) and help (F1 is not a key: H).
    static let rebound = KeyHints([.showSaved: "V", .pickSection: "P", .forget: "X", .help: "H", .quit: "Ctrl-Q"])

    @Test("Notices name the keys in force; an action without a key is not suggested")
    func notices() {
        var standard = ViewModelDriver(count: 3)
        standard.send(.toggleSaved)
        #expect(standard.state.notice?.text == "Saved — S shows saved articles")
        standard.send(.forget)
        #expect(standard.state.notice?.text == "d forgets a search in the list of sections (s)")

        var rebound = ViewModelDriver(count: 3, keys: Self.rebound)
        rebound.send(.toggleSaved)
        #expect(rebound.state.notice?.text == "Saved — V shows saved articles")
        rebound.send(.forget)
        #expect(rebound.state.notice?.text == "X forgets a search in the list of sections (P)")

        var unbound = ViewModelDriver(count: 3, keys: KeyHints([.forget: "d"]))
        unbound.send(.toggleSaved)
        #expect(unbound.state.notice?.text == "Saved", "no key shows saved articles: none is named")
        unbound.send(.forget)
        #expect(unbound.state.notice?.text == "d forgets a search in the list of sections")
    }

    @Test("Config warnings: a notice at start naming the help's key, and the lines for the help")
    func configWarnings() {
        let warnings = ["config.toml line 2: unknown key 'colour'", "config.toml line 5: 'keys.reload': unknown action"]
        let driver = ViewModelDriver(count: 3, keys: Self.rebound, configWarnings: warnings)
        #expect(driver.state.notice == Notice("2 config warnings — H shows them", isError: true))
        #expect(driver.state.configWarnings == warnings)
        var one = ViewModelDriver(count: 3, configWarnings: [warnings[0]])
        #expect(one.state.notice?.text == "1 config warning — ? shows them")
        one.send(.help)
        #expect(one.state.configWarnings == [warnings[0]], "kept for the help")
        #expect(ViewModelDriver(count: 3).state.notice == nil)
    }

    @Test("d on an archive month asks first, with its size; y forgets it, n leaves it")
    func forgetMonthAsks() {
        let month = Feed.archive(ArchiveMonth("2023-06", latest: ArchiveMonth(containingDay: 21_000))!)
        var driver = ViewModelDriver(count: 3)
        driver.feeds[month] = (0..<30_000).lazy.map { ArticleEntry(article: ArticleFactory.article($0)) }.map { $0 }
        driver.send(.pickSection)
        driver.send(.moveToLast)
        driver.send(.forget)
        #expect(
            driver.state.confirmation?.question
                == "Forget June 2023 (30,000 articles; importing it again is one request)? y/n")
        #expect(!driver.effects.contains(.forget(month)), "nothing forgotten yet")
        driver.edit(.insert("x"))
        #expect(driver.state.confirmation != nil, "another key leaves the question")
        driver.edit(.insert("n"))
        #expect(driver.state.confirmation == nil && driver.state.notice?.text == "Nothing changed")
        #expect(driver.feeds[month] != nil)
        driver.send(.forget)
        driver.edit(.insert("y"))
        #expect(driver.effects.contains(.forget(month)))
        #expect(driver.feeds[month] == nil)
    }

    @Test("d on a search of a page or a few forgets it at once; one holding more than ten pages asks")
    func forgetSearch() {
        let small = Feed.search(SearchQuery(text: "ocean"))
        let large = Feed.search(SearchQuery(text: "climate"))
        var driver = ViewModelDriver(count: 3)
        driver.feeds[small] = (0..<10).map { ArticleEntry(article: ArticleFactory.article($0)) }
        driver.feeds[large] = (0..<250).map { ArticleEntry(article: ArticleFactory.article($0)) }
        driver.send(.pickSection)
        /// Highlights `feed` in the open picker.
        func highlight(_ feed: Feed) {
            driver.send(.moveToFirst)
            for _ in 0..<(driver.state.pickerFeeds.firstIndex(of: feed) ?? 0) { driver.send(.moveDown) }
        }
        highlight(large)
        driver.send(.forget)
        #expect(driver.state.confirmation?.question.hasPrefix("Forget Search “climate” (250 articles;") == true)
        driver.edit(.cancel)
        #expect(driver.state.confirmation == nil && driver.feeds[large] != nil)
        #expect(driver.state.overlay != nil, "the picker stays open")
        highlight(small)
        driver.send(.forget)
        #expect(driver.state.confirmation == nil)
        #expect(driver.effects.contains(.forget(small)))
    }

    @Test("r on an imported archive month says so and imports it again only after y")
    func importAgain() {
        let month = ArchiveMonth("2024-03", latest: ArchiveMonth(containingDay: 21_000))!
        var driver = ViewModelDriver(count: 6_912, feed: .archive(month))
        driver.send(.refresh)
        #expect(
            driver.state.confirmation?.question
                == "March 2024 is imported (6,912 articles). Import it again (one request of 20 to 30 MB)? y/n")
        #expect(driver.pendingRefreshes.isEmpty)
        driver.send(.moveDown)
        #expect(driver.state.confirmation == nil && driver.pendingRefreshes.isEmpty, "another action leaves it unanswered")
        #expect(driver.state.selection == 0, "and does nothing else")
        driver.send(.refresh)
        driver.edit(.insert("y"))
        #expect(driver.pendingRefreshes == [.archive(month)])
        #expect(driver.state.refresh.isRunning)
    }

    @Test("< and > change the list's share by 5 points within 20 to 80; z zooms the list and back")
    func listWidth() {
        var driver = ViewModelDriver(count: 3)
        #expect(driver.state.listWidthPercent == 40)
        driver.send(.widenList)
        #expect(driver.state.listWidthPercent == 45)
        driver.send(Array(repeating: .widenList, count: 20))
        #expect(driver.state.listWidthPercent == 80)
        driver.send(Array(repeating: .narrowList, count: 20))
        #expect(driver.state.listWidthPercent == 20)
        driver.send(.zoomList)
        #expect(driver.state.listZoomed)
        driver.send(.focusDetail)
        #expect(driver.state.focus == .detail && driver.state.listZoomed, "the detail opens over the zoomed list")
        driver.send(.zoomList)
        #expect(!driver.state.listZoomed && driver.state.focus == .list)
        let configured = ReaderViewModel(feed: .saved, listWidthPercent: 95)
        #expect(configured.state.listWidthPercent == 80, "list_width is kept within bounds")
    }
}
