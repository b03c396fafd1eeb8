import NewsCore

/// One line of the detail pane.
struct DetailLine: Hashable {
    var text: String
    var style: TextStyle
}

/// The detail of one article at one width — kicker, headline, byline, date and section, URL, then the lead
/// paragraph — made into lines only as far as they are shown: each field is made terminal-safe and wrapped
/// a few hundred characters at a time, so a huge lead paragraph costs what the pane shows of it, not its
/// length. Lines made once are kept.
struct DetailText {
    /// What `scrollLimit` says while the end is not made yet: the pane may scroll on, and the text is made
    /// up to where it goes (to the end, for End).
    static let unknownScrollLimit = Int(Int32.max)

    /// The article shown (equal ones loaded again replace it, so later comparisons are quick).
    var entry: ArticleEntry
    let width: Int
    /// Whether the web address is wrapped whole over as many lines as it takes, not cut to one.
    let wholeLink: Bool
    /// The lines made so far, from the top.
    private(set) var lines: [DetailLine] = []
    private var blocks: [Block]
    private var nextBlock = 0
    /// The field being wrapped.
    private var current: Paragraph?

    /// A piece of the detail: a field's text in a style, one line cut in the middle to fit, or an empty line.
    private enum Block {
        case text(String, TextStyle, uppercased: Bool)
        case line(String, TextStyle)
        case blank
    }

    init(entry: ArticleEntry, width: Int, dateFormat: ArticleDateFormat, wholeLink: Bool = false) {
        self.entry = entry
        self.width = width
        self.wholeLink = wholeLink
        let article = entry.article
        var blocks: [Block] = []
        if !article.kicker.isEmpty {
            blocks.append(.text(article.kicker, TextStyle(role: .accent), uppercased: true))
        }
        blocks.append(.text(article.title, TextStyle(bold: true), uppercased: false))
        blocks.append(.blank)
        if !article.byline.isEmpty {
            blocks.append(.text(article.byline, TextStyle(role: .muted), uppercased: false))
        }
        var facts = [dateFormat.string(from: article.publishedDate)]
        let section = [article.section, article.subsection].map(Section.displayName(forArticleSection:)).filter { !$0.isEmpty }
        if !section.isEmpty { facts.append(section.joined(separator: " › ")) }
        if entry.isSaved { facts.append("saved") }
        blocks.append(.text(facts.joined(separator: " · "), TextStyle(role: .muted), uppercased: false))
        if !article.url.isEmpty {
            // One line, so that selecting it with the mouse gives the address whole when it fits; `y` copies
            // it whole when it does not. Whole, over several lines, once no browser could open it.
            let style = TextStyle(role: .accent, underline: true)
            blocks.append(wholeLink ? .text(String(article.url.prefix(2_000)), style, uppercased: false) : .line(article.url, style))
        }
        blocks.append(.blank)
        blocks.append(.text(article.leadParagraph, .plain, uppercased: false))
        self.blocks = blocks
    }

    /// Whether every line is made.
    var isComplete: Bool { current == nil && nextBlock == blocks.count }

    /// How far a pane of `height` rows can scroll: exact once the text is complete.
    func scrollLimit(height: Int) -> Int {
        isComplete ? max(0, lines.count - height) : Self.unknownScrollLimit
    }

    /// Makes lines until there are `count` of them, or all there are.
    mutating func prepare(lineCount count: Int) {
        while lines.count < count {
            if current == nil {
                guard nextBlock < blocks.count else { return }
                defer { nextBlock += 1 }
                switch blocks[nextBlock] {
                case .blank:
                    lines.append(DetailLine(text: "", style: .plain))
                    continue
                case .line(let text, let style):
                    lines.append(
                        DetailLine(text: DisplayWidth.middle(String(text.prefix(2_000)).terminalSafe, fitting: width), style: style))
                    continue
                case .text(let text, let style, let uppercased):
                    current = Paragraph(text, style: style, uppercased: uppercased, width: width)
                }
            }
            if current?.wrapMore(into: &lines) == false { current = nil }
        }
    }
}

/// One field on its way into lines: its safe scalars read a chunk at a time, gathered into characters,
/// wrapped.
private struct Paragraph {
    /// Scalars read at a time.
    static let chunk = 512
    /// Scalars of one character carried over to the next chunk at most: a longer cluster (a pile of
    /// combining marks) is cut there rather than gathered whole again with every chunk.
    static let carriedScalars = 32

    let style: TextStyle
    let uppercased: Bool
    private var scalars: TerminalSafeScalars
    /// The last character read, which the next chunk may still continue.
    private var carried = String.UnicodeScalarView()
    private var wrap: WordWrap

    init(_ text: String, style: TextStyle, uppercased: Bool, width: Int) {
        self.style = style
        self.uppercased = uppercased
        self.scalars = TerminalSafeScalars(text)
        self.wrap = WordWrap(width: width)
    }

    /// Wraps the next chunk, appending the lines it completes; false when the field has ended.
    mutating func wrapMore(into lines: inout [DetailLine]) -> Bool {
        var chunk = carried
        carried = String.UnicodeScalarView()
        var ended = false
        for _ in 0..<Self.chunk {
            guard let scalar = scalars.next() else {
                ended = true
                break
            }
            chunk.append(scalar)
        }
        let text = String(chunk)
        var end = text.endIndex
        if !ended, !text.isEmpty {
            let last = text.index(before: text.endIndex)
            if text.unicodeScalars[last...].count <= Self.carriedScalars {
                end = last
                carried = String.UnicodeScalarView(text.unicodeScalars[last...])
            }
        }
        var made: [String] = []
        for character in text[..<end] {
            if uppercased {
                for upper in character.uppercased() { wrap.append(upper, to: &made) }
            } else {
                wrap.append(character, to: &made)
            }
        }
        if ended { wrap.finish(to: &made) }
        lines.append(contentsOf: made.map { DetailLine(text: $0, style: style) })
        return !ended
    }
}
