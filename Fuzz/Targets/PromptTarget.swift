import FoundationEssentials
import NewsCore
import ReaderViewModel

/// The NYT search prompt (`f`): any bytes, read as UTF-8, typed into the prompt of a reader, a few control
/// characters standing for the editing keys (Ctrl-A, -E, -B, -F, -U, -W, Backspace) and a line break for
/// Enter; each Enter runs the operator parser (`SearchInput`) on the line, which must open the search it
/// describes or say what is wrong; then the whole input goes through the parser at once.
enum PromptTarget {
    private static let now = Date(timeIntervalSince1970: 1_763_600_000)
    private static let latestYear = SearchDay.latestYear(at: now.timeIntervalSince1970)

    static let target = FuzzTarget(name: "prompt") { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        var model = ReaderViewModel(feed: .topStories(.home), now: { now })
        _ = model.handle(.nytSearch)
        for character in text {
            if model.state.prompt == nil { _ = model.handle(.nytSearch) }
            guard let prompt = model.state.prompt else {
                FuzzCheck.require(false, "the prompt does not open")
                return
            }
            let edit = Self.edit(for: character)
            let feed = model.state.feed
            _ = model.edit(edit)
            if edit == .submit {
                checkSubmit(of: prompt.editor.text, from: feed, leaving: model.state)
            } else if let editor = model.state.prompt?.editor {
                FuzzCheck.require(editor.characters.count <= LineEditor.maximumLength, "the line grew to \(editor.characters.count)")
                FuzzCheck.require((0...editor.characters.count).contains(editor.cursor), "the cursor left the line")
            }
        }
        check(SearchInput.parse(text, latestYear: latestYear), of: text)
    }

    private static func edit(for character: Character) -> TextEdit {
        switch character {
        case "\u{01}": return .moveToStart
        case "\u{05}": return .moveToEnd
        case "\u{02}": return .moveLeft
        case "\u{06}": return .moveRight
        case "\u{15}": return .deleteToStart
        case "\u{17}": return .deleteWordBackward
        case "\u{08}", "\u{7F}": return .deleteBackward
        case "\u{1B}": return .cancel
        case "\n", "\r", "\r\n": return .submit
        default: return .insert(character)
        }
    }

    /// Enter on `line`: a search that parses opens its feed and closes the prompt; one that does not keeps
    /// the prompt open with the parser's words.
    private static func checkSubmit(of line: String, from feed: Feed, leaving state: ReaderState) {
        switch SearchInput.parse(line, latestYear: latestYear) {
        case .success(let query):
            FuzzCheck.require(state.prompt == nil, "the prompt stays open after a search")
            FuzzCheck.require(state.feed == .search(query), "Enter on \(line.debugDescription) opens \(state.feed)")
        case .failure(let problem):
            FuzzCheck.require(state.prompt?.problem == problem.message, "the prompt does not say \(problem.message)")
            FuzzCheck.require(state.feed == feed, "a refused search changed the feed")
        }
    }

    /// What the parser promises of a query: the words without the operators (none only beside a day), days
    /// within the NYT's years in order, and a summary that names the words.
    private static func check(_ result: Result<SearchQuery, SearchInput.Problem>, of text: String) {
        switch result {
        case .success(let query):
            // Dates alone are a search (every article of those days): its words are then none.
            let words = query.text.isEmpty ? [] : query.text.split(separator: " ", omittingEmptySubsequences: false)
            FuzzCheck.require(words.allSatisfy { !$0.isEmpty }, "the words \(query.text.debugDescription)")
            FuzzCheck.require(!words.isEmpty || query.beginDate != nil || query.endDate != nil, "a search of nothing")
            for word in words {
                let name = word.firstIndex(of: ":").map { word[..<$0].lowercased() }
                FuzzCheck.require(!["from", "to", "sort"].contains(name ?? ""), "the operator \(word) is left among the words")
            }
            for day in [query.beginDate, query.endDate].compactMap({ $0 }) {
                FuzzCheck.require(day.utf8.count == 8 && day.utf8.allSatisfy { (0x30...0x39).contains($0) }, "the day \(day)")
                FuzzCheck.require(day >= "18510101" && day <= "\(latestYear)1231", "the day \(day) is out of range")
            }
            if let begin = query.beginDate, let end = query.endDate {
                FuzzCheck.require(begin <= end, "from \(begin) after to \(end)")
            }
            FuzzCheck.require(words.isEmpty || query.summary.contains(query.text), "the summary \(query.summary) leaves out the words")
            FuzzCheck.require(!query.summary.isEmpty, "a search without a summary")
        case .failure(let problem):
            FuzzCheck.require(!problem.message.isEmpty, "a problem without words for \(text.debugDescription)")
        }
    }
}
