import Foundation
import NewsCore
import ReaderViewModel
import TerminalPictures
import TestSupport
import Testing

@_spi(Testing) @testable import TerminalUI

/// The detail pane's photo on the in-memory screen: where it goes, what it pushes down, what stands in
/// for it, and the bytes a graphics protocol's picture costs the terminal.
@Suite("The photo in the detail pane")
struct DetailPhotoTests {
    static let now = Date(timeIntervalSince1970: 1_763_600_000 + 3 * 3600)
    static let crop = PhotoCrop(url: "https://static01.nyt.com/images/scene-600x400.jpg", width: 600, height: 400)
    static let photo = ArticlePhoto(crops: [crop], caption: "A scene in the test fixtures.", credit: "The Fixture Maker")!

    static func articles() -> [Article] {
        (0..<3).map { index in
            var article = ArticleFactory.article(index, title: "Headline \(index)")
            if index != 1 { article.photo = photo }
            return article
        }
    }

    static func state(selection: Int = 0, phase: PhotoSlot.Phase?, screen: GridScreen) -> ReaderState {
        var state = ReaderState(feed: .topStories(.world))
        let articles = articles()
        state.count = articles.count
        state.selection = selection
        state.listHeight = FrameRenderer().listHeight(for: screen.size)
        state.window = ArticleWindow(start: 0, entries: articles.map { ArticleEntry(article: $0) })
        if let phase, let photo = articles[selection].photo {
            state.photo = PhotoSlot(article: articles[selection].id, photo: photo, crop: photo.crops[0], phase: phase)
        }
        return state
    }

    static func jpeg() throws -> [UInt8] { try PictureFixtures.bytes("scene-600x400.jpg") }

    static func renderer(_ graphicsProtocol: PictureProtocol, colors: SymbolColors = .palette, heightPercent: Int = 40) -> FrameRenderer {
        var renderer = FrameRenderer(timeZone: TimeZone(identifier: "UTC")!)
        renderer.pictures = DetailPictures(
            options: PictureOptions(graphicsProtocol: graphicsProtocol, heightPercent: heightPercent), symbolColors: colors, wake: {})
        return renderer
    }

    /// The cells of `screen` a picture in symbols covers.
    static func pictureCells(_ screen: GridScreen) -> [(row: Int, column: Int)] {
        (0..<screen.size.rows).flatMap { row in
            (0..<screen.size.columns).compactMap { column in screen.pictureColor(row: row, column: column) == nil ? nil : (row, column) }
        }
    }

    /// Draws `state`, waits for the renderings it started, and draws it again.
    @discardableResult
    static func settled(_ renderer: FrameRenderer, _ state: ReaderState, _ screen: GridScreen) -> FrameRenderer.Metrics {
        renderer.render(state, on: screen, now: now)
        let deadline = Date().addingTimeInterval(60)
        while renderer.pictures?.takeFinished() != true, Date() < deadline { usleep(1_000) }
        return renderer.render(state, on: screen, now: now)
    }

    // A 100 × 30 screen: the detail pane is 57 × 28 from row 1, column 42; 40 % of it is 11 rows, and a
    // 3:2 picture 11 rows of 20 pixels high is 33 columns of 10 wide.
    static let pane = (row: 1, column: 42, width: 57)

