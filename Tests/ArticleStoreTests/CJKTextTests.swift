import Testing

@testable import ArticleStore

@Suite("Recognising CJK text")
struct CJKTextTests {
    @Test(
        "Kana, ideographs and Hangul are CJK, wherever they stand in the text",
        arguments: [
            "ひらがな", "カタカナ", "ｶﾀｶﾅ", "東京", "한국", "News from 東京 today", "Nikkei ひ", "\u{3040}",
            "— “quoted” … ‘single’ and then 東京", "A “long” headline — with dashes — and at its very end: ひ",
        ])
    func cjk(text: String) {
        #expect(CJKText.contains(text))
    }

    @Test("One CJK character is found at every place in a long text, after dashes and quotes or not")
    func everyPlace() {
        for filler in ["plain words ", "— “quoted” "] {
            let text = String(repeating: filler, count: 4)
            for offset in 0...text.count {
                var withCJK = text
                withCJK.insert("東", at: withCJK.index(withCJK.startIndex, offsetBy: offset))
                #expect(CJKText.contains(withCJK), "\(withCJK)")
            }
            #expect(!CJKText.contains(text))
        }
    }

    @Test(
        "Latin, accented, punctuation, symbols and emoji are not",
        arguments: [
            "", "Climate", "Café São Paulo", "— “quoted” … ‘single’", "€ £ ¥ ©", "😀🇺🇸", "\u{303F}", "Ελληνικά Русский",
        ])
    func notCJK(text: String) {
        #expect(!CJKText.contains(text))
    }
}
