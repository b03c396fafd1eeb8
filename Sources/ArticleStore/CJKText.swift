import FoundationEssentials
import NewsCore

/// Text in scripts written without spaces (Chinese, Japanese, and Korean runs), which FTS5's `unicode61`
/// tokenizer keeps as one long token. Such runs are indexed a second time as overlapping bigrams
/// (`東京駅` → `東京 京駅 駅`) in the `articleCJK` table, so any part of a run can be found.
enum CJKText {
    /// Whether `scalar` belongs to a script written without spaces between words.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF,  // Hiragana, Katakana
            0x31F0...0x31FF,  // Katakana phonetic extensions
            0x3400...0x4DBF,  // CJK unified ideographs extension A
            0x4E00...0x9FFF,  // CJK unified ideographs
            0xAC00...0xD7AF,  // Hangul syllables
            0xF900...0xFAFF,  // CJK compatibility ideographs
            0xFF66...0xFF9F,  // Halfwidth Katakana
            0x20000...0x2FA1F:  // CJK extensions B and later
            return true
        default:
            return false
        }
    }

    /// Whether `text` holds any CJK character (cheap for ASCII text).
    static func contains(_ text: String) -> Bool {
        // Every CJK character is U+3040 or above: three or four bytes in UTF-8, led by 0xE3 or above. Most
        // text has no such byte and is ruled out without decoding it.
        guard mayContain(text) else { return false }
        return text.unicodeScalars.contains { $0.value >= 0x3040 && isCJK($0) }
    }

    /// Whether `text` has a byte of 0xE3 or above, looked for eight bytes at a time: a word none of whose
    /// bytes starts with three 1 bits (0xE0 and above) is passed over whole; one that has such a byte (a
    /// dash or a curly quote is 0xE2 …) is looked at byte by byte.
    private static func mayContain(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            if let base = bytes.baseAddress {
                while index + 8 <= bytes.count {
                    let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                    let topThree = (word & 0xE0E0_E0E0_E0E0_E0E0) ^ 0xE0E0_E0E0_E0E0_E0E0
                    // A zero byte of `topThree` is a byte of `word` from 0xE0 up.
                    if (topThree &- 0x0101_0101_0101_0101) & ~topThree & 0x8080_8080_8080_8080 != 0,
                        bytes[index..<(index + 8)].contains(where: { $0 >= 0xE3 })
                    {
                        return true
                    }
                    index += 8
                }
            }
            return bytes[index...].contains { $0 >= 0xE3 }
        }
    }

    /// The maximal runs of CJK characters in `text`.
    static func runs(in text: String) -> [[Unicode.Scalar]] {
        var runs: [[Unicode.Scalar]] = []
        var current: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars {
            if isCJK(scalar) {
                current.append(scalar)
            } else if !current.isEmpty {
                runs.append(current)
                current = []
            }
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    /// The bigram tokens indexed for `texts`: every pair of neighbours in each run, then the run's last
    /// character alone (so a one-character search finds it too). Empty when there is no CJK text.
    static func indexText(of texts: [String]) -> String {
        var tokens: [String] = []
        for text in texts where contains(text) {
            for run in runs(in: text) {
                tokens.append(contentsOf: bigrams(of: run))
                tokens.append(String(String.UnicodeScalarView([run[run.count - 1]])))
            }
        }
        guard !tokens.isEmpty else { return "" }
        return tokens.joined(separator: " ")
    }

    /// The FTS5 expression matching one CJK run a person typed: its bigrams as one phrase,
    /// or a prefix match for a single character.
    static func matchExpression(for run: [Unicode.Scalar]) -> String {
        if run.count == 1 {
            return "\"\(String(String.UnicodeScalarView(run)))\"*"
        }
        return "\"" + bigrams(of: run).joined(separator: " ") + "\""
    }

    private static func bigrams(of run: [Unicode.Scalar]) -> [String] {
        guard run.count > 1 else { return [] }
        return (0..<(run.count - 1)).map { String(String.UnicodeScalarView([run[$0], run[$0 + 1]])) }
    }
}

extension CJKText {
    /// Characters of context kept before a match in a snippet.
    static let snippetLead = 12
    /// Characters kept from the start of the match onwards.
    static let snippetLength = 40

    /// A short excerpt of the first of `texts` holding one of `runs`, the run wrapped in the
    /// `SearchHit` highlight marks, cut with `…` where the text goes on.
    static func snippet(around runs: [String], in texts: [String]) -> String {
        for text in texts {
            for run in runs {
                guard let match = text.firstRange(of: run) else { continue }
                let start = text.index(match.lowerBound, offsetBy: -snippetLead, limitedBy: text.startIndex) ?? text.startIndex
                let end = text.index(match.lowerBound, offsetBy: snippetLength, limitedBy: text.endIndex) ?? text.endIndex
                let matchEnd = min(match.upperBound, end)
                return (start == text.startIndex ? "" : "…")
                    + text[start..<match.lowerBound]
                    + String(SearchHit.highlightStart) + text[match.lowerBound..<matchEnd] + String(SearchHit.highlightEnd)
                    + text[matchEnd..<end]
                    + (end == text.endIndex ? "" : "…")
            }
        }
        return String(texts.first?.prefix(snippetLength) ?? "")
    }
}