    @Test("Symbols: 33 × 11 colored cells at the pane's top left, the caption under them dim, the headline below")
    func symbols() throws {
        let screen = GridScreen(rows: 30, columns: 100)
        let renderer = Self.renderer(.symbols)
        let metrics = Self.settled(renderer, Self.state(phase: .loaded(try Self.jpeg()), screen: screen), screen)
        for row in 1...11 {
            for column in 42..<75 {
                guard let colors = screen.pictureColor(row: row, column: column) else {
                    Issue.record("no picture at row \(row), column \(column)")
                    return
                }
                for color in [colors.foreground, colors.background] {
                    if case .palette(let index) = color { #expect(index >= 16) } else { #expect(color == .terminalDefault) }
                }
            }
            #expect(screen.pictureColor(row: row, column: 75) == nil)
        }
        #expect(screen.pictureColor(row: 12, column: 42) == nil)
        #expect(screen.lines[12].hasSuffix("│ A scene in the test fixtures. · The Fixture Maker"))
        #expect(screen.style(row: 12, column: 42).dim)
        #expect(screen.lines[13].hasSuffix("│"))
        #expect(screen.lines[14].hasSuffix("│ Headline 0"))
        #expect(metrics.detailScrollLimit == 0)
    }

    @Test("Truecolor symbols carry 24-bit colors")
    func truecolor() throws {
        let screen = GridScreen(rows: 30, columns: 100)
        Self.settled(Self.renderer(.symbols, colors: .truecolor), Self.state(phase: .loaded(try Self.jpeg()), screen: screen), screen)
        guard case .rgb? = screen.pictureColor(row: 5, column: 50)?.background else {
            Issue.record("not a 24-bit color: \(String(describing: screen.pictureColor(row: 5, column: 50)))")
            return
        }
    }

    @Test("While the photo is on its way its room is kept: the headline does not move when it comes")
    func roomKept() throws {
        let screen = GridScreen(rows: 30, columns: 100)
        let renderer = Self.renderer(.symbols)
        renderer.render(Self.state(phase: .waiting, screen: screen), on: screen, now: Self.now)
        #expect(screen.lines[14].hasSuffix("│ Headline 0"))
        #expect(screen.lines[12].hasSuffix("│ A scene in the test fixtures. · The Fixture Maker"))
        #expect((1...11).allSatisfy { screen.pictureColor(row: $0, column: 50) == nil })
    }

    @Test("A photo that cannot be shown is one dim line; so are bytes that are no picture, once tried")
    func placeholders() throws {
        let screen = GridScreen(rows: 30, columns: 100)
        let renderer = Self.renderer(.symbols)
        renderer.render(Self.state(phase: .failed(.notFetched), screen: screen), on: screen, now: Self.now)
        #expect(screen.lines[1].hasSuffix("│ photo could not be shown"))
        #expect(screen.style(row: 1, column: 42).dim)
        #expect(screen.lines[3].hasSuffix("│ Headline 0"))
        renderer.render(Self.state(phase: .failed(.notKept), screen: screen), on: screen, now: Self.now)
        #expect(screen.lines[1].hasSuffix("│ photo not kept for offline reading"))
        renderer.render(Self.state(phase: .failed(.unreachable), screen: screen), on: screen, now: Self.now)
        #expect(screen.lines[1].hasSuffix("│ photo not shown: offline"))

        for fixture in ["html-as-jpeg.jpg", "truncated.jpg", "bomb-60000x60000.jpg", "bomb-60000x60000.png"] {
            let hostile = Self.state(phase: .loaded(try PictureFixtures.bytes(fixture)), screen: screen)
            Self.settled(Self.renderer(.symbols), hostile, screen)
            #expect(screen.lines[1].hasSuffix("│ photo could not be shown"), "\(fixture)")
            #expect(screen.lines[3].hasSuffix("│ Headline 0"), "\(fixture)")
        }
    }

    @Test("Picture libraries that cannot be loaded are named in the placeholder; any other failure is the plain one")
    func librariesMissing() {
        #expect(PhotoFailure(rendering: .libraryUnavailable("libchafa.so.0: cannot open shared object file")) == .librariesMissing)
        #expect(PhotoFailure.librariesMissing.message == "photos need libchafa0, libjpeg62-turbo and libpng16-16: install them")
        for error in [PictureError.truncated, .unrecognizedFormat, .tooManyPixels(width: 60_000, height: 60_000), .tooMuchMemory] {
            #expect(PhotoFailure(rendering: error) == .unreadable)
        }
    }

    @Test("An article without a photo, and a pane under 30 × 12, show none and ask for none")
    func noPhoto() throws {
        let wide = GridScreen(rows: 30, columns: 100)
        let renderer = Self.renderer(.symbols)
        renderer.render(Self.state(selection: 1, phase: nil, screen: wide), on: wide, now: Self.now)
        #expect(wide.lines[1].hasSuffix("│ Headline 1"))
        #expect(renderer.photoTarget(for: wide.size) == PhotoTarget(width: 456, height: 176))

        let short = GridScreen(rows: 13, columns: 100)  // a pane of 11 rows
        renderer.render(Self.state(phase: .loaded(try Self.jpeg()), screen: short), on: short, now: Self.now)
        #expect(short.lines[1].hasSuffix("│ Headline 0"))
        #expect(renderer.photoTarget(for: short.size) == nil)
        let narrow = GridScreen(rows: 30, columns: 79)  // stacked: a pane of 77 × 16
        #expect(renderer.photoTarget(for: narrow.size) != nil)
        #expect(renderer.photoTarget(for: GridScreen(rows: 30, columns: 31).size) == nil)  // 29 wide
        #expect(FrameRenderer().photoTarget(for: wide.size) == nil, "pictures off")
    }

    @Test("The photo's room: the pane's width and image_height_percent of its height, in panes from 30 × 12 on")
    func room() throws {
        let options = PictureOptions(graphicsProtocol: .symbols)
        #expect(options.maximumBox(in: Rect(row: 0, column: 0, height: 12, width: 30)) == CellBox(columns: 30, rows: 4))
        #expect(options.maximumBox(in: Rect(row: 0, column: 0, height: 11, width: 30)) == nil)
        #expect(options.maximumBox(in: Rect(row: 0, column: 0, height: 12, width: 29)) == nil)
        let quarter = PictureOptions(graphicsProtocol: .symbols, heightPercent: 25)
        #expect(quarter.maximumBox(in: Rect(row: 1, column: 42, height: 28, width: 57)) == CellBox(columns: 57, rows: 7))

        // 25 % of 28 rows is 7: the 3:2 picture is 7 rows (21 columns), the caption under it.
        let screen = GridScreen(rows: 30, columns: 100)
        Self.settled(Self.renderer(.symbols, heightPercent: 25), Self.state(phase: .loaded(try Self.jpeg()), screen: screen), screen)
        let cells = Self.pictureCells(screen)
        #expect(Set(cells.map(\.row)) == Set(1...7))
        #expect(Set(cells.map(\.column)) == Set(42..<63))
        #expect(screen.lines[8].hasSuffix("│ A scene in the test fixtures. · The Fixture Maker"))
        #expect(screen.lines[10].hasSuffix("│ Headline 0"))

        // A pane of exactly 30 × 12 (a 32 × 22 terminal, stacked: the detail under a list of 7 rows)
        // shows it; one row or one column less does not.
        for (rows, columns, shown) in [(22, 32, true), (21, 32, false), (22, 31, false)] {
            let small = GridScreen(rows: rows, columns: columns)
            let renderer = Self.renderer(.symbols)
            let detail = try #require(Layout(size: small.size).panes?.detail)
            let state = Self.state(phase: .loaded(try Self.jpeg()), screen: small)
            // Nothing is drawn in a pane too small: no rendering to wait for.
            if shown { Self.settled(renderer, state, small) } else { renderer.render(state, on: small, now: Self.now) }
            #expect(Self.pictureCells(small).isEmpty != shown, "\(columns) × \(rows): pane \(detail.width) × \(detail.height)")
            #expect((renderer.photoTarget(for: small.size) != nil) == shown)
        }
    }

    @Test("The photo stays inside the detail pane: never over the list, the header, the status line or an overlay")
    func staysInPane() throws {
        for (rows, columns) in [(30, 100), (40, 79), (50, 160)] {
            let screen = GridScreen(rows: rows, columns: columns)
            let renderer = Self.renderer(.symbols)
            var state = Self.state(phase: .loaded(try Self.jpeg()), screen: screen)
            Self.settled(renderer, state, screen)
            let detail = try #require(Layout(size: screen.size).panes?.detail)
            let cells = Self.pictureCells(screen)
            #expect(!cells.isEmpty)
            #expect(
                cells.allSatisfy {
                    (detail.row..<detail.row + detail.height).contains($0.row)
                        && (detail.column..<detail.column + detail.width).contains($0.column)
                },
                "\(columns) × \(rows)")

            state.overlay = .help
            renderer.render(state, on: screen, now: Self.now)
            // The box's corners (every character on screen here is one column and one UTF-16 unit).
            let lines = screen.lines.map { Array($0.utf16) }
            let title = Array("┌─ Keys".utf16)
            func column(of pattern: [UInt16], in line: [UInt16], from start: Int = 0) -> Int? {
                guard line.count >= pattern.count, start <= line.count - pattern.count else { return nil }
                return (start...(line.count - pattern.count)).first { Array(line[$0..<$0 + pattern.count]) == pattern }
            }
            let top = try #require(lines.firstIndex { column(of: title, in: $0) != nil })
            let left = try #require(column(of: title, in: lines[top]))
            let right = try #require(column(of: Array("┐".utf16), in: lines[top], from: left))
            let bottom = try #require((top + 1..<lines.count).first { lines[$0].count > left && lines[$0][left] == "└".utf16.first })
            let covered = Self.pictureCells(screen).filter { (top...bottom).contains($0.row) && (left...right).contains($0.column) }
            #expect(covered.isEmpty, "\(columns) × \(rows): picture cells under the help")
        }
    }

