import NewsCore
import SQLite

/// A batch of articles set aside by a refresh, as one blob of the temporary table: for each article its
/// `uri` and the values of `ArticleColumns.written`, exactly what the `article` table would store, read
/// back as those values (`StoredArticle`), ready for the rows.
///
/// One row per batch instead of one per article: setting aside and reading back 10,000 articles cost a
/// quarter of a refresh's instructions as rows, with their B-tree work in SQLite. The blob is private to the
/// connection that wrote it and read back by the same program, so the layout has no version.
///
/// Layout: for each value a tag byte (0 NULL, 1 integer, 2 real, 3 text, 4 blob), then for an integer or a
/// real its 8 bytes (little-endian), for text or a blob its length as a LEB128 varint and its bytes.
enum StagedBatch {
    /// Articles in one blob at most: about 100 kB, few enough that the blob being written or read back
    /// adds little to a refresh's memory (docs/performance.md), many enough that a refresh of 10,000 is
    /// 100 rows.
    static let articlesPerBlob = 100

    /// Values per article: `uri`, then the `written` columns.
    static let valuesPerArticle = 1 + ArticleColumns.written.count

    /// Why a blob cannot be read back.
    struct Damaged: Error {}

    static func encode(_ articles: some Sequence<Article>) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(articles.underestimatedCount * 600)
        for article in articles {
            append(.text(article.id.rawValue), to: &bytes)
            for value in ArticleColumns.writtenValues(of: article) { append(value, to: &bytes) }
        }
        return bytes
    }

    static func decode(_ bytes: [UInt8]) throws(Damaged) -> [StoredArticle] {
        var reader = Reader(bytes: bytes)
        var articles: [StoredArticle] = []
        while !reader.atEnd {
            guard case .text(let uri) = try reader.value() else { throw Damaged() }
            var values: [DatabaseValue] = []
            values.reserveCapacity(valuesPerArticle - 1)
            for _ in 1..<valuesPerArticle { values.append(try reader.value()) }
            articles.append(StoredArticle(id: ArticleID(uri), values: values))
        }
        return articles
    }

    private static func append(_ value: DatabaseValue, to bytes: inout [UInt8]) {
        switch value {
        case .null:
            bytes.append(0)
        case .integer(let integer):
            bytes.append(1)
            withUnsafeBytes(of: integer.littleEndian) { bytes.append(contentsOf: $0) }
        case .real(let real):
            bytes.append(2)
            withUnsafeBytes(of: real.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        case .text(var text):
            bytes.append(3)
            text.withUTF8 { utf8 in
                appendLength(utf8.count, to: &bytes)
                bytes.append(contentsOf: utf8)
            }
        case .blob(let blob):
            bytes.append(4)
            appendLength(blob.count, to: &bytes)
            bytes.append(contentsOf: blob)
        }
    }

    private static func appendLength(_ length: Int, to bytes: inout [UInt8]) {
        var rest = UInt(length)
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// A position in a blob being read back.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index >= bytes.count }

        mutating func value() throws(Damaged) -> DatabaseValue {
            switch try byte() {
            case 0: return .null
            case 1: return .integer(Int64(bitPattern: try word()))
            case 2: return .real(Double(bitPattern: try word()))
            case 3: return .text(String(decoding: try run(), as: UTF8.self))
            case 4: return .blob(Array(try run()))
            default: throw Damaged()
            }
        }

        private mutating func byte() throws(Damaged) -> UInt8 {
            guard index < bytes.count else { throw Damaged() }
            index += 1
            return bytes[index - 1]
        }

        /// Eight bytes, least significant first.
        private mutating func word() throws(Damaged) -> UInt64 {
            guard index + 8 <= bytes.count else { throw Damaged() }
            var word: UInt64 = 0
            for offset in (0..<8).reversed() { word = word << 8 | UInt64(bytes[index + offset]) }
            index += 8
            return word
        }

        /// A length and that many bytes.
        private mutating func run() throws(Damaged) -> ArraySlice<UInt8> {
            var length = 0
            var shift = 0
            while true {
                let next = try byte()
                guard shift < 63 else { throw Damaged() }
                length |= Int(next & 0x7F) << shift
                shift += 7
                if next < 0x80 { break }
            }
            guard length <= bytes.count - index else { throw Damaged() }
            index += length
            return bytes[(index - length)..<index]
        }
    }
}
