import CNcursesw
import FoundationEssentials
import NewsCore
import ReaderViewModel
import TestSupport

@_spi(Testing) @testable import TerminalUI

/// The key and mouse decoding: any bytes as what curses reads (characters, function keys, mouse reports,
/// terminal sizes), each decoded by `KeyDecoder.key`, routed as the reader routes keys (the prompt, the
/// search field, the key map, the pointer over the layout) into a reader showing a few articles, whose
/// frame is drawn on an in-memory screen of that size whenever the size changes and at the end (the reader
/// draws after every key; drawing less lets many more inputs run, and the drawing must cope with a state
/// the last frame did not measure, as it does after a refresh).
///
/// The keys read together go through `EscapeSequences` as the reader reads them: a batch ends at a new
/// screen size and at the end of the input, and the sequences it holds (or began in the batch before, a
/// few milliseconds earlier or later) come out as one key or none; no batch gives more keys than it took.
///
/// The input: three bytes for the screen's rows, columns and the feed's article count, then events, each a
/// tag byte and its operands: a character (3 bytes of code, typed as its bytes in UTF-8's layout), a
/// function key (2 bytes, from `KEY_MIN`), one to three mouse reports read together (1 byte of count, then
/// each: 2 bytes row, 2 column, 1 kind), a new screen size
/// (2 bytes, rows and columns, then 1 byte of tens of milliseconds until the next batch), or one byte (an
/// escape sequence's, or any other: bytes that are not UTF-8 are dropped as the reader drops them).
enum KeyTarget {
    private static let now = Date(timeIntervalSince1970: 1_763_600_000)
    nonisolated(unsafe) private static let renderer = FrameRenderer(timeZone: TimeZone(secondsFromGMT: 0))
    private static let keyMap = KeyMap()

    /// Where the batches' times start: fixed, so that an input always runs the same way.
    private static let start = ContinuousClock.now

    static let target = FuzzTarget(name: "keys") { bytes in
        var input = ByteReader(bytes)
        var size = screenSize(&input)
        var reader = Reader(articleCount: Int(input.byte() % 64))
        reader.draw(size)
        var sequences = EscapeSequences()
        var text = UTF8Input()
        var batch: [Key] = []
        var elapsed = Duration.zero
        func endBatch() {
            let keys = sequences.keys(from: batch, at: start + elapsed)
            FuzzCheck.require(keys.count <= batch.count, "\(batch.count) keys read gave \(keys.count)")
            for key in keys { reader.handle(key, size: size) }
            batch.removeAll()
        }
        while !input.isAtEnd {
            let tag = input.byte()
            let keys: [Key]
            switch tag % 5 {
            case 0:
                // A character's code, typed as its bytes in UTF-8's layout (surrogates and codes past
                // U+10FFFF too).
                keys = CodePointBytes.utf8Layout(input.integer(bytes: 3)).flatMap { byte in
                    KeyDecoder.keys(input: Int32(byte), text: &text, mouse: { [] })
                }
            case 1:
                keys = KeyDecoder.keys(input: KEY_MIN + Int32(input.integer(bytes: 2) % 512), text: &text, mouse: { [] })
            case 2:
                let reports = (0...input.byte() % 3).map { _ in
                    KeyDecoder.MouseReport(
                        row: Int32(Int16(truncatingIfNeeded: input.integer(bytes: 2))),
                        column: Int32(Int16(truncatingIfNeeded: input.integer(bytes: 2))), kind: Int32(input.byte() % 5)
                    )
                }
                keys = KeyDecoder.keys(input: KEY_MOUSE, text: &text, mouse: { reports })
                let cells = keys.compactMap { key in if case .mouse(let event) = key { [event.row, event.column] } else { nil } }
                let expected = reports.filter { (1...3).contains($0.kind) }.map { [Int($0.row), Int($0.column)] }
                FuzzCheck.require(cells == expected && cells.count == keys.count, "mouse reports \(reports) gave \(keys)")
            case 3:
                endBatch()
                size = screenSize(&input)
                elapsed += .milliseconds(10 * Int(input.byte()))
                reader.draw(size)
                keys = []
            default:
                keys = KeyDecoder.keys(input: Int32(input.byte()), text: &text, mouse: { [] })
            }
            for key in keys {
                check(key)
                batch.append(key)
            }
        }
        endBatch()
        reader.draw(size)
    }