    @Test("Caption and credit are one dim line, cut to the pane; the headline stays where it was")
    func longCaption() throws {
        let screen = GridScreen(rows: 30, columns: 100)
        var state = Self.state(phase: .loaded(try Self.jpeg()), screen: screen)
        state.photo?.photo.caption = String(repeating: "A very long caption. ", count: 20) + "\u{1B}]2;title\u{07}"
        Self.settled(Self.renderer(.symbols), state, screen)
        #expect(screen.lines[12].hasSuffix("│ A very long caption. A very long caption. A very long ca…"))
        #expect((42..<99).allSatisfy { screen.style(row: 12, column: $0).dim })
        #expect(screen.lines[13].hasSuffix("│"))
        #expect(screen.lines[14].hasSuffix("│ Headline 0"))
    }

    @Test("After a resize the photo is drawn again for the new pane")
    func resized() throws {
        let screen = GridScreen(rows: 30, columns: 100)
        let renderer = Self.renderer(.symbols)
        Self.settled(renderer, Self.state(phase: .loaded(try Self.jpeg()), screen: screen), screen)
        #expect(Set(Self.pictureCells(screen).map(\.column)) == Set(42..<75))
        // 140 × 40: the pane is 81 × 38 from column 58; 40 % is 15 rows, 45 columns at 3:2.
        screen.resize(rows: 40, columns: 140)
        Self.settled(renderer, Self.state(phase: .loaded(try Self.jpeg()), screen: screen), screen)
        let cells = Self.pictureCells(screen)
        #expect(Set(cells.map(\.row)) == Set(1...15))
        #expect(Set(cells.map(\.column)) == Set(58..<103))
        #expect(screen.lines[18].hasSuffix("│ Headline 0"))
    }

