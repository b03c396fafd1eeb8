import Foundation
import NewsCore

/// Archive API bodies (`/svc/archive/v1/{year}/{month}.json`) of any size, generated: docs in the
/// Article Search shape of before 2025 (long `multimedia` arrays of relative URLs, `response.meta`) or of
/// 2025 on (a `multimedia` object, `response.metadata`), with the nulls and missing fields real months
/// have (`print_page` null, no `lead_paragraph`, a null `byline`), in no particular order of date. The
/// text comes from `ArticleGenerator` (the word shares of real headlines, accents, some CJK), after a
/// title prefix naming the month and the doc (`Archive202403 story 17: …`).
public enum ArchiveMonthJSON {
    public enum Shape: Sendable {
        case before2025
        case from2025
    }

    /// The word every article of `year`/`month` has in its title (`archive202403`), to search them by.
    public static func marker(year: Int, month: Int) -> String {
        "archive\(year)\(month < 10 ? "0" : "")\(month)"
    }

    /// The uri of article `index` of `year`/`month`.
    public static func uri(year: Int, month: Int, index: Int) -> String {
        "nyt://article/\(marker(year: year, month: month))-\(index)"
    }

    /// Every `unreadableEvery`-th doc has no uri and no `_id`: the client leaves it out.
    public static let unreadableEvery = 500

    /// The readable docs of a month of `count` docs.
    public static func readableCount(_ count: Int) -> Int {
        count - count / unreadableEvery
    }

    /// A month of `count` docs. `multimediaItems` sets the length of the older shape's arrays (about 330
    /// bytes each): 8 gives docs of about 4 kB, a month of 7,500 about 30 MB.
    public static func body(
        year: Int, month: Int, count: Int, shape: Shape = .before2025, multimediaItems: Int = 8, seed: UInt64 = 1
    ) -> Data {
        var random = SplitMix64(seed: seed ^ UInt64(year * 100 + month))
        var text = ArticleGenerator(seed: seed &* 31 &+ UInt64(year * 100 + month), now: Date(timeIntervalSince1970: 1_700_000_000))
        var out = ""
        out.reserveCapacity(count * (shape == .before2025 ? 700 + multimediaItems * 340 : 1_600))
        out += #"{"copyright":"Copyright (c) \#(year) The New York Times Company. All Rights Reserved.","response":{"docs":["#
        for index in 0..<count {
            if index > 0 { out += "," }
            let source = text.article(index)
            out += doc(
                year: year, month: month, index: index, source: source, shape: shape, multimediaItems: multimediaItems, random: &random)
        }
        let meta = shape == .before2025 ? "meta" : "metadata"
        out += #"],"\#(meta)":{"hits":\#(count)}}}"#
        return Data(out.utf8)
    }

    private static func words(_ count: Int, _ random: inout SplitMix64) -> String {
        (0..<count).map { _ in Vocabulary.contentWords[Int(random.next() % UInt64(Vocabulary.contentWords.count))] }
            .joined(separator: " ")
    }

    /// `text` as the inside of a JSON string.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Every this-many docs (the first included) the title ends with quotes, an escaped quote and an accent.
    public static let decoratedEvery = 97

    private static func doc(
        year: Int, month: Int, index: Int, source: Article, shape: Shape, multimediaItems: Int, random: inout SplitMix64
    ) -> String {
        let days = daysIn(year: year, month: month)
        let day = 1 + Int(random.next() % UInt64(days))
        let hour = Int(random.next() % 24)
        let date = "\(year)-\(pad(month))-\(pad(day))T\(pad(hour)):00:00+0000"
        let marker = marker(year: year, month: month)
        let section = source.section
        let subsection = source.subsection
        let slug = "\(marker)-story-\(index)"
        let path = "\(year)/\(pad(month))/\(pad(day))/\(section)/\(slug)"
        let decoration = index % decoratedEvery == 0 ? #" — “Quoted” \"test\" café"# : ""
        let title = "\(marker.capitalized) story \(index): \(escaped(source.title))\(decoration)"
        let abstract = escaped(source.abstract)
        let lead = escaped(
            source.leadParagraph == source.abstract
                ? source.abstract + " " + source.abstract.split(separator: " ").reversed().joined(separator: " ")
                : source.leadParagraph)
        let unreadable = index % unreadableEvery == unreadableEvery - 1
        let id =
            unreadable
            ? "" : #""_id":"\#(uri(year: year, month: month, index: index))","uri":"\#(uri(year: year, month: month, index: index))","#
        let leadField = index % 7 == 3 ? "" : #""lead_paragraph":"\#(lead)","#
        let abstractField = index % 11 == 5 ? "" : #""abstract":"\#(abstract)","#
        let byline =
            index % 13 == 4
            ? #""byline":null"#
            : #""byline":{"original":"\#(escaped(source.byline))","person":[],"organization":null}"#
        switch shape {
        case .before2025:
            let media = (0..<multimediaItems).map { rank in
                #"{"rank":\#(rank),"subtype":"xlarge","caption":null,"credit":null,"type":"image","url":"images/\#(path)-\#(rank)/\#(slug)-articleLarge.jpg","height":400,"width":600,"legacy":{"xlarge":"images/\#(path)/\#(slug)-articleLarge.jpg","xlargewidth":600,"xlargeheight":400},"subType":"xlarge","crop_name":"articleLarge"}"#
            }.joined(separator: ",")
            return
                #"{\#(abstractField)"web_url":"https://www.nytimes.com/\#(path).html","snippet":"\#(abstract)",\#(leadField)"print_section":\#(index % 3 == 0 ? "null" : #""A""#),"print_page":null,"source":"The New York Times","multimedia":[\#(media)],"headline":{"main":"\#(title)","kicker":null,"content_kicker":null,"print_headline":"\#(title)","name":null,"seo":null,"sub":null},"keywords":[{"name":"subject","value":"\#(words(2, &random))","rank":1,"major":"N"}],"pub_date":"\#(date)","document_type":"article","news_desk":"Foreign","section_name":"\#(section)","subsection_name":"\#(subsection)",\#(byline),"type_of_material":"News",\#(id)"word_count":\#(400 + index % 900)}"#
        case .from2025:
            return
                #"{\#(abstractField)\#(byline),"document_type":"article","headline":{"main":"\#(title)","kicker":"","print_headline":"\#(title)"},\#(id)"keywords":[{"name":"Subject","value":"\#(words(2, &random))","rank":1}],"multimedia":{"caption":"\#(words(8, &random))","credit":"Photographer","default":{"url":"https://static01.nyt.com/images/\#(path)/\#(slug)-articleLarge.jpg","height":400,"width":600},"thumbnail":{"url":"https://static01.nyt.com/images/\#(path)/\#(slug)-thumbStandard.jpg","height":75,"width":75}},"news_desk":"Foreign","print_page":null,"print_section":"A","pub_date":"\#(date)","section_name":"\#(section)","snippet":"\#(abstract)","source":"The New York Times","subsection_name":"\#(subsection)",\#(leadField)"type_of_material":"News","web_url":"https://www.nytimes.com/\#(path).html","word_count":\#(400 + index % 900)}"#
        }
    }

    private static func daysIn(year: Int, month: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func pad(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
