import CFTSRank
@_spi(_Unicode) import Swift

/// What a person typed into search, reduced to safe FTS5 expressions. Nothing typed reaches a MATCH
/// expression raw: words become quoted terms, so quotes, `*`, `AND`, `NEAR` and parentheses are just
/// text, and very long input is cut to a few words.
///
/// As in search-as-you-type engines, only the last word is a prefix (the one being typed: `election den`
/// finds "Election in Denmark"); the words before it are finished and match whole words. A prefix per word
/// would make FTS5 merge the doclists of every term starting with each of them, which over a large archive
/// costs most of a search. `everyWordAsPrefix` gives the broader terms a search falls back to when these
/// find nothing (`elect den`).
struct SearchTerms {
    /// At most this many words are searched for.
    static let maximumWords = 12
    /// Longer words are cut to this many characters.
    static let maximumWordLength = 48
    /// The last word matches by prefix when it is at least this long (`elec` finds "election") and the
    /// input ends with it (after a space, `elec ` is a finished word); a shorter one matches whole words
    /// only, since a one- or two-letter prefix expands to a large part of the index.
    static let minimumPrefixLength = 3

    /// Which words may match by prefix (each still needs `minimumPrefixLength` letters).
    enum Prefixes {
        /// Only the last word, when the input ends with it.
        case lastWord
        /// Every word (what a search falls back to when `lastWord` finds nothing).
        case everyWord
    }

    /// One word to find, folded (no case, no accents) the way the indexes' tokenizer
    /// (`ArchiveIndex.tokenizer`) folds the indexed text.
    struct Word: Hashable {
        /// The word as typed (cut to `maximumWordLength`): what the indexes' tokenizer is given.
        var typed: String
        var folded: String
        var isPrefix: Bool

        /// Whether `token` (already folded) is this word, or starts with it when it is a prefix.
        func matches(folded token: Substring) -> Bool {
            isPrefix ? token.hasPrefix(folded) : token == folded
        }
    }

    /// CJK runs as phrases of bigrams for `articleCJK`.
    var cjkExpression: String?
    /// The words, for marking them in a snippet (a word marks what it matched: whole, or by prefix).
    var words: [Word]
    /// The CJK runs, for marking them in a snippet.
    var cjkRuns: [String]
    /// The input and which of its words may be prefixes, for `everyWordAsPrefix`.
    private let text: String
    private let prefixes: Prefixes

    init(_ text: String, prefixes: Prefixes = .lastWord) {
        var words: [Word] = []
        var cjkPhrases: [String] = []
        var runs: [String] = []
        let tokens = text.split(whereSeparator: { !Self.isWordCharacter($0) })
        // The input ends inside its last word: that word is being typed.
        let endsInWord = text.last.map(Self.isWordCharacter) ?? false
        for (index, token) in tokens.prefix(Self.maximumWords).enumerated() {
            let isLastToken = index == tokens.count - 1 && endsInWord
            let word = String(token.prefix(Self.maximumWordLength))
            guard CJKText.contains(word) else {
                words.append(Self.word(word, mayBePrefix: prefixes == .everyWord || isLastToken))
                continue
            }
            for run in CJKText.runs(in: word) {
                cjkPhrases.append(CJKText.matchExpression(for: run))
                runs.append(String(String.UnicodeScalarView(run)))
            }
            // The parts of the word outside its CJK runs (e.g. the digits of `東京2024`); the last part is
            // being typed when the word is and does not end in a CJK run.
            let endsInRun = word.unicodeScalars.last.map(CJKText.isCJK) ?? false
            let rest = String(String.UnicodeScalarView(word.unicodeScalars.map { CJKText.isCJK($0) ? " " : $0 }))
            let parts = rest.split(separator: " ")
            for (partIndex, part) in parts.enumerated() {
                let isLastPart = isLastToken && !endsInRun && partIndex == parts.count - 1
                words.append(Self.word(String(part), mayBePrefix: prefixes == .everyWord || isLastPart))
            }
        }
        cjkExpression = cjkPhrases.isEmpty ? nil : cjkPhrases.joined(separator: " ")
        self.words = words
        cjkRuns = runs
        self.text = text
        self.prefixes = prefixes
    }

    var isEmpty: Bool { words.isEmpty && cjkExpression == nil }