    @Test("Scrolled, the photo goes up with the text; the limit counts its lines")
    func scrolls() throws {
        let screen = GridScreen(rows: 30, columns: 100)
        let renderer = Self.renderer(.symbols)
        var state = Self.state(phase: .loaded(try Self.jpeg()), screen: screen)
        state.window.entries[0].article.leadParagraph = String(repeating: "Many words in a paragraph. ", count: 80)
        let metrics = Self.settled(renderer, state, screen)
        #expect(metrics.detailScrollLimit > 13)
        state.detailScroll = 5
        renderer.render(state, on: screen, now: Self.now)
        #expect((1...6).allSatisfy { screen.pictureColor(row: $0, column: 50) != nil })
        #expect(screen.pictureColor(row: 7, column: 50) == nil)
        #expect(screen.lines[7].hasSuffix("│ A scene in the test fixtures. · The Fixture Maker"))
        #expect(screen.lines[9].hasSuffix("│ Headline 0"))
    }

    @Test("A photo drawn once is drawn again at once when its article comes back, before its bytes do")
    func keptRendering() throws {
        let screen = GridScreen(rows: 30, columns: 100)
        let renderer = Self.renderer(.symbols)
        Self.settled(renderer, Self.state(phase: .loaded(try Self.jpeg()), screen: screen), screen)
        renderer.render(Self.state(selection: 1, phase: nil, screen: screen), on: screen, now: Self.now)
        #expect(screen.pictureColor(row: 5, column: 50) == nil)
        renderer.render(Self.state(phase: .waiting, screen: screen), on: screen, now: Self.now)
        #expect(screen.pictureColor(row: 5, column: 50) != nil)
        #expect(renderer.pictures?.takeFinished() == false)
    }

    // MARK: - Graphics protocols

    static func escapes(_ graphicsProtocol: PictureProtocol) throws -> [UInt8] {
        let renderer = PictureRenderer(cellSize: .fallback)
        guard
            case .graphics(let picture) = try renderer.render(
                encoded: try jpeg(), in: CellBox(columns: 57, rows: 11), as: graphicsProtocol)
        else { throw PictureError.corrupt("not graphics") }
        #expect(picture.box == CellBox(columns: 33, rows: 11))
        return picture.escapes
    }

