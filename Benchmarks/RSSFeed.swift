import Foundation
import NewsCore

/// An RSS 2.0 rendering of articles, the way the NYT's own RSS feeds carry them (title, link, guid, abstract
/// as description, byline as dc:creator, section as category, RFC 822 dates): what newsboat reads in the
/// peer benchmark, with the same texts nytreader gets as Top Stories JSON.
enum RSSFeed {
    /// The channel title newsboat shows in its feed list.
    static let channelTitle = "The New York Times > Home Page"

    static func body(articles: [Article]) -> Data {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">
            <channel>
            <title>\(escaped(channelTitle))</title>
            <link>https://www.nytimes.com</link>
            <description>NYT Home Page</description>

            """
        for article in articles {
            xml += """
                <item>
                <title>\(escaped(article.title))</title>
                <link>\(escaped(article.url))</link>
                <guid isPermaLink="false">\(escaped(article.id.rawValue))</guid>
                <description>\(escaped(article.abstract))</description>
                <dc:creator>\(escaped(article.byline))</dc:creator>
                <pubDate>\(rfc822(article.publishedDate))</pubDate>
                <category>\(escaped(article.section))</category>
                </item>

                """
        }
        xml += "</channel>\n</rss>\n"
        return Data(xml.utf8)
    }

    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }

    /// `Fri, 20 Nov 2026 10:00:00 +0000`.
    static func rfc822(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) +0000"
    }
}