    /// The words of spaced scripts as FTS5 terms for `articleFTS` and the archive's yearly indexes (e.g.
    /// `"elec"*`), nil without any. Each word is the tokens the indexes' tokenizer makes of it as typed
    /// (`tokens`: `IndexTokenizer`), so a query folds as the index did. A word of several tokens (Devanagari,
    /// Persian) is each of them a term, the last a prefix when the word is and the token is long enough: a
    /// phrase would need the positions `articleFTS` does not keep. A word of no token stays as folded.
    func wordExpression(tokens: (String) throws -> [String]) rethrows -> String? {
        guard let terms = try wordTerms(tokens: tokens) else { return nil }
        return Self.expression(of: terms, prefix: { _ in .unknown })?.text
    }

    /// One term of `wordExpression`: a token of the indexes' tokenizer (or a word of none, as folded), and
    /// whether it matches by prefix.
    struct Term: Equatable {
        var text: String
        var isPrefix: Bool
        /// Whether `text` is a token the tokenizer made, which an index's list of words can be asked about
        /// (`ArchiveWords`).
        var isToken: Bool
    }

    /// The terms of `wordExpression`, in order; nil without any word.
    func wordTerms(tokens: (String) throws -> [String]) rethrows -> [Term]? {
        guard !words.isEmpty else { return nil }
        return try words.flatMap { word -> [Term] in
            let parts = try tokens(word.typed)
            guard !parts.isEmpty else { return [Term(text: word.folded, isPrefix: word.isPrefix, isToken: false)] }
            return parts.enumerated().map { index, part in
                Term(
                    text: part, isPrefix: word.isPrefix && index == parts.count - 1 && part.count >= Self.minimumPrefixLength, isToken: true
                )
            }
        }
    }

    /// The terms of a search as one index is asked for them.
    struct IndexExpression: Equatable {
        /// The FTS5 expression.
        var text: String
        /// The tokens it matches, in order, when each term is a token matched whole: what
        /// `ArchiveWordSets` can find the articles of; nil when one is a prefix or not a token.
        var wholeWords: [String]?
    }

    /// `terms` as an FTS5 expression, each prefix that `prefix` finds to be one word of the index searched
    /// written as that word (the same matches and ranks, read without making the prefix's list first);
    /// nil when `prefix` finds that no word starts with one of them (the index holds no match).
    static func expression(
        of terms: [Term], prefix: (String) throws -> ArchiveWords.Prefix
    ) rethrows -> IndexExpression? {
        var written: [String] = []
        var wholeWords: [String]? = []
        for term in terms {
            switch term.isPrefix && term.isToken ? try prefix(term.text) : .unknown {
            case .none: return nil
            case .one(let word):
                written.append(quoted(word))
                wholeWords?.append(word)
            case .unknown:
                written.append(quoted(term.text) + (term.isPrefix ? "*" : ""))
                if term.isToken && !term.isPrefix { wholeWords?.append(term.text) } else { wholeWords = nil }
            }
        }
        return IndexExpression(text: written.joined(separator: " "), wholeWords: wholeWords)
    }

    /// The same input with every word of `minimumPrefixLength` letters or more a prefix (`elect den` finds
    /// "Election in Denmark"), when that differs from these terms; what a search tries when these find
    /// nothing.
    var everyWordAsPrefix: SearchTerms? {
        guard prefixes == .lastWord else { return nil }
        let broader = SearchTerms(text, prefixes: .everyWord)
        return broader.words == words ? nil : broader
    }

    /// Letters and digits make words; anything else separates them.
    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

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

    private static func word(_ text: String, mayBePrefix: Bool) -> Word {
        Word(typed: text, folded: fold(text), isPrefix: mayBePrefix && text.count >= minimumPrefixLength)
    }

    /// `text` without case or accents (`Café` → `cafe`, `Løvaas` → `lovaas`): decomposed (NFD), without
    /// its combining marks, in lower case, and the letters that do not decompose (ø, æ, ß, ł …) folded as
    /// the indexes' `nytfold` tokenizer folds them (CFTSRank's table).
    static func fold(_ text: some StringProtocol) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        var bare = String.UnicodeScalarView()
        for scalar in String(text)._nfd where scalar.properties.generalCategory != .nonspacingMark {
            bare.append(scalar)
        }
        var folded = String.UnicodeScalarView()
        for scalar in String(bare).lowercased().unicodeScalars {
            if scalar.value >= 0x80, let plain = nyt_fold_letter(scalar.value) {
                folded.append(contentsOf: String(cString: plain).unicodeScalars)
            } else {
                folded.append(scalar)
            }
        }
        return String(folded)
    }
}