    /// ESC 7, the cursor to row 2, column 43 (the pane's top left), the escapes, ESC 8.
    static func placed(_ escapes: [UInt8]) -> [UInt8] {
        [0x1B, 0x37] + Array("\u{1B}[2;43H".utf8) + escapes + [0x1B, 0x38]
    }

    static let kittyDelete = Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8)

    @Test(
        "Kitty: written once after the text, with the cursor placed and put back; deleted when the article changes, under an overlay and at the end"
    )
    func kitty() throws {
        let screen = GridScreen(rows: 30, columns: 100)
        let renderer = Self.renderer(.kitty)
        let state = Self.state(phase: .loaded(try Self.jpeg()), screen: screen)
        Self.settled(renderer, state, screen)
        let escapes = try Self.escapes(.kitty)
        #expect(String(decoding: escapes.prefix(40), as: UTF8.self).hasPrefix("\u{1B}_Ga=T,f=32,s=330,v=220,c=33,r=11"))
        #expect(screen.graphicsOutput == Self.placed(escapes))
        #expect((1...11).allSatisfy { screen.lines[$0].hasSuffix("│") }, "no text under the picture")
        #expect(screen.lines[14].hasSuffix("│ Headline 0"))

        renderer.render(state, on: screen, now: Self.now)
        #expect(screen.graphicsOutput == Self.placed(escapes), "an unchanged frame writes nothing")

        renderer.render(Self.state(selection: 1, phase: nil, screen: screen), on: screen, now: Self.now)
        #expect(screen.graphicsOutput == Self.placed(escapes) + Self.kittyDelete)

        renderer.render(state, on: screen, now: Self.now)
        var help = state
        help.overlay = .help
        renderer.render(help, on: screen, now: Self.now)
        #expect(screen.graphicsOutput == Self.placed(escapes) + Self.kittyDelete + Self.placed(escapes) + Self.kittyDelete)

        renderer.render(state, on: screen, now: Self.now)
        screen.resize(rows: 30, columns: 100)
        renderer.render(state, on: screen, now: Self.now)
        screen.stop()
        let cycle: [UInt8] = Self.placed(escapes) + Self.kittyDelete
        #expect(screen.graphicsOutput == cycle + cycle + cycle + cycle)
        #expect(screen.repaintedLines.isEmpty)
    }

    @Test("Sixel: written once after the text; taken off by repainting its lines when the article changes")
    func sixel() throws {
        let screen = GridScreen(rows: 30, columns: 100)
        let renderer = Self.renderer(.sixel)
        let state = Self.state(phase: .loaded(try Self.jpeg()), screen: screen)
        Self.settled(renderer, state, screen)
        let escapes = try Self.escapes(.sixel)
        #expect(String(decoding: escapes.prefix(20), as: UTF8.self).hasPrefix("\u{1B}P0;1;0q\"1;1;330;216"))
        #expect(screen.graphicsOutput == Self.placed(escapes))
        renderer.render(state, on: screen, now: Self.now)
        #expect(screen.graphicsOutput == Self.placed(escapes))
        renderer.render(Self.state(selection: 2, phase: .waiting, screen: screen), on: screen, now: Self.now)
        #expect(screen.graphicsOutput == Self.placed(escapes), "the same picture at the same place is not written again")
        renderer.render(Self.state(selection: 1, phase: nil, screen: screen), on: screen, now: Self.now)
        #expect(screen.repaintedLines == [1..<12])
        #expect(screen.graphicsOutput == Self.placed(escapes))
        screen.stop()
        #expect(screen.graphicsOutput == Self.placed(escapes))
    }

    @Test("Graphics never show scrolled: the picture goes as soon as its first line is off the pane")
    func graphicsScrolled() throws {
        let screen = GridScreen(rows: 30, columns: 100)
        let renderer = Self.renderer(.kitty)
        var state = Self.state(phase: .loaded(try Self.jpeg()), screen: screen)
        state.window.entries[0].article.leadParagraph = String(repeating: "Many words in a paragraph. ", count: 80)
        Self.settled(renderer, state, screen)
        state.detailScroll = 1
        renderer.render(state, on: screen, now: Self.now)
        #expect(screen.graphicsOutput == Self.placed(try Self.escapes(.kitty)) + Self.kittyDelete)
    }
}
