import Foundation
import NewsCore
import TestSupport
import Testing

/// `o` on articles whose `url` a hostile server chose: only NYT web addresses reach $BROWSER, as one
/// argument, and the browser never sees the API key; what is no web address never reaches the cache.
@Suite("o and hostile article URLs", .serialized, .timeLimit(.minutes(3)))
struct TuiBrowserPolicyTests {
    static let urls = [
        "https://www.nytimes.com/2026/11/21/world/safe.html",
        "--gpu-launcher=touch /tmp/x", "file:///etc/passwd", "javascript:alert(1)", "-x",
        "https://nytimes.com.evil.com/", "https://nytimes.com@evil.com/", "https://example.com/elsewhere",
    ]

    @Test("Only the NYT address is launched; the others are refused or shown; the browser has no key")
    func hostileURLs() throws {
        let server = try FakeNYTServer()
        let articles = Self.urls.enumerated().map { index, url in
            var article = ArticleFactory.article(index, title: "Link \(index) story")
            article.url = url
            return article
        }
        server.setBody(TopStoriesJSON.body(section: "home", articles: articles), for: FakeNYTServer.topStoriesPath("home"))

        let bin = try TemporaryDirectory()
        let script = bin.path("browser")
        // One line per launch: the arguments, then whether the key was in the environment.
        try """
        #!/bin/sh
        printf 'args:%s|' "$@" >> '\(bin.path("launches"))'
        if env | grep -q NYT_API_KEY; then echo 'key:yes' >> '\(bin.path("launches"))'; else echo 'key:no' >> '\(bin.path("launches"))'; fi

        """.write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)

        let reader = try TuiHarness(environment: ["BROWSER": script, "NYT_API_KEY": "browser-e2e-key"])
        try reader.launch("--api-base-url '\(server.baseURL.absoluteString)'", waitingFor: "Link 0 story")
        try reader.tmux.waitFor("the served feed") { $0.contains("Refreshed") && $0.contains("1/\(Self.urls.count)") }

        try reader.tmux.press("o")
        try reader.tmux.waitFor("the NYT address opened") { $0.contains("Opened in the browser") }
        for (index, url) in Self.urls.enumerated().dropFirst() {
            try reader.tmux.press("j")
            try reader.tmux.waitFor("article \(index)") { $0.contains("\(index + 1)/\(Self.urls.count)") }
            try reader.tmux.press("o")
            // An address that is no web address is dropped as the answer is read: the article has none.
            let expected = ArticleLink(url) == .refused ? "This article has no web address" : "Not an NYT address, not opened"
            try reader.tmux.waitFor("the notice for \(url)") { $0.contains(expected) }
        }
        #expect(try reader.quit() == 0)

        let launches = try String(contentsOfFile: bin.path("launches"), encoding: .utf8).split(separator: "\n")
        #expect(launches == ["args:\(Self.urls[0])|key:no"], "\(launches)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/x"))
    }

    @Test("y puts the NYT link on the clipboard through OSC 52 (a tmux buffer with set-clipboard on); never a hostile one")
    func copyLink() throws {
        let server = try FakeNYTServer()
        let articles = [Self.urls[0], "javascript:alert(1)"].enumerated().map { index, url in
            var article = ArticleFactory.article(index, title: "Copy \(index) story")
            article.url = url
            return article
        }
        server.setBody(TopStoriesJSON.body(section: "home", articles: articles), for: FakeNYTServer.topStoriesPath("home"))
        let reader = try TuiHarness(environment: ["NYT_API_KEY": "copy-e2e-key"])
        try reader.tmux.command(["set-option", "-g", "set-clipboard", "on"])
        try reader.launch("--api-base-url '\(server.baseURL.absoluteString)'", waitingFor: "Copy 0 story")
        try reader.tmux.waitFor("the served feed") { $0.contains("Refreshed") && $0.contains("1/2") }
        try reader.tmux.press("j")
        try reader.tmux.waitFor("the hostile article") { $0.contains("2/2") }
        try reader.tmux.press("y")
        try reader.tmux.waitFor("refused") { $0.contains("no NYT link to copy") }
        #expect((try? reader.tmux.command(["show-buffer"])) ?? "" == "", "nothing was copied")
        try reader.tmux.press("k")
        try reader.tmux.waitFor("the NYT article") { $0.contains("1/2") }
        try reader.tmux.press("y")
        try reader.tmux.waitFor("copied") { $0.contains("Link sent to the terminal's clipboard") }
        #expect(try reader.tmux.command(["show-buffer"]) == Self.urls[0])
        #expect(try reader.quit() == 0)
    }
}
