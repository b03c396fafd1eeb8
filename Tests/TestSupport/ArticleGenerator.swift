import Foundation
import NewsCore

/// Makes any number of realistic, reproducible NYT-shaped articles: varied sections, bylines and lengths,
/// words drawn with a Zipf-like frequency, some accented names and some Japanese or Chinese titles.
public struct ArticleGenerator {
    private var random: SplitMix64
    private let now: Date

    /// Articles are published backwards in time from `now`, a few minutes apart.
    public init(seed: UInt64 = 0x6E79_7472_6561_6472, now: Date) {
        self.random = SplitMix64(seed: seed)
        self.now = now
    }

    /// Articles `range` (the index makes the uri, so the same index is the same article).
    public mutating func articles(_ range: Range<Int>) -> [Article] {
        range.map { article($0) }
    }

    /// Article number `index`.
    public mutating func article(_ index: Int) -> Article {
        let (section, subsection) = Vocabulary.sections[Int.random(in: 0..<Vocabulary.sections.count, using: &random)]
        let title = random.chance(0.03) ? cjkTitle() : headline()
        let abstract = sentences(count: Int.random(in: 1...2, using: &random), words: 14...30)
        // Top Stories carry no lead paragraph (it is the abstract); Article Search results often do.
        let lead = random.chance(0.6) ? abstract : sentences(count: Int.random(in: 2...3, using: &random), words: 16...32)
        let published = now.addingTimeInterval(-Double(index) * 180 - Double.random(in: 0..<120, using: &random))
        let slug = Self.slug(title, index: index)
        let path = "\(Self.datePath(published))/\(section)/\(slug).html"
        return Article(
            id: ArticleID("nyt://article/\(Self.uuid(index))"),
            url: "https://www.nytimes.com/\(path)",
            title: title,
            kicker: random.chance(0.2) ? Vocabulary.kickers.randomElement(using: &random)! : "",
            byline: byline(),
            abstract: abstract,
            leadParagraph: lead,
            section: section,
            subsection: subsection,
            itemType: random.chance(0.95) ? "Article" : "Interactive",
            publishedDate: published,
            updatedDate: random.chance(0.5) ? published.addingTimeInterval(Double.random(in: 60..<7_200, using: &random)) : nil,
            thumbnailURL: random.chance(0.8)
                ? "https://static01.nyt.com/images/\(Self.datePath(published))/multimedia/\(slug.prefix(24))-thumbStandard.jpg"
                : nil
        )
    }

    // MARK: - Text

    private mutating func word() -> String {
        if random.chance(0.35) { return Vocabulary.stopWords.randomElement(using: &random)! }
        if random.chance(0.02) { return Vocabulary.accented.randomElement(using: &random)! }
        // Zipf-like: the k-th content word is drawn with weight 1/(k+1).
        let position = Double.random(in: 0..<1, using: &random) * Vocabulary.zipfTotal
        var low = 0
        var high = Vocabulary.zipfCumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if Vocabulary.zipfCumulative[middle] < position { low = middle + 1 } else { high = middle }
        }
        return Vocabulary.contentWords[low]
    }

    private mutating func headline() -> String {
        let count = Int.random(in: 5...13, using: &random)
        var words = (0..<count).map { _ in word() }
        words[0] = words[0].prefix(1).uppercased() + words[0].dropFirst()
        if random.chance(0.15) { words[Int.random(in: 0..<count, using: &random)] += ":" }
        return words.joined(separator: " ")
    }

    private mutating func cjkTitle() -> String {
        let count = Int.random(in: 3...6, using: &random)
        return (0..<count).map { position in
            let phrase = Vocabulary.cjkPhrases.randomElement(using: &random)!
            return position == count - 1 ? phrase : phrase + Vocabulary.cjkJoiners.randomElement(using: &random)!
        }.joined()
    }

    private mutating func sentences(count: Int, words range: ClosedRange<Int>) -> String {
        (0..<count).map { _ in
            var words = (0..<Int.random(in: range, using: &random)).map { _ in word() }
            words[0] = words[0].prefix(1).uppercased() + words[0].dropFirst()
            return words.joined(separator: " ") + "."
        }.joined(separator: " ")
    }

    private mutating func byline() -> String {
        if random.chance(0.05) { return "" }
        let authors = random.chance(0.7) ? 1 : (random.chance(0.7) ? 2 : 3)
        let names = (0..<authors).map { _ in
            Vocabulary.firstNames.randomElement(using: &random)! + " " + Vocabulary.lastNames.randomElement(using: &random)!
        }
        switch names.count {
        case 1: return "By \(names[0])"
        case 2: return "By \(names[0]) and \(names[1])"
        default: return "By \(names.dropLast().joined(separator: ", ")) and \(names.last!)"
        }
    }

    // MARK: - Identifiers

    private static func uuid(_ index: Int) -> String {
        var mixer = SplitMix64(seed: UInt64(index))
        let high = mixer.next()
        let low = mixer.next()
        let hex = String(format: "%016llx%016llx", high, low)
        let characters = Array(hex)
        func part(_ range: Range<Int>) -> String { String(characters[range]) }
        return "\(part(0..<8))-\(part(8..<12))-\(part(12..<16))-\(part(16..<20))-\(part(20..<32))"
    }

    private static func slug(_ title: String, index: Int) -> String {
        let words = title.lowercased()
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .filter { $0.allSatisfy(\.isASCII) }
            .prefix(8)
        return words.isEmpty ? "article-\(index)" : words.joined(separator: "-")
    }

    private static func datePath(_ date: Date) -> String {
        // Without a Calendar per article.
        let (year, month, day) = CivilCalendar.date(ofDay: Int(date.timeIntervalSince1970 / 86_400))
        return String(format: "%04d/%02d/%02d", year, month, day)
    }
}
