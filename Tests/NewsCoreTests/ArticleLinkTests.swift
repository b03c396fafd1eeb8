import NewsCore
import TestSupport
import Testing

/// Which article addresses may reach a browser.
@Suite("Article links")
struct ArticleLinkTests {
    @Test(
        "NYT web addresses may be opened",
        arguments: [
            "https://www.nytimes.com/2026/11/20/world/a.html", "http://nytimes.com/", "HTTPS://WWW.NYTIMES.COM/X",
            "https://cooking.nytimes.com:443/recipes/1?x=1#y", "https://nytimes.com", "https://www.nytimes.com/a;b$(c)",
        ])
    func nytimes(url: String) {
        #expect(ArticleLink(url) == .nytimes(url))
        #expect(ArticleLink(url).openable == url)
    }

    @Test(
        "Other web addresses are shown, not opened",
        arguments: [
            "https://nytimes.com.evil.com/", "https://evilnytimes.com/", "https://example.com/a", "http://127.0.0.1:8080/",
        ])
    func elsewhere(url: String) {
        #expect(ArticleLink(url) == .elsewhere(url))
        #expect(ArticleLink(url).openable == nil)
    }

    @Test(
        "Anything else is refused",
        arguments: [
            "", "-x", "--gpu-launcher=touch /tmp/x", "file:///etc/passwd", "javascript:alert(1)", "data:text/html,x",
            "https://nytimes.com@evil.com/", "https://user:pw@www.nytimes.com/", "https://www.nytimes.com /x",
            "https://www.nytimes.com/\u{1B}]2;x\u{07}", "https://www.nytimes.com/\n", "https://www.nÿtimes.com/",
            "https://.nytimes.com/", "https://-nytimes.com/", "https://www.nytimes.com:99999999/", "https://www.nytimes.com:/",
            "https://", "ftp://www.nytimes.com/", " https://www.nytimes.com/", "https://" + String(repeating: "a", count: 2_100),
        ])
    func refused(url: String) {
        #expect(ArticleLink(url) == .refused, "\(url.debugDescription)")
    }

    @Test("No naughty string is openable")
    func naughty() {
        for text in NaughtyStrings.list + NaughtyStrings.terminalAttacks {
            #expect(ArticleLink(text).openable == nil, "\(text.debugDescription)")
        }
    }
}
