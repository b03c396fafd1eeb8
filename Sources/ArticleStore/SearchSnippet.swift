import NewsCore

/// The short excerpt shown under a search hit: about a dozen words around the first match, matched words
/// wrapped in `SearchHit.highlightStart`/`highlightEnd`, `…` where the text goes on. Built from the few
/// hits shown, rather than by FTS5 for every candidate.
enum SearchSnippet {
    /// Words kept in an excerpt.
    static let length = 12
    /// Words kept before the first match.
    static let lead = 3

    /// The excerpt of the first of `texts` (in order of preference) in which a word of `terms` appears.
    static func make(for terms: SearchTerms, in texts: [String]) -> String {
        if !terms.words.isEmpty {
            for text in texts where !text.isEmpty {
                if let excerpt = excerpt(of: text, marking: terms.words) { return excerpt }
            }
        }
        if !terms.cjkRuns.isEmpty {
            return CJKText.snippet(around: terms.cjkRuns, in: texts)
        }
        let first = texts.first { !$0.isEmpty } ?? ""
        return first.split(separator: " ").prefix(length).joined(separator: " ")
    }

    private static func excerpt(of text: String, marking words: [SearchTerms.Word]) -> String? {
        let tokens = wordRanges(in: text)
        let matched = tokens.map { range in
            let folded = SearchTerms.fold(text[range])
            return words.contains { $0.matches(folded: folded[...]) }
        }
        guard let first = matched.firstIndex(of: true) else { return nil }
        let start = max(0, first - lead)
        let end = min(tokens.count, start + length)
        var excerpt = start > 0 ? "…" : ""
        var cursor = tokens[start].lowerBound
        for index in start..<end {
            let range = tokens[index]
            excerpt += text[cursor..<range.lowerBound]
            excerpt +=
                matched[index]
                ? String(SearchHit.highlightStart) + text[range] + String(SearchHit.highlightEnd)
                : String(text[range])
            cursor = range.upperBound
        }
        if end < tokens.count {
            excerpt += "…"
        } else {
            excerpt += text[cursor...]
        }
        return excerpt
    }

    /// The ranges of the runs of letters and digits in `text`, the words FTS5 indexes.
    private static func wordRanges(in text: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        var start: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let isWordCharacter = character.isLetter || character.isNumber
            if isWordCharacter, start == nil {
                start = index
            } else if !isWordCharacter, let begin = start {
                ranges.append(begin..<index)
                start = nil
            }
            index = text.index(after: index)
        }
        if let begin = start { ranges.append(begin..<text.endIndex) }
        return ranges
    }
}
