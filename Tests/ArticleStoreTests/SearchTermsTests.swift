import Testing

@testable import ArticleStore

@Suite("What is typed becomes FTS5 terms: the last word a prefix")
struct SearchTermsTests {
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
        #expect(SearchTerms(text).wordExpression == expression)
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
        #expect(broader?.wordExpression == expression)
        #expect(broader?.everyWordAsPrefix == nil)
        #expect(broader.map { $0.words.allSatisfy { $0.isPrefix || $0.folded.count < SearchTerms.minimumPrefixLength } } ?? true)
    }

    @Test("Beside CJK text: the last part is a prefix only when it ends the input; the CJK phrases do not change")
    func cjk() {
        #expect(SearchTerms("東京marath").wordExpression == #""marath"*"#)
        #expect(SearchTerms("marath東京").wordExpression == #""marath""#)
        #expect(SearchTerms("東京 marath").wordExpression == #""marath"*"#)
        #expect(SearchTerms("marath 東京").wordExpression == #""marath""#)
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
}
