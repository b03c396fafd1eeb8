import Testing

@testable import ArticleStore

@Suite("What is typed becomes FTS5 terms: the last word a prefix")
struct SearchTermsTests {
    /// The word expression of `terms` when the tokenizer splits no word.
    static func expression(_ terms: SearchTerms) -> String? {
        terms.wordExpression(tokens: { [SearchTerms.fold($0)] })
    }

    @Test(
        "Only the last word is a prefix, when it has three letters or more and the input ends with it",
        arguments: [
            ("elec", #""elec"*"#),
            ("el", #""el""#),
            ("Election den", #""election" "den"*"#),
            ("elect den ", #""elect" "den""#),
            ("elect den.", #""elect" "den""#),
            ("elect de", #""elect" "de""#),
            ("federal reserve interest rates", #""federal" "reserve" "interest" "rates"*"#),
            ("Café soc", #""cafe" "soc"*"#),
        ] as [(String, String)])
    func lastWordPrefix(text: String, expression: String) {
        #expect(Self.expression(SearchTerms(text)) == expression)
    }

    @Test(
        "Every word a prefix, what a search falls back to; none when that is the same search",
        arguments: [
            ("elect den", #""elect"* "den"*"#),
            ("elect ", #""elect"*"#),
            ("federal reserve interest rates", #""federal"* "reserve"* "interest"* "rates"*"#),
            ("el de", nil),
            ("el elec", nil),
            ("elec", nil),
            ("東京", nil),
        ] as [(String, String?)])
    func everyWordAsPrefix(text: String, expression: String?) {
        let broader = SearchTerms(text).everyWordAsPrefix
        #expect(broader.flatMap(Self.expression) == expression)
        #expect(broader?.everyWordAsPrefix == nil)
        #expect(broader.map { $0.words.allSatisfy { $0.isPrefix || $0.folded.count < SearchTerms.minimumPrefixLength } } ?? true)
    }

    @Test("Beside CJK text: the last part is a prefix only when it ends the input; the CJK phrases do not change")
    func cjk() {
        #expect(Self.expression(SearchTerms("東京marath")) == #""marath"*"#)
        #expect(Self.expression(SearchTerms("marath東京")) == #""marath""#)
        #expect(Self.expression(SearchTerms("東京 marath")) == #""marath"*"#)
        #expect(Self.expression(SearchTerms("marath 東京")) == #""marath""#)
        #expect(SearchTerms("marath 東京").cjkExpression == SearchTerms("marath東京").cjkExpression)
        #expect(SearchTerms("marath東京").everyWordAsPrefix?.cjkExpression == SearchTerms("marath東京").cjkExpression)
    }

    @Test("Past the most words searched, the last word searched is finished")
    func tooManyWords() {
        let text = (1...SearchTerms.maximumWords + 1).map { "word\($0)" }.joined(separator: " ")
        let terms = SearchTerms(text)
        #expect(terms.words.count == SearchTerms.maximumWords)
        #expect(terms.words.allSatisfy { !$0.isPrefix })
    }

    @Test("A word the tokenizer splits is its tokens, each a term; the last a prefix when the word is and it is long enough")
    func splitWords() {
        let tokens: (String) -> [String] = { word in
            switch word {
            case "AB": return ["a", "b"]
            case "Abcdef": return ["abc", "def"]
            case "ⓐ": return []
            default: return [SearchTerms.fold(word)]
            }
        }
        #expect(SearchTerms("AB cde").wordExpression(tokens: tokens) == #""a" "b" "cde"*"#)
        #expect(SearchTerms("cde AB").wordExpression(tokens: tokens) == #""cde" "a" "b""#)
        #expect(SearchTerms("cde Abcdef").wordExpression(tokens: tokens) == #""cde" "abc" "def"*"#)
        #expect(SearchTerms("Abcdef cde").wordExpression(tokens: tokens) == #""abc" "def" "cde"*"#)
        #expect(SearchTerms("ⓐ cde").wordExpression(tokens: tokens) == #""ⓐ" "cde"*"#, "a word of no token stays as folded")
    }

    @Test("A quote in a token, or in a word of no token, is doubled: whatever the tokenizer gives stays one FTS5 string")
    func quotesInTokens() {
        #expect(SearchTerms("ab").wordExpression(tokens: { _ in [#"a"b"#] }) == #""a""b""#)
        #expect(SearchTerms("ab cd").wordExpression(tokens: { $0 == "ab" ? [#"a""#, "b"] : [$0] }) == #""a""" "b" "cd""#)
        // U+0D4E prepends itself to the quote after it: one Character, a letter, so the quote is in the word.
        #expect(SearchTerms("\u{0D4E}\"abc").wordExpression(tokens: { _ in [] }) == "\"\u{0D4E}\"\"abc\"*")
    }
}
