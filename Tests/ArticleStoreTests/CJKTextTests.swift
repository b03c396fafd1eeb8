@testable import ArticleStore
import Testing

@Suite("Recognising CJK text")
struct CJKTextTests {
    @Test("Kana, ideographs and Hangul are CJK, wherever they stand in the text", arguments: [
        "ひらがな", "カタカナ", "ｶﾀｶﾅ", "東京", "한국", "News from 東京 today", "Nikkei ひ", "\u{3040}",
    ])
    func cjk(text: String) {
        #expect(CJKText.contains(text))
    }

    @Test("Latin, accented, punctuation, symbols and emoji are not", arguments: [
        "", "Climate", "Café São Paulo", "— “quoted” … ‘single’", "€ £ ¥ ©", "😀🇺🇸", "\u{303F}", "Ελληνικά Русский",
    ])
    func notCJK(text: String) {
        #expect(!CJKText.contains(text))
    }
}
