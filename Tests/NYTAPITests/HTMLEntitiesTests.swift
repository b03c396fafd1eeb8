import Testing

@testable import NYTAPI

/// The byte-level entity decoder: what it replaces and what it leaves as it is.
@Suite("HTML entities in NYT text")
struct HTMLEntitiesTests {
    @Test(
        "Named, decimal and hex entities become characters; anything else stays as written",
        arguments: [
            ("No entities at all — café 東京 😀", "No entities at all — café 東京 😀"),
            ("Tom &amp; Jerry", "Tom & Jerry"),
            ("It&#8217;s &#x2014; &#X2013; done&hellip;", "It\u{2019}s \u{2014} \u{2013} done\u{2026}"),
            (
                "&lt;b&gt;&quot;&apos;&nbsp;&lsquo;&rsquo;&ldquo;&rdquo;&mdash;&ndash;",
                "<b>\"'\u{00A0}\u{2018}\u{2019}\u{201C}\u{201D}\u{2014}\u{2013}"
            ),
            ("&amp;amp; once", "&amp; once"),
            ("&#128512; and &#x1F600;", "😀 and 😀"),
            ("AT&T & co; &unknown; &; &#; &#x; &#xZZ; &#12a;", "AT&T & co; &unknown; &; &#; &#x; &#xZZ; &#12a;"),
            ("&#1114112; &#xD800; &#0;", "&#1114112; &#xD800; \u{0}"),
            ("&#99999999999999999999; stays", "&#99999999999999999999; stays"),
            ("&verylongentityname; &amp", "&verylongentityname; &amp"),
            ("東京&amp;大阪 &#x6771;", "東京&大阪 東"),
            ("ends with &", "ends with &"),
        ])
    func decoding(text: String, expected: String) {
        #expect(HTMLEntities.decode(text) == expected)
    }
}
