@_spi(_Unicode) import Swift

/// What a person typed into search, reduced to safe FTS5 expressions. Nothing typed reaches a MATCH
/// expression raw: words become quoted terms, so quotes, `*`, `AND`, `NEAR` and parentheses are just
/// text, and very long input is cut to a few words.
struct SearchTerms {
    /// At most this many words are searched for.
    static let maximumWords = 12
    /// Longer words are cut to this many characters.
    static let maximumWordLength = 48
    /// Words at least this long match by prefix (`elec` finds "election"); shorter ones match whole
    /// words only, since a one- or two-letter prefix expands to a large part of the index.
    static let minimumPrefixLength = 3

    /// One word to find, folded (no case, no accents) the way the `unicode61 remove_diacritics 2`
    /// tokenizer folds the indexed text.
    struct Word: Hashable {
        var folded: String
        var isPrefix: Bool

        /// Whether `token` (already folded) is this word, or starts with it when it is a prefix.
        func matches(folded token: Substring) -> Bool {
            isPrefix ? token.hasPrefix(folded) : token == folded
        }
    }

    /// Words of spaced scripts, as FTS5 terms for `articleFTS` (e.g. `"elec"*`).
    var wordExpression: String?
    /// CJK runs as phrases of bigrams for `articleCJK`.
    var cjkExpression: String?
    /// The words, for marking them in a snippet.
    var words: [Word]
    /// The CJK runs, for marking them in a snippet.
    var cjkRuns: [String]

    init(_ text: String) {
        var words: [Word] = []
        var cjkPhrases: [String] = []
        var runs: [String] = []
        var count = 0
        for word in text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) where count < Self.maximumWords {
            count += 1
            let word = String(word.prefix(Self.maximumWordLength))
            guard CJKText.contains(word) else {
                words.append(Self.word(word))
                continue
            }
            for run in CJKText.runs(in: word) {
                cjkPhrases.append(CJKText.matchExpression(for: run))
                runs.append(String(String.UnicodeScalarView(run)))
            }
            // The parts of the word outside its CJK runs (e.g. the digits of `東京2024`).
            let rest = String(String.UnicodeScalarView(word.unicodeScalars.map { CJKText.isCJK($0) ? " " : $0 }))
            for part in rest.split(separator: " ") {
                words.append(Self.word(String(part)))
            }
        }
        wordExpression = words.isEmpty ? nil : words.map { Self.quoted($0.folded) + ($0.isPrefix ? "*" : "") }.joined(separator: " ")
        cjkExpression = cjkPhrases.isEmpty ? nil : cjkPhrases.joined(separator: " ")
        self.words = words
        cjkRuns = runs
    }

    var isEmpty: Bool { wordExpression == nil && cjkExpression == nil }

    /// `text` as an FTS5 string: in double quotes, any quote inside doubled. A quote can survive the word
    /// split inside one grapheme (U+0D4E followed by `"` is a single Character that counts as a letter).
    static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text.unicodeScalars {
            if character == "\"" { result.unicodeScalars.append("\"") }
            result.unicodeScalars.append(character)
        }
        return result + "\""
    }

    private static func word(_ text: String) -> Word {
        Word(folded: fold(text), isPrefix: text.count >= minimumPrefixLength)
    }

    /// `text` without case or accents (`Café` → `cafe`): decomposed (NFD), without its combining marks,
    /// in lower case.
    static func fold(_ text: some StringProtocol) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        var bare = String.UnicodeScalarView()
        for scalar in String(text)._nfd where scalar.properties.generalCategory != .nonspacingMark {
            bare.append(scalar)
        }
        return String(bare).lowercased()
    }
}
