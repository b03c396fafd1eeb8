/// What a person typed into search, reduced to safe FTS5 expressions. Nothing typed reaches a MATCH
/// expression raw: words become quoted prefix terms, so quotes, `*`, `AND`, `NEAR` and parentheses are
/// just text, and very long input is cut to a few words.
struct SearchTerms {
    /// At most this many words are searched for.
    static let maximumWords = 12
    /// Longer words are cut to this many characters.
    static let maximumWordLength = 48

    /// Words of spaced scripts, as FTS5 prefix terms for `articleFTS` (e.g. `"elec"*`).
    var wordExpression: String?
    /// CJK runs as phrases of bigrams for `articleCJK`.
    var cjkExpression: String?
    /// The CJK runs themselves, for building a snippet.
    var cjkRuns: [String]

    init(_ text: String) {
        var words: [String] = []
        var cjkPhrases: [String] = []
        var runs: [String] = []
        var count = 0
        for word in text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) where count < Self.maximumWords {
            count += 1
            let word = String(word.prefix(Self.maximumWordLength))
            guard CJKText.contains(word) else {
                words.append("\"\(word)\"*")
                continue
            }
            for run in CJKText.runs(in: word) {
                cjkPhrases.append(CJKText.matchExpression(for: run))
                runs.append(String(String.UnicodeScalarView(run)))
            }
            // The parts of the word outside its CJK runs (e.g. the digits of `東京2024`).
            let rest = String(String.UnicodeScalarView(word.unicodeScalars.map { CJKText.isCJK($0) ? " " : $0 }))
            for part in rest.split(separator: " ") {
                words.append("\"\(part)\"*")
            }
        }
        wordExpression = words.isEmpty ? nil : words.joined(separator: " ")
        cjkExpression = cjkPhrases.isEmpty ? nil : cjkPhrases.joined(separator: " ")
        cjkRuns = runs
    }

    var isEmpty: Bool { wordExpression == nil && cjkExpression == nil }
}