    /// Up to 47 rows and 159 columns: every layout, and a frame small enough to draw often.
    private static func screenSize(_ input: inout ByteReader) -> ScreenSize {
        ScreenSize(rows: Int(input.byte() % 48), columns: Int(input.byte() % 160))
    }

    /// A decoded key can be named in the config file by the label `nytreader config` shows (a mouse key
    /// keeps its report's cell: checked where it is read).
    private static func check(_ key: Key) {
        switch key {
        case .mouse, .resize:
            break
        default:
            FuzzCheck.require(
                Key(name: key.plainLabel) == key, "\(key) is shown as \(key.plainLabel.debugDescription), which names another key")
        }
    }

    /// A reader as `TerminalApp` runs it, its cache reads answered from `articleCount` made-up articles.
    private struct Reader {
        var model = ReaderViewModel(feed: .topStories(.world), now: { KeyTarget.now })
        let articleCount: Int
        let screen = GridScreen(rows: 0, columns: 0)

        init(articleCount: Int) {
            self.articleCount = articleCount
            run(model.start())
        }

        /// What `TerminalApp.handle` does with a key.
        mutating func handle(_ key: Key, size: ScreenSize) {
            switch key {
            case .resize, .control("z"):
                return
            case .mouse(let event):
                let target = event.target(in: Layout(size: size))
                if case .listRow(let row) = target {
                    FuzzCheck.require(row >= 0 && row < (Layout(size: size).listRect?.height ?? 0), "list row \(row) of \(size)")
                }
                switch event.kind {
                case .press: run(model.click(target))
                case .wheelUp: run(model.wheel(target, steps: -1))
                case .wheelDown: run(model.wheel(target, steps: 1))
                }
                return
            default:
                break
            }
            switch KeyRoute.of(key, in: model.state, keyMap: KeyTarget.keyMap) {
            case .interrupt, .action(.quit), .ignored: break
            case .edit(let edit): run(model.edit(edit))
            case .trend(let trendKey): run(model.handle(trendKey))
            case .action(let action): run(model.handle(action))
            }
            let state = model.state
            if state.count > 0 && state.overlay == nil {
                FuzzCheck.require((0..<state.listRowCount).contains(state.selection), "selection \(state.selection) of \(state.count)")
                FuzzCheck.require(state.top <= state.selection, "the list starts at \(state.top), below the selection \(state.selection)")
            }
        }

        /// What `TerminalApp.draw` does: the view-model learns the layout's heights, then the frame is drawn.
        mutating func draw(_ size: ScreenSize) {
            screen.resize(rows: size.rows, columns: size.columns)
            run(model.setListHeight(KeyTarget.renderer.listHeight(for: size)))
            model.setDetailHeight(KeyTarget.renderer.detailHeight(for: size))
            model.setPickerHeight(KeyTarget.renderer.pickerHeight(for: size))
            let metrics = KeyTarget.renderer.render(model.state, on: screen, now: KeyTarget.now)
            model.setDetailScrollLimit(metrics.detailScrollLimit)
        }

        /// Answers the cache reads among `effects` (and the reads those answers ask for) as the service would.
        mutating func run(_ effects: [Effect]) {
            var queue = effects
            var answered = 0
            while !queue.isEmpty, answered < 100 {
                let effect = queue.removeFirst()
                answered += 1
                switch effect {
                case .loadFeed(let feed, let filter, _):
                    let count = feed == .topStories(.world) ? articleCount : 0
                    queue += model.apply(
                        .feedLoaded(feed, FeedStatus(feed: feed, count: count), filter: filter, rowCount: count, anchorPosition: nil))
                case .loadEntries(let feed, _, let range, let generation):
                    let count = feed == .topStories(.world) ? articleCount : 0
                    let rows = range.clamped(to: 0..<count).map { ArticleEntry(article: ArticleFactory.article($0)) }
                    let window = ArticleWindow(start: range.lowerBound, entries: rows)
                    queue += model.apply(.entriesLoaded(feed, window, requested: range, generation: generation))
                default:
                    break
                }
            }
        }
    }
}

/// Reads an input's bytes front to back; past the end every byte is 0.
struct ByteReader {
    private let bytes: UnsafeRawBufferPointer
    private var index = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index >= bytes.count }

    mutating func byte() -> UInt8 {
        defer { index += 1 }
        return index < bytes.count ? bytes[index] : 0
    }

    /// A little-endian unsigned integer of `count` bytes (at most 4).
    mutating func integer(bytes count: Int) -> UInt32 {
        (0..<count).reduce(0) { value, shift in value | UInt32(byte()) << (8 * shift) }
    }
}
